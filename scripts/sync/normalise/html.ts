/**
 * Upstream HTML, made safe once at sync time. Node only (DOMPurify on jsdom): pages and islands
 * receive the result, never raw upstream markup.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { classifyPhone, EMERGENCY_NUMBERS } from '../../../src/lib/contact/phone.ts';
import { withoutHiddenCharacters, withoutXmlForbidden } from '../../../src/lib/text.ts';
import { boundHtmlDepth, cutHtml, LIMITS } from './bounds.ts';
import { plainEmail, resolveHttpUrl } from './values.ts';

const { window } = new JSDOM('');
const purify = createDOMPurify(window);

/** Formatting a blog post or a provider description may use; nothing that runs, embeds or styles. */
const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
];
const ALLOWED_ATTR = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'colspan',
  'rowspan',
  'datetime',
  'cite',
  'lang',
  // In-page anchors (footnotes, tables of contents): kept under a namespace of their own.
  'id',
  'name',
];
const URL_ATTRS = new Set(['href', 'src', 'cite']);

/** http(s), mailto and tel, or a relative URL: nothing else survives in a URL attribute. */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/**
 * What href/src/cite may hold: an allowed scheme, or no scheme at all (no ':' before the first '/', '?'
 * or '#'). Stricter than SAFE_URL, which DOMPurify applies to every attribute and which lets through values
 * such as '\uFFFDjavascript:…' (a NUL after parsing), 'java\u00ADscript:…', '`javascript:…' or
 * 'javascript%3A…': relative URLs to a standards-compliant browser, but they still spell a foreign scheme.
 * It also covers `data:`, which DOMPurify lets through on images and cannot be told otherwise.
 */
const SAFE_URL_VALUE = /^(?:(?:https?|mailto|tel):|[^:/?#]*(?:[/?#]|$))/i;
const URL_INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202f\ufeff]+/g;

/** The value as written and %-decoded, invisible characters removed: both must pass SAFE_URL_VALUE. */
function isSafeUrlValue(value: string): boolean {
  const compact = value.replace(URL_INVISIBLE, '');
  let decoded = compact;
  try {
    decoded = decodeURIComponent(compact).replace(URL_INVISIBLE, '');
  } catch {
    // malformed %-escape: the value as written is what counts
  }
  return SAFE_URL_VALUE.test(compact) && SAFE_URL_VALUE.test(decoded);
}

/**
 * Ids of upstream HTML live under `uc-<hash>-`: they cannot clash with the page's own ids (or with
 * another field's), cannot clobber `document` properties, and a second pass keeps them as they are.
 */
const ANCHOR_NAMESPACE = /^uc-[0-9a-z]{6}-/;

/** The namespace of one call: set for the length of a synchronous sanitize, read by the hooks. */
let namespace = 'uc-000000-';

/** A short stable hash of the field, so two fields of one page get different namespaces. */
function namespaceOf(html: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < html.length; index += 1) hash = Math.imul(hash ^ html.charCodeAt(index), 0x01000193) >>> 0;
  return `uc-${hash.toString(36).padStart(6, '0').slice(-6)}-`;
}

/** An id as a fragment can name it, under this call's namespace: trimmed, inner whitespace as '-'; null when empty. */
function anchorId(value: string): string | null {
  const name = value.trim().replace(/\s+/g, '-').slice(0, 128);
  if (!name) return null;
  return ANCHOR_NAMESPACE.test(name) ? name : `${namespace}${name}`;
}

purify.addHook('uponSanitizeAttribute', (node, data) => {
  if (URL_ATTRS.has(data.attrName) && !isSafeUrlValue(data.attrValue)) {
    data.keepAttr = false;
    return;
  }
  if (data.attrName === 'id' || data.attrName === 'name') {
    const id = anchorId(data.attrValue);
    // `name` is an anchor only on <a> (old-style targets); anywhere else it is dropped.
    if (!id || (data.attrName === 'name' && node.nodeName !== 'A')) data.keepAttr = false;
    else data.attrValue = id;
  }
});

const CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  // <textarea> is RCDATA: its "content" is markup-as-text ('<script>…'), which KEEP_CONTENT would turn into
  // visible text (and into htmlToText output). DOMPurify already drops the contents of script, style, xmp,
  // iframe, noembed, noframes, noscript, plaintext and title.
  ADD_FORBID_CONTENTS: ['textarea'],
};

/** Where the HTML of a field comes from, so that its relative links and images can be resolved. */
interface SanitizeOptions {
  /**
   * The absolute http(s) URL the field's relative URLs are relative to: a post's own link (or the
   * blog's address), the city data API's address. Null (the embedded sample data): relative links are
   * unwrapped to their text, and site-relative images (`/sample-media/...`) are kept for the local
   * image cache.
   */
  baseUrl?: string | null;
  /**
   * Make a link of each phone number its text shows (linkPhoneNumbers): a number a tel: link can dial
   * (classifyPhone) becomes one, a public-service number ('190') only where its words present it as one.
   * The editors' pages (the visitor's guide) ask for it; posts and descriptions keep their text as written.
   */
  linkPhoneNumbers?: boolean;
}

/** True when `url` is `base` itself (another fragment of the same document). */
function isSameDocument(url: URL, base: string | null | undefined): boolean {
  const document = base ? URL.parse(base) : null;
  const key = (candidate: URL) => `${candidate.origin}${candidate.pathname.replace(/\/+$/, '')}${candidate.search}`;
  return document !== null && key(url) === key(document);
}

/** What a link of upstream HTML becomes on our page: an href, or null to keep only its text. */
function linkTarget(href: string, options: SanitizeOptions, ids: ReadonlySet<string>): string | null {
  const value = href.trim();
  const fragmentOf = (hash: string) => {
    const id = anchorId(decodeSafely(hash));
    return id && ids.has(id) ? `#${id}` : null;
  };
  if (value.startsWith('#')) return fragmentOf(value.slice(1));
  if (/^mailto:/i.test(value)) {
    // Only the address: a query would add recipients (`?bcc=`) or put words in the visitor's mouth.
    const address = plainEmail(decodeSafely(value.slice('mailto:'.length).split('?')[0] ?? ''));
    return address ? `mailto:${address}` : null;
  }
  const resolved = resolveHttpUrl(value, options.baseUrl);
  if (!resolved) return null;
  const url = new URL(resolved);
  if (url.hash && isSameDocument(url, options.baseUrl)) return fragmentOf(url.hash.slice(1));
  return resolved;
}

/**
 * A run of a text shaped like a phone number: at least seven digits and separators, an optional '+'
 * and '('. It starts at a '+', '(' or digit, never at a space: a run of spaces costs no backtracking.
 */
const PHONE_RUN = /(?:\+\s*)?\(?\d[\d\s().-]{5,}\d/g;

/**
 * Where a tel: link of upstream HTML dials: the number its words show, as every phone link of the
 * site reads one (classifyPhone), so a link reading '(65) 3361-1234' never dials another line. The
 * target as written when the words show that same number, or only its local part ('3223-1006' for
 * tel:+556532231006); null (the words kept, the link gone) when the words show no number a link can
 * dial ('Ligue agora', '3223-1006' to another number), or the target is none either.
 */
function telTarget(href: string, text: string): string | null {
  const target = classifyPhone(decodeSafely(href.trim().slice('tel:'.length)));
  // A public-service number is three digits, too short for a run: its words show it as a word of their own.
  if (target?.kind === 'emergency' && new RegExp(`(?<!\\d)${target.dial}(?!\\d)`).test(text)) return `tel:${target.dial}`;
  const shown = [...text.matchAll(PHONE_RUN)].map(([run]) => ({ run, number: classifyPhone(run) }));
  if (target && shown.some(({ number }) => number?.dial === target.dial)) return `tel:${target.dial}`;
  const first = shown.find(({ number }) => number !== null)?.number;
  if (first) return `tel:${first.dial}`;
  // A local number in the words, the target's own line with its area code: the target is what they mean.
  const local = shown.map(({ run }) => run.replace(/\D/g, '')).find((digits) => digits.length >= 8);
  return target && local && target.kind !== 'foreign' && target.dial.endsWith(local) ? `tel:${target.dial}` : null;
}

/** Elements whose text is never made a link: links themselves, code, and what the sanitiser keeps as a block of its own. */
const NOT_LINKED = 'a, code, pre';
/** What closes a run of text for the words around a number: a block of the page. */
const BLOCKS = 'p, li, td, th, dd, dt, div, h2, h3, h4, h5, h6, blockquote, figcaption, caption, pre';
/** A public-service number as a word of its own (EMERGENCY_NUMBERS), never a part of '1.190' or '190,5'. */
const SHORT_NUMBER = /(?<![\p{L}\p{N}]|\p{N}[.,])1\d\d(?![\p{L}\p{N}]|[.,]\p{N})/gu;
/**
 * Words before a public-service number that present it as one: a colon or a dash ('Polícia Militar: 190',
 * 'SAMU – 192'), or a word for calling in the guide's languages ('ligue 190', 'llame al 193', 'call 193').
 */
const DIALLED_AFTER =
  /(?:[:–—-]|\b(?:ligue(?:\s+para)?(?:\s+[oa])?|ligar(?:\s+para)?|disque|discar|telefone|tel\.?|fone|n[úu]mero|llame(?:\s+al)?|marque(?:\s+el)?|tel[ée]fono|call|dial|phone))\s*$/iu;
/** What may follow it: the end of its block, punctuation, a bracket, a dash or 'or'/'and' ('190 ou 193'); not a unit ('190 km'). */
const DIALLED_BEFORE = /^\s*(?:$|[.,;:!?)\]–—-]|\(|(?:ou|e|o|y|or|and)(?![\p{L}\p{N}]))/iu;
/** 'ou', 'e', a comma: between two numbers of a list ('190 ou 193', '192, 193'), the second reads as the first. */
const LIST_JOIN = /^\s*(?:,|ou|e|o|y|or|and)\s*$/iu;

/** The text of a block and where each of its text nodes starts in it. */
function blockText(block: Node): { text: string; starts: Map<Node, number> } {
  const starts = new Map<Node, number>();
  let text = '';
  const walker = window.document.createTreeWalker(block, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    starts.set(node, text.length);
    text += node.nodeValue ?? '';
  }
  return { text, starts };
}

/** A run of a text node to make a link of: where it starts and ends, and what it dials. */
interface PhoneRun {
  start: number;
  end: number;
  dial: string;
}

/**
 * The phone numbers of one text node, in order: every run classifyPhone can dial, and each
 * public-service number its block's words present as one (DIALLED_AFTER and DIALLED_BEFORE), or that
 * is its block's whole text ('<td>190</td>'), or that follows one in a list ('190 ou 193').
 */
function phoneRuns(text: string, before: string, after: string, block: string): PhoneRun[] {
  const runs: PhoneRun[] = [];
  for (const match of text.matchAll(PHONE_RUN)) {
    const number = classifyPhone(match[0]);
    if (number) runs.push({ start: match.index, end: match.index + match[0].length, dial: number.dial });
  }
  const isFree = (start: number, end: number) => runs.every((run) => end <= run.start || start >= run.end);
  let lastEnd = -1;
  for (const match of text.matchAll(SHORT_NUMBER)) {
    const [number] = match;
    const start = match.index;
    const end = start + number.length;
    if (!EMERGENCY_NUMBERS.has(number) || !isFree(start, end)) continue;
    // The words just around it: a text of any length costs no more per number.
    const preceding = (before.slice(-40) + text.slice(Math.max(0, start - 40), start)).slice(-40);
    const following = (text.slice(end, end + 40) + after.slice(0, 40)).slice(0, 40);
    const isWhole = block.length < 20 && block.trim() === number;
    const isListed = lastEnd >= 0 && start - lastEnd <= 8 && LIST_JOIN.test(text.slice(lastEnd, start));
    if (isWhole || ((DIALLED_AFTER.test(preceding) || isListed) && DIALLED_BEFORE.test(following))) {
      runs.push({ start, end, dial: number });
      lastEnd = end;
    }
  }
  return runs.sort((a, b) => a.start - b.start);
}

/** Every phone number in the text of `root` outside a link made a tel: link (SanitizeOptions.linkPhoneNumbers). */
function linkPhoneNumbers(root: DocumentFragment): void {
  const nodes: Text[] = [];
  const walker = window.document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/\d/.test(node.nodeValue ?? '') && !node.parentElement?.closest(NOT_LINKED)) nodes.push(node as Text);
  }
  const blocks = new Map<Node, ReturnType<typeof blockText>>();
  for (const node of nodes) {
    const block = node.parentElement?.closest(BLOCKS) ?? root;
    let context = blocks.get(block);
    if (!context) {
      context = blockText(block);
      blocks.set(block, context);
    }
    const text = node.nodeValue ?? '';
    const start = context.starts.get(node) ?? 0;
    const runs = phoneRuns(text, context.text.slice(0, start), context.text.slice(start + text.length), context.text);
    if (runs.length === 0) continue;
    // The node rebuilt in one pass, its words and its links, whatever the number of runs.
    const parts: (string | Node)[] = [];
    let at = 0;
    for (const run of runs) {
      parts.push(text.slice(at, run.start));
      const link = window.document.createElement('a');
      link.setAttribute('href', `tel:${run.dial}`);
      link.textContent = text.slice(run.start, run.end);
      parts.push(link);
      at = run.end;
    }
    parts.push(text.slice(at));
    node.replaceWith(...parts.filter((part) => part !== ''));
  }
}

/** What an image of upstream HTML loads: an absolute URL, a site-relative one of the sample data, or null. */
function imageSource(src: string, options: SanitizeOptions): string | null {
  const value = src.trim();
  if (!options.baseUrl && value.startsWith('/') && !value.startsWith('//')) return value;
  return resolveHttpUrl(value, options.baseUrl);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Replaces an element by its children (a link with nowhere to go keeps its words). */
function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes);
}

/** After DOMPurify: ids made unique, links and images resolved or removed, images counted. */
function resolveReferences(root: DocumentFragment, options: SanitizeOptions): void {
  const ids = new Set<string>();
  for (const element of root.querySelectorAll('[id], a[name]')) {
    const id = element.getAttribute('id') ?? element.getAttribute('name');
    element.removeAttribute('name');
    if (id && !ids.has(id)) {
      element.setAttribute('id', id);
      ids.add(id);
    } else element.removeAttribute('id');
  }
  for (const link of root.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href') ?? '';
    const target = /^\s*tel:/i.test(href) ? telTarget(href, link.textContent ?? '') : linkTarget(href, options, ids);
    if (!target) unwrap(link);
    else if (target.startsWith('#')) {
      link.setAttribute('href', target);
      link.removeAttribute('rel');
    } else {
      link.setAttribute('href', target);
      link.setAttribute('rel', 'nofollow noopener noreferrer');
    }
  }
  let images = 0;
  for (const image of root.querySelectorAll('img')) {
    const src = image.hasAttribute('src') ? imageSource(image.getAttribute('src') ?? '', options) : null;
    images += 1;
    if (!src || images > LIMITS.htmlImages) image.remove();
    else image.setAttribute('src', src);
  }
  for (const element of root.querySelectorAll('[cite]')) {
    const cite = resolveHttpUrl(element.getAttribute('cite') ?? '', options.baseUrl);
    if (cite) element.setAttribute('cite', cite);
    else element.removeAttribute('cite');
  }
}

/**
 * Sanitised HTML with each link's href passed through `target`: a new href is a link to a page of
 * this site (its `rel`, for links elsewhere, goes), null unwraps the link to its words, undefined
 * leaves it as it is. The HTML comes back unchanged, byte for byte, when no link changed.
 */
export function rewriteLinks(html: string, target: (href: string) => string | null | undefined): string {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  let isChanged = false;
  for (const link of template.content.querySelectorAll('a[href]')) {
    const href = target(link.getAttribute('href') ?? '');
    if (href === undefined || (href === link.getAttribute('href') && !link.hasAttribute('rel'))) continue;
    isChanged = true;
    if (href === null) unwrap(link);
    else {
      link.setAttribute('href', href);
      link.removeAttribute('rel');
    }
  }
  return isChanged ? template.innerHTML : html;
}

/** Length and nesting within LIMITS before any parser sees the markup (both are linear). */
function bounded(html: string): string {
  const cut = cutHtml(html, LIMITS.stringChars);
  return cut.includes('<') ? boundHtmlDepth(cut).html : cut;
}

/**
 * Upstream HTML with only the allow-listed formatting left; '' for anything that is not a string.
 * Relative links and images are resolved against `options.baseUrl`; in-page anchors keep working
 * under a namespace (footnotes, tables of contents) and an anchor to nothing loses its link.
 */
export function sanitizeHtml(html: unknown, options: SanitizeOptions = {}): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  const input = bounded(html);
  namespace = namespaceOf(input);
  // Null when the input is a whole frameset document, which has no body to keep.
  const fragment = purify.sanitize(input, { ...CONFIG, RETURN_DOM_FRAGMENT: true }) as DocumentFragment | null;
  if (!fragment) return '';
  if (options.linkPhoneNumbers) linkPhoneNumbers(fragment);
  resolveReferences(fragment, options);
  const container = window.document.createElement('div');
  container.append(fragment);
  // The parser keeps what XML forbids (U+FFFE, a lone surrogate…), in text and in attributes alike.
  return withoutXmlForbidden(container.innerHTML).trim();
}

const BLOCK_BOUNDARY = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|blockquote|figure|figcaption|pre|hr|dt|dd)\b[^>]*>/gi;

/** What draws nothing at all: whitespace, format and control characters, marks, fillers and variation selectors. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{M}\p{Zl}\p{Zp}\u115f\u1160\u2800\u3164\uffa0]/gu;

/** Text with control and bidi/format characters and what XML forbids removed (tabs and line breaks become spaces). */
function cleanText(text: string): string {
  return withoutXmlForbidden(withoutHiddenCharacters(text));
}

/** True when the text draws something: not only spaces, zero-width or bidi characters, marks or fillers. */
export function hasVisibleText(text: string | null | undefined): boolean {
  return Boolean(text?.replace(INVISIBLE, ''));
}

/**
 * Plain text of upstream HTML: tags removed, entities decoded ('&#8211;' → '–'), block
 * boundaries turned into spaces, control and bidi characters removed, whitespace collapsed.
 * Script and style contents never appear.
 */
export function htmlToText(html: unknown): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  const safe = purify.sanitize(
    bounded(html).replace(BLOCK_BOUNDARY, (tag) => `${tag} `),
    CONFIG,
  );
  const template = window.document.createElement('template');
  template.innerHTML = safe;
  return cleanText(template.content.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words a reader (or a search indexer) sees in `text`: tags removed without adding spaces
 * (`abc<span>def</span>` reads 'abcdef'), entities decoded, invisible characters removed. For the
 * secrets check, which must find a value however markup splits it.
 */
export function visibleText(text: string): string {
  if (!text.includes('<') && !text.includes('&')) return text.replace(INVISIBLE, (char) => (/\s/.test(char) ? char : ''));
  const template = window.document.createElement('template');
  template.innerHTML = bounded(text)
    .replace(/<[^<>]*>/g, '')
    .replace(/</g, '&lt;');
  return (template.content.textContent ?? '').replace(INVISIBLE, (char) => (/\s/.test(char) ? char : ''));
}
