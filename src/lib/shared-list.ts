/**
 * The favourites list that travels: one WhatsApp message with every saved title
 * and link, and a /favoritos link carrying the list itself (in the URL's fragment, so it never
 * reaches a server or a log), which another phone opens with no account and no back end.
 */
import { type Favourite, MAX_FAVOURITES, toFavourite } from '../stores/favourites.ts';

/** The fragment parameter of /favoritos that carries a shared list. */
export const SHARED_LIST_PARAM = 'lista';

/** At most this many items travel in one link (a long URL breaks in some messaging apps). */
export const MAX_SHARED_ITEMS = 50;

const toBase64Url = (text: string) => {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

const fromBase64Url = (value: string) => {
  const binary = atob(value.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
};

/** The list as the fragment's value: compact [kind, id, title, image, path] rows, base64url of their JSON. */
export function encodeSharedList(list: readonly Favourite[]): string {
  return toBase64Url(
    JSON.stringify(list.slice(0, MAX_SHARED_ITEMS).map((item) => [item.kind, item.id, item.title, item.image, item.path])),
  );
}

/**
 * The list a fragment carries, every entry validated like the stored list (toFavourite: known kind,
 * site path, https or site image); anything unreadable gives an empty list.
 */
export function decodeSharedList(value: string | null | undefined): Favourite[] {
  if (!value) return [];
  let rows: unknown;
  try {
    rows = JSON.parse(fromBase64Url(value));
  } catch {
    return [];
  }
  if (!Array.isArray(rows)) return [];
  const seen = new Set<string>();
  const list: Favourite[] = [];
  for (const row of rows.slice(0, Math.min(MAX_SHARED_ITEMS, MAX_FAVOURITES))) {
    if (!Array.isArray(row)) continue;
    const [kind, id, title, image, path] = row;
    const favourite = toFavourite({ kind, id, title, image, path });
    if (!favourite || seen.has(`${favourite.kind}:${favourite.id}`)) continue;
    seen.add(`${favourite.kind}:${favourite.id}`);
    list.push(favourite);
  }
  return list;
}

/** The shared list's fragment in a /favoritos URL, or null when it has none. */
export function sharedListFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get(SHARED_LIST_PARAM);
}

/** The /favoritos URL on `siteUrl` that opens `list` on another phone. */
export function sharedListUrl(list: readonly Favourite[], siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/favoritos#${SHARED_LIST_PARAM}=${encodeSharedList(list)}`;
}

/** The one WhatsApp message: a heading, then each saved item's title and absolute link. */
export function whatsAppText(list: readonly Favourite[], siteUrl: string, businessName: string): string {
  const origin = siteUrl.replace(/\/+$/, '');
  const lines = list.map((item) => `• ${item.title}\n${origin}${item.path}`);
  return [`Meus favoritos – ${businessName}:`, ...lines].join('\n\n');
}

/** The wa.me link that opens WhatsApp with the message ready to send to any contact. */
export function whatsAppUrl(list: readonly Favourite[], siteUrl: string, businessName: string): string {
  return `https://wa.me/?text=${encodeURIComponent(whatsAppText(list, siteUrl, businessName))}`;
}
