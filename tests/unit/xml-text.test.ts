/**
 * No text of the snapshot carries a character XML 1.0 forbids: each one goes through every place a
 * plain text or an HTML field is made (withoutXmlForbidden, htmlToText, the sanitiser, LenientText,
 * a post's title and an episode's), and a post whose title held one still gives a feed that the
 * deploy gate reads as well-formed. Cutting a text never leaves half a surrogate pair either.
 */
import { Buffer } from 'node:buffer';
import { getRssString } from '@astrojs/rss';
import { describe, expect, it } from 'vitest';
import { RawEpisodeSchema, toEpisode } from '../../scripts/sync/normalise/episode.ts';
import { LenientText } from '../../scripts/sync/normalise/fields.ts';
import { htmlToText, sanitizeHtml } from '../../scripts/sync/normalise/html.ts';
import { RawPostSchema, toNewsArticle } from '../../scripts/sync/normalise/news.ts';
import { normaliseRecords } from '../../scripts/sync/normalise/records.ts';
import { xmlError } from '../../scripts/verify/xml.ts';
import { truncate } from '../../src/lib/format.ts';
import { newsFeedItem } from '../../src/lib/news/feed.ts';
import { EpisodeSchema } from '../../src/lib/schemas/index.ts';
import { sliceWhole, withoutXmlForbidden } from '../../src/lib/text.ts';
import { contextFor, SAMPLE } from '../support/record-context.ts';

/** XML 1.0's `Char` production, written out here (not imported), so the test does not share the code's mistakes. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** Every code point XML 1.0 forbids in a document, surrogates as they arrive alone. */
const FORBIDDEN: [string, string][] = [
  ...[...range(0x0, 0x8), 0xb, 0xc, ...range(0xe, 0x1f), 0xfffe, 0xffff].map((code): [string, string] => [
    hex(code),
    String.fromCharCode(code),
  ]),
  ['a lone high surrogate U+D800', '\ud800'],
  ['a lone high surrogate U+DBFF', '\udbff'],
  ['a lone low surrogate U+DC00', '\udc00'],
  ['a lone low surrogate U+DFFF', '\udfff'],
];

describe.each(FORBIDDEN)('%s', (_name, char) => {
  it('is removed by withoutXmlForbidden, and only it', () => {
    expect(withoutXmlForbidden(`Festa${char} 2026`)).toBe('Festa 2026');
  });

  it('leaves no trace in htmlToText, the sanitiser (text and attributes) or LenientText', () => {
    expect(htmlToText(`<p>Festa${char} 2026</p>`)).not.toMatch(NOT_XML_CHAR);
    const html = sanitizeHtml(`<p title="t${char}">Festa${char} <a href="https://blog.example.com/${char}x">2026</a></p>`);
    expect(html).toContain('Festa');
    expect(html).not.toMatch(NOT_XML_CHAR);
    expect(LenientText.parse(`Festa${char}`)).toBe('Festa');
  });

  it('in a post title and summary, still gives a well-formed feed', async () => {
    const article = toNewsArticle(
      RawPostSchema.parse({
        id: 1201,
        date_gmt: '2026-10-03T13:30:00',
        status: 'publish',
        title: { rendered: `Festival${char} de Praia` },
        excerpt: { rendered: `<p>Resumo${char}</p>` },
        _embedded: { 'wp:term': [[{ taxonomy: 'category', name: `Eventos${char}` }]] },
      }),
      contextFor(),
    );
    for (const text of [article.title, article.summary, article.category]) expect(text).not.toMatch(NOT_XML_CHAR);
    const xml = await getRssString({
      title: 'Notícias',
      description: 'd',
      site: 'https://turismo.example.com.br',
      items: [newsFeedItem(article, null)],
    });
    expect(xml).not.toMatch(NOT_XML_CHAR);
    expect(xmlError(Buffer.from(xml))).toBeNull();
  });
});

describe.each([
  ['a tab', '\t'],
  ['a line feed', '\n'],
  ['a carriage return', '\r'],
  ['U+FFFD', '\ufffd'],
  ['U+E000', '\ue000'],
  ['an emoji (a surrogate pair)', '😀'],
  ['U+10FFFF', '\u{10ffff}'],
])('%s', (_name, char) => {
  it('is kept by withoutXmlForbidden', () => {
    expect(withoutXmlForbidden(`a${char}b`)).toBe(`a${char}b`);
  });
});

describe.each([
  ['😀😀', 3, '😀'],
  ['a😀', 2, 'a'],
  ['a😀', 3, 'a😀'],
  ['abc', 2, 'ab'],
  ['', 5, ''],
])('sliceWhole(%j, %i)', (text, max, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(sliceWhole(text, max)).toBe(expected));
});

describe('cutting a text', () => {
  it('never leaves half a surrogate pair: truncate, and an episode’s short title', async () => {
    // No space to cut at: the cut falls inside the 500th emoji.
    expect(truncate(`a${'😀'.repeat(600)}`, 1000)).not.toMatch(NOT_XML_CHAR);
    const { entries } = await normaliseRecords(
      [{ id: 'ep', name: `a${'😀'.repeat(20)}` }],
      RawEpisodeSchema,
      toEpisode,
      EpisodeSchema,
      SAMPLE,
    );
    expect(entries[0]?.shortTitle).toBe(`A${'😀'.repeat(9)}`);
  });
});
