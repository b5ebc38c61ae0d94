/**
 * The favourites list that travels: one WhatsApp message with every saved title
 * and link, and a /favoritos link carrying the list itself (in the URL's fragment, so it never
 * reaches a server or a log), which another phone opens with no account and no back end.
 */
import { whatsappShareLink } from './contact/whatsapp.ts';
import { type Favourite, favouriteKey, MAX_FAVOURITES, MAX_TITLE_CHARS, toFavourite } from './favourite.ts';

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

/** This site's own image files: one file of Astro's output folder, with an image's extension. */
const OWN_IMAGE = /^\/_astro\/[\w-][\w.-]*\.(?:avif|webp|png|jpe?g|gif|svg)$/;

/** A shared list as it is shown: the entries that are items of this site, and how many rows were not. */
export interface SharedList {
  items: Favourite[];
  /** Rows left out: not an item of this site (kind, id and path that do not make one of its pages), a title too long. */
  leftOut: number;
}

/** What the shared list says of the rows it left out ('1 item da lista foi deixado de fora: …'), or null. */
export function leftOutNote(leftOut: number): string | null {
  if (leftOut === 0) return null;
  return leftOut === 1
    ? '1 item da lista foi deixado de fora: não é uma página deste portal.'
    : `${leftOut} itens da lista foram deixados de fora: não são páginas deste portal.`;
}

/**
 * The list a fragment carries. A link can come from anyone, so every row is checked against the
 * site's routes (toFavourite: a known kind, an id that is a page address, the path exactly the one
 * that kind and id give) and the link shown is rebuilt from kind and id; a title longer than the
 * store keeps (MAX_TITLE_CHARS) was not written by this site and leaves its row out; an image is
 * kept only when it is one of this site's own files (`/_astro/…`). Anything unreadable gives an
 * empty list.
 */
export function decodeSharedList(value: string | null | undefined): SharedList {
  const none: SharedList = { items: [], leftOut: 0 };
  if (!value) return none;
  let rows: unknown;
  try {
    rows = JSON.parse(fromBase64Url(value));
  } catch {
    return none;
  }
  if (!Array.isArray(rows)) return none;
  const max = Math.min(MAX_SHARED_ITEMS, MAX_FAVOURITES);
  const seen = new Set<string>();
  const list: SharedList = { items: [], leftOut: Math.max(0, rows.length - max) };
  for (const row of rows.slice(0, max)) {
    const [kind, id, title, image, path] = Array.isArray(row) ? row : [];
    const favourite =
      typeof title === 'string' && title.trim().length <= MAX_TITLE_CHARS
        ? toFavourite({ kind, id, title, image: typeof image === 'string' && OWN_IMAGE.test(image) ? image : null, path })
        : null;
    if (!favourite) {
      list.leftOut += 1;
      continue;
    }
    if (seen.has(favouriteKey(favourite))) continue;
    seen.add(favouriteKey(favourite));
    list.items.push(favourite);
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
  return whatsappShareLink(whatsAppText(list, siteUrl, businessName));
}
