/**
 * A small HTML tag scanner for the gate: every start tag with its attributes, and the text of
 * each <script>. Regular expressions over the whole page would match tag-like text inside a
 * script or a JSON-LD block; this walks the markup the way a browser's tokenizer does for the
 * parts that matter here (comments, raw-text elements, quoted attribute values).
 */

export interface Tag {
  /** Lower-cased element name. */
  name: string;
  /** Attributes by lower-cased name; a bare attribute has the value ''. Entities are decoded. */
  attributes: Map<string, string>;
  /** For raw-text elements (script, style): the text up to the closing tag. */
  text?: string;
}

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references an attribute value may carry (`&amp;`, `&#47;`, `&#x2F;`). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (match, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? match;
  });
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/**
 * The markup up to `</head>` (the whole document when it has none): where a page's policy <meta>
 * counts (browsers ignore one in the body), and a small part of a page to scan.
 */
export function documentHead(html: string): string {
  const end = html.search(/<\/head\s*>/i);
  return end === -1 ? html : html.slice(0, end);
}

/** Every start tag of the document, in order. */
export function scanTags(html: string): Tag[] {
  const tags: Tag[] = [];
  let position = 0;
  while (position < html.length) {
    const open = html.indexOf('<', position);
    if (open === -1) break;
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      position = close === -1 ? html.length : close + 3;
      continue;
    }
    const nameMatch = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(open, open + 64));
    if (!nameMatch?.[1]) {
      position = open + 1;
      continue;
    }
    const name = nameMatch[1].toLowerCase();
    const attributes = new Map<string, string>();
    let cursor = open + nameMatch[0].length;
    for (;;) {
      while (cursor < html.length && /[\s/]/.test(html[cursor] ?? '')) cursor += 1;
      if (cursor >= html.length || html[cursor] === '>') break;
      ATTRIBUTE.lastIndex = cursor;
      const attribute = ATTRIBUTE.exec(html);
      if (!attribute?.[1]) {
        cursor += 1;
        continue;
      }
      const key = attribute[1].toLowerCase();
      if (!attributes.has(key)) attributes.set(key, decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? ''));
      cursor = ATTRIBUTE.lastIndex;
    }
    const tag: Tag = { name, attributes };
    position = cursor + 1;
    if (RAW_TEXT.has(name)) {
      const closing = new RegExp(`</${name}`, 'gi');
      closing.lastIndex = position;
      const end = closing.exec(html)?.index ?? html.length;
      tag.text = html.slice(position, end);
      position = end;
    }
    tags.push(tag);
  }
  return tags;
}

/** Script types a browser runs; anything else (JSON-LD, templates) is data. */
export function isExecutableScript(tag: Tag): boolean {
  if (tag.name !== 'script') return false;
  const type = (tag.attributes.get('type') ?? '').trim().toLowerCase();
  return type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
}

/** Elements whose text no reader sees and no indexer reads. */
const HIDDEN_TEXT = new Set(['script', 'style']);

/**
 * The text of a page as a reader or a search indexer gets it: markup removed (so `abc<span>def</span>`
 * is `abcdef`), comments, scripts and styles dropped, entities decoded. Whitespace is left as it is:
 * callers collapse it as they need.
 */
export function textContent(html: string): string {
  const parts: string[] = [];
  let position = 0;
  while (position < html.length) {
    const open = html.indexOf('<', position);
    if (open === -1) {
      parts.push(html.slice(position));
      break;
    }
    parts.push(html.slice(position, open));
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      position = close === -1 ? html.length : close + 3;
      continue;
    }
    const tag = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)|^<[!?]/.exec(html.slice(open, open + 64));
    if (!tag) {
      parts.push('<');
      position = open + 1;
      continue;
    }
    // The end of the tag, past quoted attribute values that may hold a '>'.
    let cursor = open + tag[0].length;
    let quote: string | null = null;
    for (; cursor < html.length; cursor += 1) {
      const char = html[cursor];
      if (quote) {
        if (char === quote) quote = null;
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '>') break;
    }
    position = cursor + 1;
    const name = tag[2]?.toLowerCase();
    if (name && !tag[1] && HIDDEN_TEXT.has(name)) {
      const closing = new RegExp(`</${name}`, 'gi');
      closing.lastIndex = position;
      const end = closing.exec(html)?.index ?? html.length;
      position = html.indexOf('>', end) === -1 ? html.length : html.indexOf('>', end) + 1;
    }
  }
  return decodeEntities(parts.join(''));
}
