/**
 * Text helpers every page, island and the sync share: how two texts are compared regardless of
 * accents, case and spacing, how a count is written in Portuguese, and the city's label.
 */

/**
 * Lower case without accents, spaces trimmed and runs of white space made one, so 'Almoço ',
 * 'ALMOCO' and 'almoço' compare equal. Every combining mark goes (`\p{M}`), not only the
 * U+0300–U+036F block.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const PLURAL_RULES = new Intl.PluralRules('pt-BR');

/**
 * `one` or `other`, as Portuguese writes a word after `count`. Intl.PluralRules gives the singular
 * from 0 up to (not including) 2, so '1,5 estrela' as the norm writes it; zero takes the plural,
 * as Brazilians write it ('0 pessoas acharam útil').
 */
export function plural(count: number, one: string, other: string): string {
  return count !== 0 && PLURAL_RULES.select(count) === 'one' ? one : other;
}

/** The count in Portuguese notation and its word: '1 resultado', '1.234 resultados', '4,5 estrelas'. */
export function countLabel(count: number, one: string, other: string): string {
  return `${count.toLocaleString('pt-BR')} ${plural(count, one, other)}`;
}

/** 'N resultados' of the lists and the site search. */
export const resultCount = (count: number) => countLabel(count, 'resultado', 'resultados');

/** A rating as the visitor reads it: '5 estrelas', '4,5 estrelas', '1 estrela'. */
export const starsLabel = (rating: number) => countLabel(rating, 'estrela', 'estrelas');

/** How many people an offer is for: '1 pessoa', '2 pessoas'. */
export const peopleLabel = (people: number) => countLabel(people, 'pessoa', 'pessoas');

/** A size as Brazilians write it, in decimal units: '1,2 MB', '87 kB', '1,12 GB' (the gate's reasons, the files of /dados). */
export function bytesLabel(bytes: number): string {
  const [value, unit] =
    bytes >= 1e9 ? [bytes / 1e9, 'GB'] : bytes >= 1e6 ? [bytes / 1e6, 'MB'] : bytes >= 1e3 ? [bytes / 1e3, 'kB'] : [bytes, 'B'];
  return `${value.toLocaleString('pt-BR', { maximumSignificantDigits: 3 })} ${unit}`;
}

/**
 * A place as the visitor reads it: 'Barra do Bugres – MT', either part alone when the other is
 * missing, '' when both are. `isUnbreakable` joins with no-break spaces, so a heading never leaves
 * '– MT' alone on its line.
 */
export function placeLabel(place: { name: string; state: string }, { isUnbreakable = false } = {}): string {
  return [place.name.trim(), place.state.trim()].filter(Boolean).join(isUnbreakable ? '\u00a0–\u00a0' : ' – ');
}

/**
 * What XML 1.0 forbids in a document (its `Char` production): C0 controls but tab, line feed and
 * carriage return; U+FFFE and U+FFFF; surrogates not in a pair. One of them in a post title makes
 * /news/rss.xml unreadable to every feed reader, so no text of the snapshot may carry them.
 */
const XML_FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` without the characters XML 1.0 forbids (XML_FORBIDDEN); everything else as it was. */
export function withoutXmlForbidden(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

/**
 * The first `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair (an
 * emoji, a rare CJK character): half a pair is a character no XML document may hold.
 */
export function sliceWhole(text: string, max: number): string {
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) && /^[\udc00-\udfff]/.test(text.slice(max)) ? cut.slice(0, -1) : cut;
}
