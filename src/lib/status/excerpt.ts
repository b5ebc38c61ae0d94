/**
 * Upstream text as the editors' reports quote it: a record's name, an id that is no page address, a
 * refused value, another city's name. Whoever can write at a source writes it, and /status is a public
 * page on the city's domain, so an excerpt is short, holds no invisible or direction-changing
 * character, and no address a reader could follow: it names what to fix, and cannot carry a message.
 * The sync quotes notes this way in status.json, its log and the job summary
 * (scripts/sync/notes.ts); /status quotes them this way again, for a status.json written before.
 */
import { cutText, withoutHiddenCharacters } from '../text.ts';

/** The longest excerpt, '…' included: enough to recognise a title, too short for a paragraph. */
export const EXCERPT_CHARS = 60;

/** An address with a scheme (`https://…`, `ftp://…`) or starting with `www.`, up to a space, a quote or a bracket. */
const ADDRESS = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s"'<>“”«»()[\]]+/giu;

/** A host name in running text: lower-case labels joined by dots, the last one letters ('golpe.example', 'x.com.br', an e-mail's domain). */
const HOST = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b/gu;

/** The host of an address alone, lower-cased ('https://Golpe.example/pix?x=1' → 'golpe.example'); what follows a host tells an editor nothing. */
function hostOf(address: string): string {
  const url = URL.parse(/^www\./i.test(address) ? `https://${address}` : address);
  if (url?.hostname) return url.hostname;
  return (address.split('://')[1] ?? address).split(/[/?#@:]/)[0]?.toLowerCase() ?? '';
}

/** Every host in `text` made unlinkable, its dots written '[.]' ('golpe[.]example'), as security advisories write them. */
function unlinkable(text: string): string {
  return text.replace(ADDRESS, hostOf).replace(HOST, (host) => host.replaceAll('.', '[.]'));
}

/**
 * `text` as a report quotes it: control, bidi and invisible characters removed (withoutHiddenCharacters),
 * white space made one space, each address reduced to its host and made unlinkable, cut to
 * EXCERPT_CHARS with '…'. An excerpt of an excerpt is the same excerpt.
 */
export function excerpt(text: string): string {
  return cutText(unlinkable(withoutHiddenCharacters(text).replace(/\s+/g, ' ').trim()), EXCERPT_CHARS);
}
