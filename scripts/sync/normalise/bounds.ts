/**
 * Bounds on what one upstream record may weigh, applied before any parser or sanitiser sees it.
 *
 * DOMPurify on jsdom is quadratic in the nesting depth of its input and overflows the call stack
 * at a few thousand levels; a 5 MB description becomes a 5 MB page; a 200,000-photo gallery costs
 * 200,000 downloads. Each bound here is linear in the input, needs no DOM, and reports what it cut
 * so the sync's summary can say which record was repaired and how.
 */

import type { RecordContext } from './context.ts';

/** The limits, in one place. */
export const LIMITS = {
  /** Characters of any one string of a record (an HTML body, a title); longer ones are cut. */
  stringChars: 200_000,
  /** Elements open inside one another in an HTML field; deeper tags are removed, their text kept. */
  htmlDepth: 64,
  /** Entries of any one list of a record (tags, FAQ, attributes, terms, amenities). */
  listItems: 50,
  /** Photos of one gallery (`gallery`, `images`): each is downloaded and encoded in several widths. */
  galleryPhotos: 40,
  /** Images inside one HTML field; later ones are removed. */
  htmlImages: 40,
  /** Objects and lists inside one another in a record; deeper values are left out. */
  jsonDepth: 12,
} as const;

const GALLERY_KEYS = new Set(['gallery', 'images']);

/** `1234567` → '1,234,567', for the summary's lines. */
const count = (value: number) => value.toLocaleString('en-US');

/**
 * A copy of `record` with every string, list and nesting level within LIMITS, and one note per
 * cut ('description: 5,242,880 characters, cut to 200,000'). Never throws; iterative where the
 * input decides the depth.
 */
export function boundRecord(record: unknown, note: RecordContext['note']): unknown {
  const walk = (value: unknown, path: string, depth: number): unknown => {
    if (typeof value === 'string') return boundString(value, path, note);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= LIMITS.jsonDepth) {
      note(`${path || 'record'}: nested deeper than ${LIMITS.jsonDepth} levels, left out`, {
        ...(path ? { field: path } : {}),
        problem: 'nested-too-deep',
      });
      return undefined;
    }
    if (Array.isArray(value)) {
      const key = path.split('.').at(-1) ?? '';
      const limit = GALLERY_KEYS.has(key) ? LIMITS.galleryPhotos : LIMITS.listItems;
      if (value.length > limit)
        note(`${path}: ${count(value.length)} entries, kept the first ${limit}`, { field: path, problem: 'list-cut' });
      return value.slice(0, limit).map((item, index) => walk(item, `${path}[${index}]`, depth + 1));
    }
    // Object.fromEntries defines own properties: a '__proto__' key stays a plain key.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, walk(item, path ? `${path}.${key}` : key, depth + 1)]),
    );
  };
  return walk(record, '', 0);
}

function boundString(value: string, path: string, note: RecordContext['note']): string {
  let text = value;
  if (text.length > LIMITS.stringChars) {
    note(`${path}: ${count(text.length)} characters, cut to ${count(LIMITS.stringChars)}`, { field: path, problem: 'text-cut' });
    text = cutHtml(text, LIMITS.stringChars);
  }
  if (text.includes('<')) {
    const bounded = boundHtmlDepth(text);
    if (bounded.depth > LIMITS.htmlDepth) {
      note(`${path}: HTML nested ${count(bounded.depth)} levels deep, tags below level ${LIMITS.htmlDepth} removed`, {
        field: path,
        problem: 'html-too-deep',
      });
      text = bounded.html;
    }
  }
  return text;
}

/** At most `max` characters, cut before a tag rather than inside one (the parser closes what is open). */
export function cutHtml(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastOpen = cut.lastIndexOf('<');
  return lastOpen > cut.lastIndexOf('>') ? cut.slice(0, lastOpen) : cut;
}

/** Elements that never hold others. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is text up to their closing tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
/** An open element of these is closed by a new sibling of the same group, as the HTML parser does. */
const SELF_CLOSING_GROUPS: Record<string, string> = {
  p: 'p',
  li: 'li',
  dt: 'd',
  dd: 'd',
  tr: 'tr',
  td: 'cell',
  th: 'cell',
  option: 'option',
};
/** Block elements close an open <p>. */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'div',
  'dl',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);

/**
 * A comment, a CDATA section or a tag. No '<' or '>' inside a tag, quoted or not (an approximation
 * that only matters for depth counting): each attempt stops at the next '<', so the scan is linear
 * whatever the input (`<a "<a "<a "…` would otherwise be quadratic).
 */
const TAG =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)(?:[^<>"']|"[^"<>]*"|'[^'<>]*')*>/g;

/**
 * The HTML with every tag that would open below LIMITS.htmlDepth removed (with its closing tag),
 * the text kept; and the deepest level the markup reached. A linear scan that follows the HTML
 * parser's nesting closely enough to bound it: void elements, raw-text elements, implied end tags
 * of p/li/dt/dd/tr/td/th, close tags that close what is open inside them.
 */
export function boundHtmlDepth(html: string, maxDepth: number = LIMITS.htmlDepth): { html: string; depth: number } {
  const stack: { name: string; kept: boolean }[] = [];
  // Open elements by name: a close tag of an element that is not open costs nothing (no search).
  const open = new Map<string, number>();
  const push = (name: string, kept: boolean) => {
    stack.push({ name, kept });
    open.set(name, (open.get(name) ?? 0) + 1);
  };
  const pop = () => {
    const entry = stack.pop();
    if (entry) open.set(entry.name, (open.get(entry.name) ?? 1) - 1);
    return entry;
  };
  const lower = html.toLowerCase();
  const parts: string[] = [];
  let last = 0;
  let deepest = 0;
  const drop = (start: number, end: number) => {
    parts.push(html.slice(last, start));
    last = end;
  };
  const tags = new RegExp(TAG.source, 'g');
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    const [whole, closing, rawName] = match;
    if (!rawName) continue; // comment or CDATA
    const name = rawName.toLowerCase();
    const start = match.index;
    const end = start + whole.length;
    if (closing) {
      if (!open.get(name)) continue;
      // Closes every element opened inside it (amortised: each element is popped once).
      let entry = pop();
      while (entry && entry.name !== name) entry = pop();
      if (entry && !entry.kept) drop(start, end);
      continue;
    }
    if (VOID.has(name) || whole.endsWith('/>')) continue;
    const group = SELF_CLOSING_GROUPS[name];
    const top = stack.at(-1);
    if (top && ((group && SELF_CLOSING_GROUPS[top.name] === group) || (top.name === 'p' && CLOSES_P.has(name)))) pop();
    const kept = stack.length < maxDepth;
    push(name, kept);
    deepest = Math.max(deepest, stack.length);
    if (!kept) drop(start, end);
    if (RAW_TEXT.has(name)) {
      // Skip to the closing tag: what is inside is text, not markup.
      const close = lower.indexOf(`</${name}`, end);
      tags.lastIndex = close === -1 ? html.length : close;
    }
  }
  if (deepest <= maxDepth) return { html, depth: deepest };
  parts.push(html.slice(last));
  return { html: parts.join(''), depth: deepest };
}

/**
 * What an entry's page weighs beyond the entry's own text, in bytes, for estimatedPageBytes. Measured
 * on built pages (the sample site, and records made to be large: 190,000 CJK characters in each of
 * two fields, a 1,000-character title with 40 photos, 50 long FAQ answers, a post with 40 images):
 */
export const PAGE_WEIGHT = {
  /**
   * The page around one record (head, header, footer, menus, related cards, scripts): 37 to 61 kB
   * on the sample site and 87 kB at most with 1,000 items (`npm run bench`); taken with a margin.
   */
  chromeBytes: 120_000,
  /** One photo of a gallery or one image of an HTML field: a <picture> with its sources, its thumbnail and lightbox entry (about 1 to 1.7 kB). */
  imageBytes: 2_000,
  /**
   * Copies of the title or name on the page besides its own: <title>, <h1>, Open Graph, breadcrumbs,
   * JSON-LD and the page's cards (18 measured), plus one in the alt text of each photo.
   */
  titleCopies: 20,
} as const;

/** Keys whose text the page shows twice: the FAQ is on the page and in its FAQPage JSON-LD (src/lib/json-ld.ts). */
const SHOWN_TWICE = new Set(['faq']);

/**
 * Bytes of a string once on a page: its UTF-8 bytes, each '&', '<', '>' and '"' counted as the
 * entity it may become (`&amp;` is five bytes). A CJK character is three bytes: counting
 * characters let a 1.2 MB page through a limit meant for 1 MB.
 */
function pageBytesOf(text: string): number {
  let escapes = 0;
  for (let index = text.indexOf('&'); index !== -1; index = text.indexOf('&', index + 1)) escapes += 1;
  for (let index = text.indexOf('<'); index !== -1; index = text.indexOf('<', index + 1)) escapes += 1;
  for (let index = text.indexOf('>'); index !== -1; index = text.indexOf('>', index + 1)) escapes += 1;
  for (let index = text.indexOf('"'); index !== -1; index = text.indexOf('"', index + 1)) escapes += 1;
  return Buffer.byteLength(text, 'utf8') + 4 * escapes;
}

/**
 * A conservative estimate of the bytes of an entry's own page, as the deploy gate measures a page
 * (scripts/verify/sizes.ts): every string of the entry in UTF-8 bytes with its escapes, the FAQ
 * twice, the title or name once per copy the page makes of it, and the page's chrome and each
 * image's markup (PAGE_WEIGHT). The sync cannot render the page, so it errs on the large side:
 * URLs and ids the page does not show are counted too. Linear; entries are plain JSON values.
 */
export function estimatedPageBytes(entry: unknown): number {
  let text = 0;
  let images = 0;
  const stack: { value: unknown; key: string }[] = [{ value: entry, key: '' }];
  while (stack.length > 0) {
    const { value, key } = stack.pop() as { value: unknown; key: string };
    if (typeof value === 'string') {
      const bytes = pageBytesOf(value);
      text += SHOWN_TWICE.has(key) ? 2 * bytes : bytes;
      for (let index = value.indexOf('<img'); index !== -1; index = value.indexOf('<img', index + 1)) images += 1;
    } else if (Array.isArray(value)) {
      if (GALLERY_KEYS.has(key)) images += value.length;
      // Items inherit their list's key: a FAQ entry's question and answer are shown twice too.
      for (const item of value) stack.push({ value: item, key });
    } else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) stack.push({ value: item, key: SHOWN_TWICE.has(key) ? key : name });
    }
  }
  const { title, name } = (entry ?? {}) as { title?: unknown; name?: unknown };
  const label = typeof title === 'string' ? title : typeof name === 'string' ? name : '';
  const labelCopies = PAGE_WEIGHT.titleCopies + images;
  return PAGE_WEIGHT.chromeBytes + text + images * PAGE_WEIGHT.imageBytes + pageBytesOf(label) * labelCopies;
}
