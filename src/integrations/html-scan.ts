/**
 * Reading built HTML for the build's integrations and the gate, with parse5's tokenizer: the WHATWG
 * algorithm (the one jsdom, and so the sync's sanitiser and the tests, parse with), so a comment, the
 * text of a script, a `>` inside a quoted attribute value or a character reference reads here as it
 * does in a browser. Only the tokenizer runs: the callers need start tags with their attributes and
 * the text of scripts, not a tree, and the gate reads every page of the site.
 *
 * The tree builder's part that matters here is done here too: a start tag switches the tokenizer to
 * its element's text state (a script's text is not markup), read with scripting off (the markup inside
 * <noscript> is read: a visitor without JavaScript follows its links). Left out: an <svg> or <math> is
 * read as HTML (its <script>, <style> and <title> hold text, not markup).
 *
 * parse5 marks its Tokenizer internal, so package.json pins parse5 at the version jsdom installs, and
 * tests/unit/html-scan.test.ts shows a change of behaviour on an upgrade.
 */
import { type Token, type TokenHandler, Tokenizer, TokenizerMode } from 'parse5';

export interface Tag {
  /** Lower-cased element name. */
  name: string;
  /** Attributes by lower-cased name; a bare attribute has the value ''. Entities are decoded. */
  attributes: Map<string, string>;
  /** For elements whose content is text (script, style, title, textarea...): that text. */
  text?: string;
  /** Where the start tag is in the HTML, `[start, end)`, when the scan was asked for locations. */
  span?: [number, number];
}

type Mode = (typeof TokenizerMode)[keyof typeof TokenizerMode];

/** The tokenizer state each element's start tag switches to, as the tree builder switches it. */
const TEXT_MODES = new Map<string, Mode>([
  ['script', TokenizerMode.SCRIPT_DATA],
  ['style', TokenizerMode.RAWTEXT],
  ['xmp', TokenizerMode.RAWTEXT],
  ['iframe', TokenizerMode.RAWTEXT],
  ['noembed', TokenizerMode.RAWTEXT],
  ['noframes', TokenizerMode.RAWTEXT],
  ['title', TokenizerMode.RCDATA],
  ['textarea', TokenizerMode.RCDATA],
  ['plaintext', TokenizerMode.PLAINTEXT],
]);

interface Reader {
  startTag?(token: Token.TagToken): void;
  endTag?(token: Token.TagToken, tokenizer: Tokenizer): void;
  text?(chars: string): void;
}

/** Runs the tokenizer over `html`, switching text states as the tree builder does. */
function tokenize(html: string, reader: Reader, options: { locations?: boolean; mode?: Mode } = {}): void {
  const text = (token: Token.CharacterToken) => reader.text?.(token.chars);
  const handler: TokenHandler = {
    onStartTag(token) {
      reader.startTag?.(token);
      const mode = TEXT_MODES.get(token.tagName);
      if (mode !== undefined) tokenizer.state = mode;
    },
    onEndTag: (token) => reader.endTag?.(token, tokenizer),
    onCharacter: text,
    onWhitespaceCharacter: text,
    onNullCharacter: text,
    onComment() {},
    onDoctype() {},
    onEof() {},
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: options.locations ?? false }, handler);
  if (options.mode !== undefined) {
    tokenizer.state = options.mode;
    // No end tag closes the text: a name no tag can have.
    tokenizer.lastStartTagName = ' ';
  }
  tokenizer.write(html, true);
}

/** What the gate reads of a page, in one pass of the tokenizer. */
export interface ScannedPage {
  /** Every start tag, in order; a script's (or style's, title's...) text with it. */
  tags: Tag[];
  /** The page's text as textContent gives it. */
  text: string;
}

/** Elements whose text no reader sees and no indexer reads. */
const HIDDEN_TEXT = new Set(['script', 'style']);

/** The start tags and the text of a page (scanTags and textContent at once). */
export function scanPage(html: string, options: { locations?: boolean } = {}): ScannedPage {
  const tags: Tag[] = [];
  const text: string[] = [];
  let open: Tag | null = null;
  let isHidden = false;
  tokenize(
    html,
    {
      startTag(token) {
        const attributes = new Map<string, string>();
        for (const { name, value } of token.attrs) attributes.set(name, value);
        const tag: Tag = { name: token.tagName, attributes };
        if (token.location) tag.span = [token.location.startOffset, token.location.endOffset];
        open = TEXT_MODES.has(tag.name) ? tag : null;
        if (open) open.text = '';
        isHidden = HIDDEN_TEXT.has(tag.name);
        tags.push(tag);
      },
      endTag() {
        open = null;
        isHidden = false;
      },
      text(chars) {
        if (open) open.text = (open.text ?? '') + chars;
        if (!isHidden) text.push(chars);
      },
    },
    options,
  );
  return { tags, text: text.join('') };
}

/** Every start tag of the document, in order; a script's (or style's, title's...) text with it. */
export function scanTags(html: string, options: { locations?: boolean } = {}): Tag[] {
  return scanPage(html, options).tags;
}

/**
 * The markup before the first `</head>` end tag (the whole document when it has none): where a
 * page's policy <meta> counts (browsers ignore one in the body), and a small part of a page to scan.
 */
export function documentHead(html: string): string {
  let end = html.length;
  tokenize(
    html,
    {
      endTag(token, tokenizer) {
        if (token.tagName !== 'head' || !token.location) return;
        end = token.location.startOffset;
        tokenizer.pause();
      },
    },
    { locations: true },
  );
  return html.slice(0, end);
}

/** Script types a browser runs; anything else (JSON-LD, templates) is data. */
export function isExecutableScript(tag: Tag): boolean {
  if (tag.name !== 'script') return false;
  const type = (tag.attributes.get('type') ?? '').trim().toLowerCase();
  return type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/.test(type);
}

/**
 * What the tokenizer reads as something other than characters as they are: a tag or a reference (and
 * the line ends and NULs its input stream rewrites). A short text without any (most of a record's
 * values, which the sync checks one by one) is its own text.
 */
const HAS_MARKUP = /[<&\r\0]/;

/**
 * `text` with its character references decoded (`&amp;`, `&#47;`, `&#x2F;`, `&nbsp;`) as the text of
 * a <textarea> is, and nothing else changed: tags stay as they are.
 */
export function decodeEntities(text: string): string {
  if (!HAS_MARKUP.test(text)) return text;
  const parts: string[] = [];
  tokenize(text, { text: (chars) => parts.push(chars) }, { mode: TokenizerMode.RCDATA });
  return parts.join('');
}

/**
 * The text of a page as a reader or a search indexer gets it: markup removed (so `abc<span>def</span>`
 * is `abcdef`), comments, scripts and styles dropped, entities decoded. Whitespace is left as it is:
 * callers collapse it as they need.
 */
export function textContent(html: string): string {
  return HAS_MARKUP.test(html) ? scanPage(html).text : html;
}
