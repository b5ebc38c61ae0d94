/**
 * Brings the 'Compartilhar' buttons of static cards and articles to life: one delegated listener
 * for the page, which shares on the tap itself (the share sheet needs the tap's user activation; an
 * island per card would cost each card's HTML and React: docs/performance.md). The buttons are
 * static markup (`button[data-share-url]`, hidden until this runs, so a visitor without JavaScript
 * sees only the plain share links); with the Web Share API the button opens the system sheet, else
 * it copies the link and says 'Link copiado' in its status line.
 */
import { shareLabel, shareMessage, shareOrCopy } from '../lib/share.ts';
import { CARDS_ADDED_EVENT } from './browser.ts';

const SELECTOR = 'button[data-share-url]';
/** How long 'Link copiado' stays. */
const MESSAGE_MS = 4000;

const timers = new WeakMap<Element, number>();

function show(button: HTMLButtonElement): void {
  const label = shareLabel(navigator);
  const text = button.querySelector('[data-share-text]');
  if (text) text.textContent = label;
  // The name says what is shared, so a page of 'Copiar link' buttons is not ambiguous.
  button.setAttribute('aria-label', `${label}: ${button.dataset.shareTitle ?? document.title}`);
  button.hidden = false;
}

/** Shows every share button under `root`. */
function showShareButtons(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(SELECTOR)) show(button);
}

async function onClick(event: MouseEvent): Promise<void> {
  const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>(SELECTOR);
  const url = button?.dataset.shareUrl;
  if (!button || !url) return;
  event.preventDefault();
  const outcome = await shareOrCopy(navigator, { title: button.dataset.shareTitle ?? document.title, url });
  const status = button.parentElement?.querySelector('[data-share-status]');
  if (!status) return;
  status.textContent = shareMessage(outcome);
  window.clearTimeout(timers.get(status));
  timers.set(
    status,
    window.setTimeout(() => {
      status.textContent = '';
    }, MESSAGE_MS),
  );
}

document.addEventListener('click', onClick);
// Cards a list's or a portal's results draw from their other pages (ListResults.tsx, PortalResults.tsx) arrive with their
// buttons hidden, as static markup.
document.addEventListener(CARDS_ADDED_EVENT, () => showShareButtons());
showShareButtons();
