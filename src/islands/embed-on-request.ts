/**
 * Third-party frames (the map, the Spotify player) that load only when the visitor asks, run by
 * EmbedOnRequest.astro's module: each `[data-embed]` keeps its static placeholder until its
 * `[data-embed-trigger]` button ('Mostrar mapa', 'Ouvir aqui') is pressed. That button is hidden in
 * the markup and shown here, so a visitor without JavaScript sees only the placeholder and its plain
 * links.
 */
import { dataJson } from './browser.ts';

/** The frame a placeholder stands for (EmbedOnRequest.astro's `data-embed`). */
export interface EmbedFrame {
  src: string;
  /** The frame's accessible name, e.g. 'Mapa: Av. Beira Rio...'. */
  title: string;
  /** The frame's permissions policy (the player's autoplay, encrypted media...). */
  allow?: string;
}

/** The frame of a placeholder, or null when its data is not one. */
function frameOf(root: HTMLElement): EmbedFrame | null {
  const frame = dataJson(root, 'embed') as Partial<EmbedFrame> | null;
  return typeof frame?.src === 'string' && frame.src && typeof frame.title === 'string'
    ? { src: frame.src, title: frame.title, ...(frame.allow ? { allow: frame.allow } : {}) }
    : null;
}

/** Shows the trigger of one placeholder; pressed, the frame replaces the placeholder and takes the focus. */
export function startEmbed(root: HTMLElement): void {
  const frame = frameOf(root);
  const trigger = root.querySelector<HTMLButtonElement>('[data-embed-trigger]');
  if (!frame || !trigger) return;
  trigger.hidden = false;
  trigger.addEventListener('click', () => {
    const iframe = document.createElement('iframe');
    iframe.src = frame.src;
    iframe.title = frame.title;
    if (frame.allow) iframe.allow = frame.allow;
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    iframe.allowFullscreen = true;
    root.replaceChildren(iframe);
    root.dataset.embedShown = 'true';
    // The pressed button is gone: the focus goes to the frame that replaced it.
    iframe.focus();
  });
}

/** Every placeholder of the page. */
export function startEmbeds(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-embed]')) startEmbed(root);
}
