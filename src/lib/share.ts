/**
 * Sharing a page from a card or an article: the system share sheet (Web Share API) where the
 * browser has one, else the link copied to the clipboard. Takes the navigator as an argument so
 * the decision is a pure, tested function.
 */

import { whatsappShareLink } from './contact/whatsapp.ts';

/** What happened: shared through the sheet, link copied, sheet closed by the visitor, or nothing worked. */
type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The parts of `navigator` sharing uses. */
export interface ShareNavigator {
  share?: (data: { title?: string; url?: string }) => Promise<void>;
  canShare?: (data: { title?: string; url?: string }) => boolean;
  clipboard?: { writeText: (text: string) => Promise<void> };
}

/** Whether the browser offers a share sheet for a link (else the button copies the link). */
export function canUseShareSheet(nav: ShareNavigator | undefined, url = 'https://example.org/'): boolean {
  if (!nav || typeof nav.share !== 'function') return false;
  try {
    return typeof nav.canShare !== 'function' || nav.canShare({ url });
  } catch {
    return false;
  }
}

/** The button's label: 'Compartilhar' with a share sheet, 'Copiar link' without. */
export function shareLabel(nav: ShareNavigator | undefined): string {
  return canUseShareSheet(nav) ? 'Compartilhar' : 'Copiar link';
}

/** The text the status line shows after an outcome ('' when there is nothing to say). */
export function shareMessage(outcome: ShareOutcome): string {
  if (outcome === 'copied') return 'Link copiado';
  if (outcome === 'failed') return 'Não foi possível copiar o link';
  return '';
}

/**
 * Shares `url` through the share sheet, else copies it. A visitor closing the sheet is
 * 'cancelled' (AbortError), not an error; a sheet refused for another reason falls back to copying.
 */
export async function shareOrCopy(nav: ShareNavigator | undefined, data: { title: string; url: string }): Promise<ShareOutcome> {
  if (nav && canUseShareSheet(nav, data.url) && nav.share) {
    try {
      await nav.share({ title: data.title, url: data.url });
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
    }
  }
  if (!nav?.clipboard) return 'failed';
  try {
    await nav.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

interface ShareLink {
  network: 'Facebook' | 'Twitter' | 'WhatsApp';
  href: string;
}

/** Plain share URLs (no SDK, nothing loaded until the visitor clicks). */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  return [
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}` },
    { network: 'WhatsApp', href: whatsappShareLink(`${title} ${url}`) },
  ];
}
