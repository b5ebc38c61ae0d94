/** The news feed's items: what each RSS item carries, and that the XML parses. */
import { getRssString } from '@astrojs/rss';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { imageType, MEDIA_NAMESPACE, newsFeedItem } from '../../src/lib/news/feed.ts';
import { anArticle } from '../fixtures/entries.ts';

describe.each([
  ['https://x.example/a.jpg', 'image/jpeg'],
  ['/_astro/a.JPEG?v=1', 'image/jpeg'],
  ['/images/news-placeholder.svg', 'image/svg+xml'],
  ['/a.webp#top', 'image/webp'],
  ['/a.png', 'image/png'],
  ['/a', null],
  ['/a.jpg.html', null],
])('imageType(%s)', (url, expected) => {
  it(`is ${expected}`, () => expect(imageType(url)).toBe(expected));
});

describe('newsFeedItem', () => {
  const article = anArticle({
    id: '42',
    title: 'Festa & Praia',
    summary: 'Resumo <curto>',
    publishedAt: '2026-03-01T12:00:00Z',
    category: 'Eventos',
  });

  it("carries the title, the portal's link, the date, the summary and the category", () => {
    const item = newsFeedItem(article, null);
    expect(item).toEqual({
      title: 'Festa & Praia',
      link: '/news/42',
      pubDate: new Date('2026-03-01T12:00:00Z'),
      description: 'Resumo <curto>',
      categories: ['Eventos'],
    });
  });

  it('gives the picture as media:content, its URL escaped, and the whole feed parses back', async () => {
    const image = 'https://turismo.example.com.br/_astro/foto.jpg?a=1&b=2';
    const xml = await getRssString({
      title: 'Notícias',
      description: 'd',
      site: 'https://turismo.example.com.br',
      xmlns: { media: MEDIA_NAMESPACE },
      items: [newsFeedItem(article, image)],
      trailingSlash: false,
    });
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const item = parsed.rss.channel.item;
    expect(item.title).toBe('Festa & Praia');
    expect(item.link).toBe('https://turismo.example.com.br/news/42');
    expect(item.description).toBe('Resumo <curto>');
    expect(new Date(item.pubDate).toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(item['media:content']).toEqual({ url: image, medium: 'image', type: 'image/jpeg' });
  });
});
