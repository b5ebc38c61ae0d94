/**
 * The site's XML files, the news feed and the sitemaps, read as an XML parser reads them: one that
 * is not well-formed is refused whole (a feed reader shows no news at all, a search engine drops
 * the sitemap), so a single stray character in one post title must stop the deploy.
 * fast-xml-parser's XMLValidator checks the structure; it accepts characters and references that
 * XML 1.0 forbids, which are checked here first.
 */
import { XMLValidator } from 'fast-xml-parser';
import { TECHNICAL } from './editor.ts';
import type { Problem } from './problem.ts';

/** The news feed (src/pages/news/rss.xml.ts), which every build has. */
export const FEED_FILE = 'news/rss.xml';

/** The sitemaps @astrojs/sitemap writes at the root (sitemap-index.xml, sitemap-0.xml…). */
export const isSitemap = (file: string): boolean => /^sitemap[\w-]*\.xml$/.test(file);

/** A character outside XML 1.0's `Char` production (a lone surrogate is one, read with the u flag). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;
/** The entities XML defines without a DTD. */
const PREDEFINED_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
/** Where `&` starts no reference: CDATA sections and comments (blanked out, lengths kept, before references are read). */
const LITERAL_SECTIONS = /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g;

/** 'line 3, column 17' of a UTF-16 index of `text`. */
function position(text: string, index: number): string {
  const before = text.slice(0, index);
  return `line ${before.split('\n').length}, column ${index - before.lastIndexOf('\n')}`;
}

const codePoint = (value: number) => `U+${value.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why `bytes` is not a well-formed XML 1.0 document in UTF-8, with where; null when it is. */
export function xmlError(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'its bytes are not valid UTF-8';
  }
  const forbidden = NOT_XML_CHAR.exec(text);
  if (forbidden) {
    return `${position(text, forbidden.index)}: the character ${codePoint(forbidden[0].codePointAt(0) ?? 0)} is not allowed in XML`;
  }
  const hasDtd = /<!DOCTYPE/i.test(text);
  const references = text.replace(LITERAL_SECTIONS, (section) => ' '.repeat(section.length));
  for (const match of references.matchAll(/&(#x[0-9a-f]+|#[0-9]+|[^\s&;<]*);/gi)) {
    const [reference, name = ''] = match;
    if (name.startsWith('#')) {
      const value = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      const isChar =
        value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff) && !NOT_XML_CHAR.test(String.fromCodePoint(value));
      if (!isChar) return `${position(text, match.index)}: ${reference} refers to a character not allowed in XML`;
    } else if (!hasDtd && !PREDEFINED_ENTITIES.has(name)) {
      return `${position(text, match.index)}: the entity ${reference} is not defined (XML knows only &amp; &lt; &gt; &quot; &apos;)`;
    }
  }
  const result = XMLValidator.validate(text);
  return result === true ? null : `line ${result.err.line}, column ${result.err.col}: ${result.err.msg}`;
}

/**
 * One problem per XML file of the site (the feed, the sitemaps) that is not well-formed, and one
 * when the feed is missing. `xml` holds the bytes of those files, by their path in dist/.
 */
export function checkXmlFiles(files: readonly string[], xml: readonly { file: string; bytes: Uint8Array }[]): Problem[] {
  const problems: Problem[] = [];
  if (!files.includes(FEED_FILE)) {
    problems.push({
      gate: 'xml',
      message: `${FEED_FILE} is missing: feed readers subscribed to the news would get an error.`,
      editor: `Falta o arquivo ${FEED_FILE}, que leva as notícias a quem as acompanha por RSS. ${TECHNICAL}`,
    });
  }
  for (const { file, bytes } of xml) {
    const error = xmlError(bytes);
    if (!error) continue;
    const reader = file === FEED_FILE ? 'feed readers' : 'search engines';
    const what =
      file === FEED_FILE
        ? `O arquivo ${file}, que leva as notícias a quem as acompanha por RSS, tem um erro de formato: os leitores de RSS`
        : `O mapa do site ${file}, que os buscadores (como o Google) leem, tem um erro de formato: os buscadores`;
    problems.push({
      gate: 'xml',
      message: `${file} is not well-formed XML (${error}): ${reader} refuse the whole file.`,
      editor: `${what} recusariam o arquivo inteiro. ${TECHNICAL}`,
    });
  }
  return problems;
}
