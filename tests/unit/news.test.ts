/** The news helpers (docs/product.md, News portal and detail; section 9: news page size and sort). */
import { describe, expect, it } from 'vitest';
import { fullArticleUrl, NEWS_LIMIT, newestNews, newsCategories, newsInPortalOrder } from '../../src/lib/news/news.ts';
import { leadFirst } from '../../src/lib/portal/portal.ts';
import { anArticle } from '../fixtures/entries.ts';

const ids = (entries: readonly { id: string }[]) => entries.map((entry) => entry.id);

describe.each([
  [
    'no featured: the first leads',
    [
      ['1', false],
      ['2', false],
      ['3', false],
    ],
    ['1', '2', '3'],
  ],
  [
    'the first featured leads, the rest keep their order',
    [
      ['1', false],
      ['2', true],
      ['3', true],
    ],
    ['2', '1', '3'],
  ],
  [
    'a featured first stays first',
    [
      ['1', true],
      ['2', false],
    ],
    ['1', '2'],
  ],
  ['empty', [], []],
] as [string, [string, boolean][], string[]][])('newsInPortalOrder: %s', (_, given, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => {
    const articles = given.map(([id, featured]) => anArticle({ id, featured }));
    expect(ids(newsInPortalOrder(articles))).toEqual(expected);
  });
});

describe.each([
  [[1, 2, 3], (n: number) => n === 2, [2, 1, 3]],
  [[1, 2, 3], () => false, [1, 2, 3]],
  [[0, 1], (n: number) => n === 0, [0, 1]],
  [[], () => true, []],
])('leadFirst(%j)', (entries, isFeatured, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(leadFirst(entries, isFeatured)).toEqual(expected));
});

describe.each([
  [
    ['Eventos', 'Cultura', 'Eventos', 'Gastronomia'],
    ['Eventos', 'Cultura', 'Gastronomia'],
  ],
  [[], []],
])('newsCategories(%j)', (categories, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => {
    const articles = categories.map((category, index) => anArticle({ id: String(index + 1), category }));
    expect(newsCategories(articles)).toEqual(expected);
  });
});

describe.each([
  ['id 1000 has no external article', { id: '1000', link: 'https://blog.example.org/p' }, 'https://blog.example.org', null],
  [
    'above 1000: the post link',
    { id: '1001', link: 'https://blog.example.org/p' },
    'https://blog.example.org',
    'https://blog.example.org/p',
  ],
  [
    'above 1000 without a link: blog and slug',
    { id: '1305', slug: 'natal' },
    'https://blog.example.org',
    'https://blog.example.org/natal',
  ],
  ['above 1000 without a link or a blog', { id: '1305', slug: 'natal' }, null, null],
  ['an id that is not a number', { id: 'abc', link: 'https://blog.example.org/p' }, null, null],
])('fullArticleUrl: %s', (_, overrides, blogUrl, expected) => {
  it(`is ${expected}`, () => expect(fullArticleUrl(anArticle(overrides), blogUrl)).toBe(expected));
});

describe('newestNews', () => {
  const articles = Array.from({ length: 12 }, (_, index) =>
    anArticle({ id: String(index + 1), publishedAt: `2026-01-${String(index + 1).padStart(2, '0')}T10:00:00.000Z` }),
  );
  it.each([
    [NEWS_LIMIT, ['12', '11', '10', '9', '8', '7', '6', '5', '4']],
    [2, ['12', '11']],
    [0, []],
  ])('the newest %i, newest first', (limit, expected) => expect(ids(newestNews(articles, limit))).toEqual(expected));
});
