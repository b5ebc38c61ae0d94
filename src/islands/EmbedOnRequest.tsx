/**
 * A third-party frame (the map, the Spotify player) that loads only when the visitor asks: the static
 * placeholder passed as children stays until its `[data-embed-trigger]` button ('Mostrar mapa', 'Ouvir
 * aqui') is pressed; then the frame takes its place and the focus. No frame and no request to the third
 * party before (the frames' hosts are the only ones the page's policy allows: src/integrations/csp.ts).
 *
 * Hydrated by `client:reach` (EmbedOnRequest.astro): React comes when the visitor first reaches into the
 * placeholder. The button is `.js-only`: shown where scripts run, so a press before React came is kept
 * and done once it runs (useEarlyActions); without JavaScript the placeholder and its links are all there is.
 */
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useEarlyActions } from './early-reach.ts';

/** The frame a placeholder stands for. */
export interface EmbedFrame {
  src: string;
  /** The frame's accessible name, e.g. 'Mapa: Av. Beira Rio...'. */
  title: string;
  /** The frame's permissions policy (the player's autoplay, encrypted media...). */
  allow?: string;
}

type Props = EmbedFrame & {
  /** Class of the wrapper, which sizes the frame. */
  className?: string | undefined;
  /** The placeholder, with its `[data-embed-trigger]` button. */
  children?: ReactNode;
};

export default function EmbedOnRequest({ src, title, allow, className, children }: Props) {
  const [isShown, setShown] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEarlyActions(rootRef);
  // The pressed button is gone: the focus goes to the frame that replaced it.
  useEffect(() => {
    if (isShown) frameRef.current?.focus();
  }, [isShown]);

  // The placeholder is static markup (the island's children): its button is found by what it is.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('[data-embed-trigger]')) setShown(true);
  };
  if (isShown) {
    return (
      <div ref={rootRef} className={className} data-embed-shown>
        <iframe
          ref={frameRef}
          src={src}
          title={title}
          allow={allow}
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the clicks of the placeholder's own button, which the keyboard presses.
    <div ref={rootRef} className={className} onClick={onClick}>
      {children}
    </div>
  );
}
