/**
 * A third-party frame (map, Spotify player) that loads only when the visitor asks: the static
 * placeholder passed as children stays until its `[data-embed-trigger]` button ('Mostrar mapa',
 * 'Ouvir aqui') is pressed. That button is hidden in the markup and shown here, so a visitor
 * without JavaScript sees only the placeholder and its plain links.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';

interface Props {
  src: string;
  /** The frame's accessible name, e.g. 'Mapa: Av. Beira Rio...'. */
  title: string;
  /** Class of the wrapper, which sizes the frame. */
  className?: string;
  /** The frame's permissions policy (the player's autoplay, encrypted media...). */
  allow?: string;
  children?: ReactNode;
}

export default function EmbedOnRequest({ src, title, className, allow, children }: Props) {
  const [isShown, setShown] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    // The pressed button is gone: the focus goes to the frame that replaced it.
    if (isShown) {
      frameRef.current?.focus();
      return;
    }
    const trigger = rootRef.current?.querySelector<HTMLButtonElement>('[data-embed-trigger]');
    if (!trigger) return;
    const show = () => setShown(true);
    trigger.hidden = false;
    trigger.addEventListener('click', show);
    return () => trigger.removeEventListener('click', show);
  }, [isShown]);

  return (
    <div ref={rootRef} className={className} data-embed-shown={isShown || undefined}>
      {isShown ? (
        <iframe
          ref={frameRef}
          src={src}
          title={title}
          allow={allow}
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        children
      )}
    </div>
  );
}
