import { shareLabel } from '../lib/share.ts';

/**
 * A card's share button, with the markup of ShareButton.astro: the page's delegated share
 * enhancer (share-buttons.ts) opens the share sheet or copies the link and fills the status.
 */
export default function ShareButton({ url, title }: { url: string; title: string }) {
  const label = shareLabel(navigator);
  return (
    <span className="share-action">
      <button
        type="button"
        className="share-button"
        data-share-url={url}
        data-share-title={title}
        aria-label={`${label}: ${title}`}
      >
        <span data-share-text>{label}</span>
      </button>
      <span className="share-status" role="status" data-share-status />
    </span>
  );
}
