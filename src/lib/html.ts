/**
 * Upstream HTML, made safe once at sync time. Node only (DOMPurify on jsdom): pages and islands
 * receive the result, never raw upstream markup.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

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
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'datetime', 'cite', 'lang'];
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
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202f\ufeff]+/g;

/** The value as written and %-decoded, invisible characters removed: both must pass SAFE_URL_VALUE. */
function isSafeUrlValue(value: string): boolean {
  const compact = value.replace(INVISIBLE, '');
  let decoded = compact;
  try {
    decoded = decodeURIComponent(compact).replace(INVISIBLE, '');
  } catch {
    // malformed %-escape: the value as written is what counts
  }
  return SAFE_URL_VALUE.test(compact) && SAFE_URL_VALUE.test(decoded);
}

purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (URL_ATTRS.has(data.attrName) && !isSafeUrlValue(data.attrValue)) {
    data.keepAttr = false;
  }
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('rel', 'nofollow noopener noreferrer');
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

/** Upstream HTML with only the allow-listed formatting left; '' for anything that is not a string. */
export function sanitizeHtml(html: unknown): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  return purify.sanitize(html, CONFIG).trim();
}

const BLOCK_BOUNDARY = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|blockquote|figure|figcaption|pre|hr|dt|dd)\b[^>]*>/gi;

/**
 * Plain text of upstream HTML: tags removed, entities decoded ('&#8211;' → '–'), block
 * boundaries turned into spaces, whitespace collapsed. Script and style contents never appear.
 */
export function htmlToText(html: unknown): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  const safe = purify.sanitize(
    html.replace(BLOCK_BOUNDARY, (tag) => `${tag} `),
    CONFIG,
  );
  const template = window.document.createElement('template');
  template.innerHTML = safe;
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
