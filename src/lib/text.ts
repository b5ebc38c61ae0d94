/**
 * Text helpers every page, island and the sync share: how two texts are compared regardless of
 * accents, case and spacing, how a count is written in Portuguese, and the city's label.
 */

/** `text` without its accents: every combining mark goes (`\p{M}`), not only the U+0300–U+036F block. */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Lower case without accents, spaces trimmed and runs of white space made one, so 'Almoço ', 'ALMOCO' and 'almoço' compare equal. */
export function fold(text: string): string {
  return withoutAccents(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Made at the first plural, not when the module loads: a module that runs nothing on import is left out of a page that uses none of it. */
let pluralRules: Intl.PluralRules | undefined;

/**
 * `one` or `other`, as Portuguese writes a word after `count`. Intl.PluralRules gives the singular
 * from 0 up to (not including) 2, so '1,5 estrela' as the norm writes it; zero takes the plural,
 * as Brazilians write it ('0 pessoas acharam útil').
 */
export function plural(count: number, one: string, other: string): string {
  pluralRules ??= new Intl.PluralRules('pt-BR');
  return count !== 0 && pluralRules.select(count) === 'one' ? one : other;
}

/** The count in Portuguese notation and its word: '1 resultado', '1.234 resultados', '2,5 horas'. */
export function countLabel(count: number, one: string, other: string): string {
  return `${count.toLocaleString('pt-BR')} ${plural(count, one, other)}`;
}

/** 'N resultados' of the lists and the site search. */
export const resultCount = (count: number) => countLabel(count, 'resultado', 'resultados');

/**
 * A rating on 0–5 in words, the same scale as its stars: 'Nota dos visitantes 4,5 de 5' of an item;
 * `whose` says whose mark it is ('Nota' of one visitor's testimonial). Never 'N estrelas' beside an
 * item, which reads as a hotel's official class.
 */
export const visitorRatingLabel = (rating: number, whose = 'Nota dos visitantes') =>
  `${whose} ${rating.toLocaleString('pt-BR')} de 5`;

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
 * A role with the name the settings give it: 'atendimento ao turista (Secretaria Municipal de Turismo)',
 * the role alone without a name. The sentence writes the article of the role, whose gender it knows ('ao
 * atendimento', 'o atendimento'); a configured name's is unknown ('a Secretaria', 'o Centro'), so the name
 * never follows a preposition or an article of its own.
 */
export function namedRole(role: string, name: string | null | undefined): string {
  const named = name?.trim();
  return named ? `${role} (${named})` : role;
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

/**
 * Control and format characters: C0 and C1 controls, the bidi embeddings, overrides, isolates and
 * marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) that make a text read backwards,
 * zero-width spaces, the byte order mark, soft hyphens, line and paragraph separators.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** ZWNJ and ZWJ: format characters too, but they join emoji ('👨‍👩‍👧') and shape scripts, and draw nothing else. */
const JOINERS = '\u200c\u200d';

/**
 * `text` without control and format characters (HIDDEN): those that are white space (a tab, a line
 * break) become a space, the joiners stay, the others go. What the sync keeps of upstream text and
 * what a page keeps of a value from its address.
 */
export function withoutHiddenCharacters(text: string): string {
  return text.replace(HIDDEN, (char) => (/\s/.test(char) ? ' ' : JOINERS.includes(char) ? char : ''));
}

/** `text` cut to `max` characters, the last of them '…', when it is longer (never half an emoji). */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${sliceWhole(text, max - 1).trimEnd()}…` : text;
}

/**
 * `text` cut to at most `max` characters at the end of a word, the last of them '…', when it is longer:
 * 'Traga protetor solar…', never 'Traga protetor so…' nor a dangling comma ('…, …'). A first word
 * longer than `max` (a long address) is cut where it must (cutText).
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = sliceWhole(text, max - 1);
  // Where the next character is white space the cut is at a word's end already.
  const end = /\s/.test(text.charAt(kept.length)) ? kept.length : kept.search(/\s\S*$/);
  const words = end > 0 ? kept.slice(0, end).replace(/[\s.,;:!?…–-]+$/u, '') : '';
  return words ? `${words}…` : cutText(text, max);
}

/**
 * The most a page says of a text it takes from its address (a search, a filter's value): longer
 * than any search or option, and too short for the paragraph a crafted link would have the city's
 * own domain say ('ATENÇÃO: este site foi desativado pela Prefeitura… ligue…').
 */
export const MAX_ECHO_CHARS = 80;

/**
 * A text from the page's address as the page may show it: without control and bidi characters
 * (withoutHiddenCharacters: a right-to-left override would show it reversed), white space made one
 * space, cut to MAX_ECHO_CHARS with '…'.
 */
export function echoText(text: string, max: number = MAX_ECHO_CHARS): string {
  return cutText(withoutHiddenCharacters(text).replace(/\s+/g, ' ').trim(), max);
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** `text` with its character references decoded once ('&lt;b&gt;' → '<b>', '&#8211;' → '–'); an unknown one stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] === '#') {
      const value = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number.parseInt(code.slice(1), 10);
      return Number.isFinite(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : entity;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
  });
}

/** A tag (`<` then a letter, or `/` and a letter), a comment or a doctype (`<!`, `<?`), up to the next `>`. */
const TAG = /<\/?([a-z][a-z0-9-]*)[^<>]*>|<[!?][^<>]*>/gi;
/** Tags that end a line of text: what they leave between two words is a space. */
const BREAKING_TAGS = /^(?:br|p|div|li|ul|ol|h[1-6]|tr|td|th|blockquote|hr|dt|dd)$/i;
/** What is left of a tag that never closed ('<a href="https://…'). */
const TAG_START = /<(?=[!/?a-z])/gi;
/** Rounds of decoding: '&amp;lt;' takes two; a text encoded more times than this is left with its entities, which no reader runs. */
const DECODE_ROUNDS = 4;

/**
 * The words of a text that may carry markup, whole or as entities, for a place that would read the
 * markup (a calendar's description renders HTML): entities decoded (again while any is left, up to
 * DECODE_ROUNDS: '&amp;lt;a&amp;gt;' is '<a>'), then every tag removed ('<a href="…">Compre aqui</a>'
 * is 'Compre aqui'; a tag that breaks a line leaves a space) and what is left of an unclosed one,
 * then control and bidi characters, white space made one space. The caller cuts it after, so a cut
 * never leaves half a tag.
 */
export function plainText(text: string): string {
  let decoded = text;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    const next = decodeEntities(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  let stripped = decoded;
  for (let previous = ''; previous !== stripped; ) {
    previous = stripped;
    stripped = stripped.replace(TAG, (_, name: string | undefined) => (name && BREAKING_TAGS.test(name) ? ' ' : ''));
  }
  return withoutHiddenCharacters(stripped.replace(TAG_START, '')).replace(/\s+/g, ' ').trim();
}

/** `text` as a Markdown code span: fenced by more backticks than it holds in a row, padded when it starts or ends with one. */
export function codeSpan(text: string): string {
  const fence = '`'.repeat(Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length)) + 1);
  const padding = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${padding}${text}${padding}${fence}`;
}
