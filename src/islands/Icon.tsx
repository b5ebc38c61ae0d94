/**
 * An icon in a React island, drawn as Icon.astro draws it in a page (decorative: aria-hidden), from the
 * one set of paths (src/lib/icons.ts); the icons every card repeats come from the page's sprite.
 * Importing it brings every path into the island's chunk: an island that needs one or two icons may
 * pass them from the page instead.
 */
import { ICON_PATHS, type IconName, isInSprite, spriteId } from '../lib/icons.ts';

export default function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      {isInSprite(name) ? <use href={`#${spriteId(name)}`} /> : <path d={ICON_PATHS[name]} />}
    </svg>
  );
}
