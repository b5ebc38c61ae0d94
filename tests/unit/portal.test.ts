import { describe, expect, it } from 'vitest';
import { toNewsIndexEntry, toTestimonialIndexEntry } from '../../src/lib/portal/index-entries.ts';
import {
  filterEntries,
  isDefaultQuery,
  laterPages,
  pagePath,
  pageWindow,
  paginate,
  paginationEntries,
  parsePortalQuery,
  portalPageOf,
  portalSearch,
  portalStatus,
  portalView,
  relatedEntries,
  splitLead,
} from '../../src/lib/portal/portal.ts';
import type { NewsArticle, Testimonial } from '../../src/lib/schemas/index.ts';
import { canUseShareSheet, type ShareNavigator, shareLabel, shareLinks, shareMessage, shareOrCopy } from '../../src/lib/share.ts';

describe('parsePortalQuery', () => {
  it.each([
    ['', { q: '', chip: null, page: 1 }],
    ['?q=natal', { q: 'natal', chip: null, page: 1 }],
    ['?q=+rio+&categoria=Eventos&pagina=3', { q: 'rio', chip: 'Eventos', page: 3 }],
    ['?categoria=&pagina=0', { q: '', chip: null, page: 1 }],
    ['?pagina=-2', { q: '', chip: null, page: 1 }],
    ['?pagina=2.5', { q: '', chip: null, page: 1 }],
    ['?pagina=abc', { q: '', chip: null, page: 1 }],
    ['?categoria=Meio%20Ambiente', { q: '', chip: 'Meio Ambiente', page: 1 }],
    ['?experiencia=tours', { q: '', chip: null, page: 1 }],
    // What a page may show of a text from its address (echoText): no control or bidi character, 80 characters at most.
    ['?q=%E2%80%AEoir+o+ed%0A%09x&categoria=%E2%81%A6Eventos%E2%81%A9', { q: 'oir o ed x', chip: 'Eventos', page: 1 }],
    [`?q=${'a'.repeat(400)}&categoria=${'b'.repeat(90)}`, { q: `${'a'.repeat(79)}…`, chip: `${'b'.repeat(79)}…`, page: 1 }],
    ['?categoria=%E2%80%AE', { q: '', chip: null, page: 1 }],
  ])('%s', (search, expected) => {
    expect(parsePortalQuery(search, 'categoria')).toEqual(expected);
  });
});

describe('portalSearch', () => {
  it.each([
    [{ q: '', chip: null, page: 1 }, ''],
    [{ q: 'natal', chip: null, page: 1 }, '?q=natal'],
    [{ q: ' rio ', chip: 'Meio Ambiente', page: 2 }, '?q=rio&categoria=Meio+Ambiente&pagina=2'],
    [{ q: '', chip: null, page: 4 }, '?pagina=4'],
  ])('%j → %j', (query, expected) => {
    expect(portalSearch(query, 'categoria')).toBe(expected);
  });

  it.each(['?q=natal', '?categoria=Eventos&pagina=2', '?q=a%26b&categoria=Caf%C3%A9'])('round-trips %s', (search) => {
    const query = parsePortalQuery(search, 'categoria');
    expect(parsePortalQuery(portalSearch(query, 'categoria'), 'categoria')).toEqual(query);
  });
});

describe('isDefaultQuery', () => {
  it.each([
    [{ q: '', chip: null, page: 1 }, true],
    [{ q: '  ', chip: null, page: 1 }, true],
    [{ q: 'x', chip: null, page: 1 }, false],
    [{ q: '', chip: 'Eventos', page: 1 }, false],
    [{ q: '', chip: null, page: 2 }, false],
  ])('%j → %s', (query, expected) => {
    expect(isDefaultQuery(query)).toBe(expected);
  });
});

const ARTICLES = [
  { id: '1', title: 'Festival de Praia do Julião', summary: 'Shows na orla', category: 'Eventos', tags: ['Praia'] },
  { id: '2', title: 'Pacu assado', summary: 'A cozinha pantaneira', category: 'Gastronomia', tags: ['Peixe', 'Receita'] },
  { id: '3', title: 'Obras na ponte', summary: 'Trânsito desviado', category: 'Infraestrutura', tags: [] },
  { id: '4', title: 'Natal Iluminado', summary: 'Papai Noel chega de barco pelo rio', category: 'Eventos', tags: ['Natal'] },
];
const read = (article: (typeof ARTICLES)[number]) => ({
  texts: [article.title, article.summary, article.category, ...article.tags],
  chip: article.category,
});

describe('filterEntries', () => {
  it.each([
    ['no filter keeps all, in order', { q: '', chip: null }, ['1', '2', '3', '4']],
    ['title, accent-insensitive', { q: 'JULIAO', chip: null }, ['1']],
    ['summary', { q: 'pantaneira', chip: null }, ['2']],
    ['category', { q: 'infraestrutura', chip: null }, ['3']],
    ['tag', { q: 'receita', chip: null }, ['2']],
    ['accented query on plain text', { q: 'trânsito', chip: null }, ['3']],
    ['every word must match', { q: 'natal barco', chip: null }, ['4']],
    ['words from different fields', { q: 'natal rio', chip: null }, ['4']],
    ['a word no entry has', { q: 'natal pizza', chip: null }, []],
    ['chip alone', { q: '', chip: 'Eventos' }, ['1', '4']],
    ['chip, case- and accent-insensitive', { q: '', chip: 'gastronomía' }, ['2']],
    ['chip and search', { q: 'praia', chip: 'Eventos' }, ['1']],
    ['chip and search that exclude each other', { q: 'pacu', chip: 'Eventos' }, []],
    ['unknown chip', { q: '', chip: 'Esportes' }, []],
  ])('%s', (_name, query, ids) => {
    expect(filterEntries(ARTICLES, query, read).map((article) => article.id)).toEqual(ids);
  });
});

describe('paginate', () => {
  const entries = Array.from({ length: 30 }, (_, index) => index + 1);
  it.each([
    [1, { first: 1, count: 12, page: 1, pages: 3 }],
    [2, { first: 13, count: 12, page: 2, pages: 3 }],
    [3, { first: 25, count: 6, page: 3, pages: 3 }],
    [9, { first: 25, count: 6, page: 3, pages: 3 }],
    [0, { first: 1, count: 12, page: 1, pages: 3 }],
  ])('page %i of 30 entries', (page, expected) => {
    const result = paginate(entries, page);
    expect({ first: result.entries[0], count: result.entries.length, page: result.page, pages: result.pages }).toEqual(expected);
    expect(result.total).toBe(30);
  });

  it.each([
    [0, 1],
    [12, 1],
    [13, 2],
    [1000, 84],
  ])('%i entries → %i pages', (count, pages) => {
    expect(paginate(Array.from({ length: count }), 1).pages).toBe(pages);
  });
});

describe.each([
  [1, [1, 2, 3], 1, [2, 3]],
  [2, [13, 14], undefined, [13, 14]],
  [1, [], undefined, []],
])('splitLead(page %i of %j)', (page, entries, lead, rest) => {
  it(`leads with ${lead} and lists ${JSON.stringify(rest)}`, () => expect(splitLead({ page, entries })).toEqual({ lead, rest }));
});

describe.each([
  [0, []],
  [12, []],
  [13, [2]],
  [30, [2, 3]],
])('laterPages(%i)', (total, pages) => {
  it(`is ${JSON.stringify(pages)}`, () => expect(laterPages(total)).toEqual(pages));
});

describe.each([
  ['/news', 1, '/news'],
  ['/news', 0, '/news'],
  ['/news', 2, '/news/page/2'],
  ['/testimonials', 7, '/testimonials/page/7'],
])('pagePath(%j, %i)', (base, page, expected) => {
  it(`is ${expected}`, () => expect(pagePath(base, page)).toBe(expected));
});

describe('relatedEntries', () => {
  const entries = [
    { id: '1', group: 'a' },
    { id: '2', group: 'b' },
    { id: '3', group: 'a' },
    { id: '4', group: 'b' },
    { id: '5', group: 'a' },
    { id: '6', group: 'c' },
  ];
  it.each([
    ['1', 4, ['3', '5', '2', '4']],
    ['2', 4, ['4', '1', '3', '5']],
    ['6', 2, ['1', '2']],
    ['3', 10, ['1', '5', '2', '4', '6']],
  ])('around %s, at most %i: %j', (id, limit, expected) => {
    const current = entries.find((entry) => entry.id === id) ?? { id, group: '' };
    const related = relatedEntries(entries, current, (entry) => entry.group === current.group, limit);
    expect(related.map((entry) => entry.id)).toEqual(expected);
  });
});

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [2, 7, [1, 2, 3, 4, null, 7]],
    [1, 84, [1, 2, 3, null, 84]],
    [42, 84, [1, null, 40, 41, 42, 43, 44, null, 84]],
    [84, 84, [1, null, 82, 83, 84]],
    [5, 9, [1, 2, 3, 4, 5, 6, 7, 8, 9]],
    [4, 10, [1, 2, 3, 4, 5, 6, null, 10]],
  ])('page %i of %i', (current, pages, expected) => {
    expect(pageWindow(current, pages)).toEqual(expected);
  });
});

describe('paginationEntries', () => {
  /** The entries as a line: controls by label ('-' when disabled), numbers ('[n]' the current one), '…'. */
  const line = (current: number, pages: number) =>
    paginationEntries(current, pages)
      .map((entry) => {
        if (entry === null) return '…';
        if ('number' in entry) return entry.isCurrent ? `[${entry.number}]` : String(entry.number);
        return `${entry.isDisabled ? '-' : ''}${entry.label}→${entry.page}`;
      })
      .join(' ');
  it.each([
    [1, 3, '-Primeira→1 -Anterior→0 [1] 2 3 Próxima→2 Última→3'],
    [2, 3, 'Primeira→1 Anterior→1 1 [2] 3 Próxima→3 Última→3'],
    [42, 84, 'Primeira→1 Anterior→41 1 … 40 41 [42] 43 44 … 84 Próxima→43 Última→84'],
    [84, 84, 'Primeira→1 Anterior→83 1 … 82 83 [84] -Próxima→85 -Última→84'],
  ])('page %i of %i', (current, pages, expected) => {
    expect(line(current, pages)).toBe(expected);
  });
});

describe.each([
  {
    what: 'a search: page 1, the first match large',
    query: { q: 'rio', chip: null, page: 1 },
    ids: ['1', '3'],
    leadId: '1',
    page: 1,
    total: 2,
  },
  {
    what: 'a chip, accents and case aside',
    query: { q: '', chip: 'eventos', page: 1 },
    ids: ['2', '3'],
    leadId: '2',
    page: 1,
    total: 2,
  },
  { what: 'a later page: no large card', query: { q: '', chip: null, page: 2 }, ids: ['4'], leadId: null, page: 2, total: 4 },
  { what: 'a page past the last: the last', query: { q: '', chip: null, page: 9 }, ids: ['4'], leadId: null, page: 2, total: 4 },
  { what: 'nothing matches', query: { q: 'neve', chip: null, page: 1 }, ids: [], leadId: null, page: 1, total: 0 },
])('portalView: $what', ({ query, ids, leadId, page, total }) => {
  const entries = [
    { id: '1', texts: ['Festa no rio'], chip: 'Cultura' },
    { id: '2', texts: ['Natal'], chip: 'Eventos' },
    { id: '3', texts: ['Rio Paraguai'], chip: 'Eventos' },
    { id: '4', texts: ['Pesca'], chip: 'Cultura' },
  ];
  it(`shows ${JSON.stringify(ids)}`, () => {
    const view = portalView(entries, query, (entry) => entry, 3);
    expect(view).toEqual({ ids, leadId, page, pages: total > 3 ? 2 : 1, total });
  });
});

describe.each([
  [{ page: 1, pages: 1, total: 1 }, '1 notícia encontrada'],
  [{ page: 1, pages: 1, total: 3 }, '3 notícias encontradas'],
  [{ page: 2, pages: 3, total: 27 }, '27 notícias encontradas – página 2 de 3'],
  [{ page: 1, pages: 1, total: 0 }, 'Nenhuma notícia encontrada'],
])('portalStatus(%j)', (view, expected) => {
  it(`says ${expected}`, () =>
    expect(portalStatus(view, ['notícia encontrada', 'notícias encontradas'], 'Nenhuma notícia encontrada')).toBe(expected));
});

/** A navigator with the given parts that records what it was asked. */
function fakeNavigator(parts: { share?: 'ok' | 'abort' | 'fail'; canShare?: boolean; clipboard?: 'ok' | 'fail' }) {
  const calls: string[] = [];
  const nav: ShareNavigator = {};
  if (parts.share) {
    nav.share = async (data) => {
      calls.push(`share ${data.url}`);
      if (parts.share === 'abort') throw new DOMException('closed', 'AbortError');
      if (parts.share === 'fail') throw new DOMException('denied', 'NotAllowedError');
    };
  }
  if (parts.canShare !== undefined) nav.canShare = () => parts.canShare as boolean;
  if (parts.clipboard) {
    nav.clipboard = {
      writeText: async (text) => {
        calls.push(`copy ${text}`);
        if (parts.clipboard === 'fail') throw new Error('denied');
      },
    };
  }
  return { nav, calls };
}

describe('shareOrCopy', () => {
  const URL_ = 'https://example.org/news/1';
  it.each([
    ['share sheet', { share: 'ok', clipboard: 'ok' } as const, 'shared', [`share ${URL_}`]],
    ['sheet closed by the visitor', { share: 'abort', clipboard: 'ok' } as const, 'cancelled', [`share ${URL_}`]],
    ['sheet refused: copies instead', { share: 'fail', clipboard: 'ok' } as const, 'copied', [`share ${URL_}`, `copy ${URL_}`]],
    ['canShare says no: copies', { share: 'ok', canShare: false, clipboard: 'ok' } as const, 'copied', [`copy ${URL_}`]],
    ['no share API: copies', { clipboard: 'ok' } as const, 'copied', [`copy ${URL_}`]],
    ['copy refused', { clipboard: 'fail' } as const, 'failed', [`copy ${URL_}`]],
    ['nothing available', {} as const, 'failed', []],
  ])('%s', async (_name, parts, outcome, calls) => {
    const fake = fakeNavigator(parts);
    expect(await shareOrCopy(fake.nav, { title: 'Notícia', url: URL_ })).toBe(outcome);
    expect(fake.calls).toEqual(calls);
  });

  it('works without a navigator at all', async () => {
    expect(await shareOrCopy(undefined, { title: 'x', url: URL_ })).toBe('failed');
  });
});

describe('share labels and messages', () => {
  it.each([
    [{ share: 'ok' } as const, true, 'Compartilhar'],
    [{ share: 'ok', canShare: false } as const, false, 'Copiar link'],
    [{ clipboard: 'ok' } as const, false, 'Copiar link'],
  ])('%j → sheet %s, %s', (parts, hasSheet, label) => {
    const { nav } = fakeNavigator(parts);
    expect(canUseShareSheet(nav)).toBe(hasSheet);
    expect(shareLabel(nav)).toBe(label);
  });

  it.each([
    ['copied', 'Link copiado'],
    ['failed', 'Não foi possível copiar o link'],
    ['shared', ''],
    ['cancelled', ''],
  ] as const)('%s → %j', (outcome, message) => {
    expect(shareMessage(outcome)).toBe(message);
  });
});

const ARTICLE: NewsArticle = {
  id: '1305',
  title: 'Natal Iluminado',
  summary: `${'Palavra '.repeat(40)}fim.`,
  contentHtml: '<p>Texto longo que não vai para o índice.</p>',
  image: 'https://blog.example.org/natal.jpg',
  hasPlaceholderImage: false,
  author: 'Redação',
  publishedAt: '2026-11-10T22:05:00.000Z',
  category: 'Eventos',
  tags: ['Natal'],
  hasPublishedTime: true,
  readTime: 1,
  featured: true,
  slug: 'natal',
  views: 411,
  status: 'publish',
  link: null,
};

const TESTIMONIAL: Testimonial = {
  id: '1001',
  name: 'Fernanda Lopes',
  avatar: null,
  image: null,
  location: { city: 'Cuiabá', state: 'MT' },
  rating: 10,
  title: 'Trilha',
  content: 'Que lugar maravilhoso! '.repeat(20),
  isAudio: false,
  writtenDate: '2025-01-15T12:00:00.000Z',
  experience: 'tours',
  experienceId: null,
  featured: true,
  verified: true,
  helpful: 0,
  status: 'published',
  country: 'BR',
};

describe('portalPageOf', () => {
  it.each([
    [0, 1],
    [11, 1],
    [12, 2],
    [23, 2],
    [24, 3],
    [1000, 84],
  ])('the entry at position %i is on static page %i (12 a page, as paginate)', (position, expected) => {
    expect(portalPageOf(position)).toBe(expected);
    const entries = Array.from({ length: position + 1 }, (_, index) => index);
    expect(paginate(entries, expected).entries).toContain(position);
  });
});

describe('index entries', () => {
  it('a news entry holds its id, its static page and what the search reads, nothing a card shows', () => {
    const entry = toNewsIndexEntry(ARTICLE, 3);
    expect(Object.keys(entry).sort()).toEqual(['category', 'id', 'page', 'summary', 'tags', 'title']);
    expect(entry).toMatchObject({ id: '1305', page: 3, tags: ['Natal'] });
    // The whole summary: the search reads every word of it.
    expect(entry.summary).toBe(ARTICLE.summary);
  });

  it.each([
    ['Cuiabá – MT', 'Cuiabá – MT'],
    [null, null],
  ])('a testimonial entry (place %j) has its page and whole text', (place, expected) => {
    const entry = toTestimonialIndexEntry(TESTIMONIAL, 2, place);
    expect(Object.keys(entry).sort()).toEqual(['content', 'experience', 'id', 'name', 'page', 'place', 'title']);
    expect(entry).toMatchObject({ id: '1001', page: 2, place: expected });
    expect(entry.content).toBe(TESTIMONIAL.content);
    expect(JSON.stringify(entry)).not.toContain('email');
  });
});

describe('shareLinks', () => {
  it('are plain Facebook, Twitter and WhatsApp URLs with the page encoded', () =>
    expect(shareLinks('https://turismo.example.com.br/news/1?a=b', 'Festa & Praia')).toEqual([
      {
        network: 'Facebook',
        href: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fturismo.example.com.br%2Fnews%2F1%3Fa%3Db',
      },
      {
        network: 'Twitter',
        href: 'https://twitter.com/intent/tweet?url=https%3A%2F%2Fturismo.example.com.br%2Fnews%2F1%3Fa%3Db&text=Festa%20%26%20Praia',
      },
      {
        network: 'WhatsApp',
        href: 'https://wa.me/?text=Festa%20%26%20Praia%20https%3A%2F%2Fturismo.example.com.br%2Fnews%2F1%3Fa%3Db',
      },
    ]));
});
