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
// DOMPurify lets `data:` through on images and cannot be told otherwise, so any `data:` goes here.
const DATA_URL = /^data:/i;
const INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202f\ufeff]+/g;

purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (URL_ATTRS.has(data.attrName) && DATA_URL.test(data.attrValue.replace(INVISIBLE, ''))) {
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
