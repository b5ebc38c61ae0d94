/**
 * The open data of /dados (src/lib/open-data/): the CSV writer's quoting and formula rule, the JSON
 * beside it, the columns of each collection (each read from a field its pages show, and nothing
 * else), every collection of the sample snapshot written and read back, the licence setting, the
 * manifest's listed counts the files match, and the CSV files' content type in _headers. The files of
 * a real build: tests/html/open-data.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsOf, listedCountsOf, PUBLISHED_COLLECTIONS, type Snapshot } from '../../src/integrations/build-manifest.ts';
import { CSV_TYPE, headerRules, headersForPath } from '../../src/integrations/headers.ts';
import { DEFAULT_DATA_LICENSE, readDataLicense } from '../../src/lib/config.ts';
import { ENTITIES } from '../../src/lib/entities.ts';
import { isOpenDataFile } from '../../src/lib/offline.ts';
import {
  OPEN_DATASETS,
  type OpenDataContext,
  type OpenDataSource,
  openDataPath,
  openDataTables,
} from '../../src/lib/open-data/columns.ts';
import { type Cell, csvField, toCsv, toJson, withoutFormula } from '../../src/lib/open-data/csv.ts';
import { openDataLd } from '../../src/lib/open-data/json-ld.ts';
import {
  type Experience,
  ITEM_KINDS,
  type Item,
  type ItemKind,
  type NewsArticle,
  SNAPSHOT_SCHEMAS,
  type Testimonial,
} from '../../src/lib/schemas/index.ts';
import { ratingScale } from '../../src/lib/testimonials/testimonials.ts';
import { formulaCells, parseCsv, readCsv } from '../support/csv.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLE = path.join(ROOT, 'data/sample-snapshot');
const ORIGIN = 'https://turismo.example.com.br';

describe('csvField', () => {
  describe.each<[string, Cell, string]>([
    ['a plain text', 'Passeio de barco', '"Passeio de barco"'],
    ['the separator', 'Centro; Barra do Bugres', '"Centro; Barra do Bugres"'],
    ['quotes', 'O "melhor" pôr do sol', '"O ""melhor"" pôr do sol"'],
    ['a line break', 'linha 1\nlinha 2', '"linha 1\nlinha 2"'],
    ['a carriage return and line feed', 'a\r\nb', '"a\r\nb"'],
    ['a comma', 'Cuiabá, MT', '"Cuiabá, MT"'],
    ['a formula', '=HYPERLINK("http://x.example","clique")', '"\'=HYPERLINK(""http://x.example"",""clique"")"'],
    ['a leading +', '+55 65 99999-0000', '"\'+55 65 99999-0000"'],
    ['a leading -', '-1+1', '"\'-1+1"'],
    ['a leading @', '@SOMA(A1)', '"\'@SOMA(A1)"'],
    ['a leading tab', '\t=1', '"\'\t\'=1"'],
    ['a leading tab before a word', '\tabc', '"\'\tabc"'],
    ['a leading carriage return', '\r=1', '"\'\r\'=1"'],
    ['an = inside the text', 'a=b', '"a=b"'],
    ['a - inside a word or after a space', 'Cuiabá - MT, pé-de-moleque', '"Cuiabá - MT, pé-de-moleque"'],
    // A spreadsheet in a comma locale splits the field at the comma: the part after it would be a cell.
    ['a formula after a comma', "Festa do Peixe,=cmd|' /C calc'!A0,", "\"Festa do Peixe,'=cmd|' /C calc'!A0,\""],
    ['a formula after a comma and spaces', 'a,  +1', '"a,  \'+1"'],
    ['a formula after a semicolon', 'a;@SOMA(1)', '"a;\'@SOMA(1)"'],
    ['a formula after a tab', 'a\t-1+1', '"a\t\'-1+1"'],
    // A reader that knows no quotes starts a row at the line break.
    ['a formula after a line break', 'linha 1\n=1+1', '"linha 1\n\'=1+1"'],
    ['a formula after a carriage return', 'linha 1\r\n=1+1', '"linha 1\r\n\'=1+1"'],
    // The quote is doubled in the file; a reader that strips quotes would leave the formula first.
    ['a formula after a comma and a quote', 'a,"=1+1', '"a,""\'=1+1"'],
    ['each of several parts', '=a,=b;-c', "\"'=a,'=b;'-c\""],
    ['an id that reads as a number', '1e5', '"1e5"'],
    ['a CNPJ', '12.345.678/0001-90', '"12.345.678/0001-90"'],
    ['a CNPJ in digits', '01234567000189', '"01234567000189"'],
    ['a phone number', '(65) 99912-3456', '"(65) 99912-3456"'],
    ['a number with decimals', 4.5, '4.5'],
    ['a large number', 1_000_000, '1000000'],
    ['zero', 0, '0'],
    ['a negative number', -3, '-3'],
    ['a number that is none', Number.NaN, ''],
    ['yes', true, '"sim"'],
    ['no', false, '"não"'],
    ['nothing', null, ''],
    ['an empty text', '', '""'],
    ['a list', ['Ecoturismo', 'Pesca esportiva'], '"Ecoturismo | Pesca esportiva"'],
    ['an empty list', [], '""'],
    ['a list whose first value is a formula', ['=1+1', 'b'], '"\'=1+1 | b"'],
    ['a list with the separator', ['a;b', 'c'], '"a;b | c"'],
  ])('%s', (_, cell, field) => {
    it(`is written ${JSON.stringify(field)}`, () => {
      expect(csvField(cell)).toBe(field);
    });
  });
});

describe('toCsv and toJson', () => {
  const header = ['nome', 'avaliacao', 'tags', 'destaque'];
  const rows: Cell[][] = [
    ['Trilha; Serra', 4.5, ['a', 'b'], true],
    ['=cmd', null, [], false],
  ];

  it('writes the byte order mark, a bare header row and CRLF line ends', () => {
    const csv = toCsv(header, rows);
    expect(csv.startsWith('\uFEFFnome;avaliacao;tags;destaque\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(4);
    expect(parseCsv(csv)).toEqual([header, ['Trilha; Serra', '4.5', 'a | b', 'sim'], ["'=cmd", '', '', 'não']]);
  });

  it('quotes every text and nothing else: a reader that keeps quoted fields as text keeps the ids and CNPJs', () => {
    const csv = toCsv(['id', 'cnpj', 'avaliacao', 'fim'], [['1e5', '01234567000189', 4.5, null]]);
    expect(readCsv(csv)).toEqual([
      [
        { text: 'id', isQuoted: false },
        { text: 'cnpj', isQuoted: false },
        { text: 'avaliacao', isQuoted: false },
        { text: 'fim', isQuoted: false },
      ],
      [
        { text: '1e5', isQuoted: true },
        { text: '01234567000189', isQuoted: true },
        { text: '4.5', isQuoted: false },
        { text: '', isQuoted: false },
      ],
    ]);
  });

  it('refuses a column name that would need quotes or could be a formula', () => {
    expect(() => toCsv(['id', '=nome'], [])).toThrow(/=nome/);
    expect(() => toCsv(['id', 'nome;x'], [])).toThrow(/nome;x/);
  });

  it('writes the same rows as JSON objects: numbers, lists, yes and no, null, texts as they are', () => {
    expect(JSON.parse(toJson(header, rows))).toEqual([
      { nome: 'Trilha; Serra', avaliacao: 4.5, tags: ['a', 'b'], destaque: true },
      { nome: '=cmd', avaliacao: null, tags: [], destaque: false },
    ]);
  });

  it('reads back any text as written, a formula with its apostrophe', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 2, maxLength: 2 }), { maxLength: 5 }),
        (cells) => {
          const parsed = parseCsv(toCsv(['a', 'b'], cells)).slice(1);
          expect(parsed).toEqual(cells.map((row) => row.map(withoutFormula)));
        },
      ),
    );
  });
});

describe('no formula in any reader', () => {
  const HOSTILE: readonly string[] = [
    "Festa do Peixe,=cmd|' /C calc'!A0,",
    '=HYPERLINK("https://golpe.example","Clique")',
    'Passeio\n=1+1',
    'Passeio\r\n@SOMA(1)',
    'Passeio\r-1+1',
    'a;+1+1',
    'a\t=1',
    'a, "=1+1"',
    'a,""=1',
    '  =1',
    '"=1',
  ];

  it('the reader of the tests finds the formula of a file written without the apostrophes', () => {
    const bare = `\uFEFFid;nome\r\n"1";"${HOSTILE[0]}"\r\n`;
    expect(formulaCells(bare)).toContainEqual({ reader: '","', cell: "=cmd|' /C calc'!A0" });
    expect(formulaCells('"a\n=1+1"')).toContainEqual({ reader: '";", no quotes', cell: '=1+1"' });
  });

  it.each(HOSTILE)('%j is text, read with ; , or a tab, with or without quotes', (text) => {
    expect(formulaCells(toCsv(['id', 'nome', 'local'], [['1', text, text]]))).toEqual([]);
  });

  it('holds for any text made of separators, quotes, spaces, line breaks and formula characters', () => {
    const pieces = ['=', '+', '-', '@', ',', ';', '\t', '\r', '\n', '"', ' ', 'a', '1', "'"];
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), { minLength: 1, maxLength: 3 }), (texts) => {
        const cells = texts.map((parts) => parts.join(''));
        expect(formulaCells(toCsv(['a', 'b', 'c'], [[cells[0] ?? '', cells[1] ?? null, cells[2] ?? null]]))).toEqual([]);
      }),
    );
  });
});

describe('readDataLicense (DATA_LICENSE)', () => {
  it.each([
    [null, DEFAULT_DATA_LICENSE],
    ['CC0 1.0', { name: 'CC0 1.0', url: null }],
    [
      ' ODbL 1.0 | https://opendatacommons.org/licenses/odbl/1-0/ ',
      { name: 'ODbL 1.0', url: 'https://opendatacommons.org/licenses/odbl/1-0/' },
    ],
  ])('reads %j', (value, license) => {
    expect(readDataLicense(value)).toEqual(license);
  });

  it('defaults to CC BY 4.0 in Portuguese', () => {
    expect(DEFAULT_DATA_LICENSE).toEqual({ name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/deed.pt-br' });
  });

  it.each(['|https://x.example', 'CC BY|ftp://x.example', 'CC BY|javascript:alert(1)'])('fails the build on %j', (value) => {
    expect(() => readDataLicense(value)).toThrow(/DATA_LICENSE/);
  });
});

/** The sample snapshot as the build reads it: each file through its schema. */
function readSample<T>(name: keyof typeof SNAPSHOT_SCHEMAS): T[] {
  const entries = JSON.parse(readFileSync(path.join(SAMPLE, `${name}.json`), 'utf8')) as unknown[];
  return entries.map((entry) => SNAPSHOT_SCHEMAS[name].parse(entry) as T);
}
const itemPages = Object.fromEntries(ITEM_KINDS.map((kind) => [kind, readSample<Item>(ENTITIES[kind].collection)])) as Record<
  ItemKind,
  Item[]
>;
const source: OpenDataSource = {
  items: Object.fromEntries(ITEM_KINDS.map((kind) => [kind, itemPages[kind].filter((item) => item.isListed)])) as Record<
    ItemKind,
    Item[]
  >,
  experiences: readSample<Experience>('experiences'),
  news: readSample<NewsArticle>('news'),
  testimonials: readSample<Testimonial>('testimonials'),
};
const context: OpenDataContext = {
  pageUrl: (sitePath) => `${ORIGIN}${sitePath}`,
  hasItemPage: (kind, id) => itemPages[kind].some((item) => item.id === id),
  blogUrl: 'https://blog.example.com.br',
  testimonialScale: ratingScale(source.testimonials),
};

describe('openDataLd (the structured data of /dados)', () => {
  const context = {
    pageUrl: (path: string) => `https://turismo.example.gov.br${path}`,
    place: 'Cáceres – MT',
    publisher: 'Secretaria Municipal de Turismo',
    modified: '2026-11-28',
  };
  const datasetsOf = (ld: object) => (ld as { dataset: Record<string, unknown>[] }).dataset;

  it('gives each collection its files, its publisher and the day of the build', () => {
    const [tours] = datasetsOf(openDataLd(OPEN_DATASETS, { ...context, license: DEFAULT_DATA_LICENSE }));
    expect(tours).toMatchObject({
      '@type': 'Dataset',
      license: DEFAULT_DATA_LICENSE.url,
      creator: { name: 'Secretaria Municipal de Turismo' },
      dateModified: '2026-11-28',
      distribution: [
        { encodingFormat: 'text/csv', contentUrl: 'https://turismo.example.gov.br/dados/passeios.csv' },
        { encodingFormat: 'application/json', contentUrl: 'https://turismo.example.gov.br/dados/passeios.json' },
      ],
    });
    expect(tours?.description).toContain('Cáceres – MT');
  });

  it('names a licence that has no address rather than inventing one', () => {
    const license = readDataLicense('Licença municipal de dados');
    for (const dataset of datasetsOf(openDataLd(OPEN_DATASETS, { ...context, license }))) {
      expect(dataset.license).toEqual({ '@type': 'CreativeWork', name: 'Licença municipal de dados' });
    }
  });
});

describe('the collections and their columns', () => {
  it("publishes every collection with pages but the city, the podcast and the blog's pages (the site's own text), each once, under its own file name", () => {
    expect(OPEN_DATASETS.map((dataset) => dataset.collection).sort()).toEqual(
      PUBLISHED_COLLECTIONS.filter((name) => name !== 'city' && name !== 'episodes' && name !== 'blogPages').sort(),
    );
    const slugs = OPEN_DATASETS.map((dataset) => dataset.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z][a-z-]*$/);
    expect(openDataPath({ slug: 'passeios' }, 'csv')).toBe('/dados/passeios.csv');
    expect(isOpenDataFile(openDataPath({ slug: 'passeios' }, 'json'))).toBe(true);
  });

  it.each(OPEN_DATASETS.map((dataset) => [dataset.slug, dataset] as const))(
    '%s: names each column once, in lower case without accents, describes it, starts with the id and ends with the page',
    (_, dataset) => {
      const keys = dataset.columns.map((column) => column.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const column of dataset.columns) {
        expect(column.key).toMatch(/^[a-z][a-z_]*$/);
        expect(column.description.length, column.key).toBeGreaterThan(10);
      }
      expect(keys[0]).toBe('id');
      expect(keys.at(-1)).toBe('url');
      expect(dataset.rowNote).toMatch(/^Uma linha por /);
    },
  );
});

/**
 * The fields each collection's pages show, by where they show them: every column must be made of
 * these only. A field that is not here (a status code, an e-mail a page does not show, the image
 * addresses, the description's HTML) never reaches a file.
 */
const CARD = ['id', 'kind', 'title', 'excerpt', 'location', 'locality', 'duration', 'rating', 'tags', 'attributes'];
const PRICE = ['price', 'priceValue', 'salePrice', 'salePriceValue', 'discountPercent', 'isFree'];
/** ProviderCard.astro on tours, events and accommodation; the restaurant's has no CNPJ. */
const PROVIDER_BLOCK = ['name', 'contact', 'phone', 'email', 'website', 'address'].map((field) => `provider.${field}`);
/** ContactBox.astro and the registration data of ProfileDetail.astro and TourProviderPage.astro. */
const PROFILE = ['category', 'contactPhone', 'email', 'businessName', 'cnpj', 'cadastur', 'experiences'];
const SHOWN_ITEM_FIELDS: Record<ItemKind, string[]> = {
  tour: [...CARD, ...PRICE, 'people', 'experiences', ...PROVIDER_BLOCK, 'provider.cnpj'],
  event: [...CARD, ...PRICE, 'people', 'startDate', 'endDate', 'experiences', ...PROVIDER_BLOCK, 'provider.cnpj'],
  accommodation: [...CARD, ...PRICE, 'people', 'amenities', ...PROVIDER_BLOCK, 'provider.cnpj'],
  restaurant: [...CARD, ...PRICE, 'cuisine', 'phone', 'contactPhone', ...PROVIDER_BLOCK],
  driver: [...CARD, ...PRICE, ...PROFILE],
  guide: [...CARD, ...PRICE, ...PROFILE],
  agency: [...CARD, ...PRICE, ...PROFILE],
  tourProvider: [...CARD, ...PRICE, ...PROFILE, 'amenities'],
};
const SHOWN_FIELDS: Record<string, string[]> = {
  ...Object.fromEntries(ITEM_KINDS.map((kind) => [ENTITIES[kind].collection, SHOWN_ITEM_FIELDS[kind]])),
  experiences: ['id', 'title', 'subtitle', 'excerpt', 'provider.name', 'provider.phone', 'provider.email'],
  // 'link' and 'slug' make the article's 'Ler matéria completa no blog' (fullArticleUrl).
  news: ['id', 'title', 'publishedAt', 'category', 'author', 'summary', 'tags', 'readTime', 'views', 'featured', 'link', 'slug'],
  testimonials: [
    'id',
    'name',
    'location.city',
    'location.state',
    'rating',
    'title',
    'experience',
    'experienceId',
    'content',
    'writtenDate',
    'verified',
    'featured',
    'helpful',
  ],
};

/** `value` with every field read from it recorded by its path ('provider.email'); objects are gone through, lists and values are read. */
function recording<T extends object>(value: T, reads: Set<string>, prefix = ''): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      const result: unknown = Reflect.get(target, key, receiver);
      if (typeof key === 'symbol') return result;
      if (result && typeof result === 'object' && !Array.isArray(result)) return recording(result, reads, `${prefix}${key}.`);
      reads.add(`${prefix}${key}`);
      return result;
    },
  });
}

describe('every column is made of what the pages show', () => {
  it.each(OPEN_DATASETS.map((dataset) => [dataset.slug, dataset] as const))('%s', (_, dataset) => {
    const entries = dataset.entries(source) as object[];
    expect(entries.length).toBeGreaterThan(0);
    for (const column of dataset.columns) {
      const reads = new Set<string>();
      for (const entry of entries) column.read(recording(entry, reads), context);
      const shown = SHOWN_FIELDS[dataset.collection] ?? [];
      // Whether a block is there at all (a provider that is null) is read from the block, as its page reads it.
      const isShown = (field: string) => shown.includes(field) || shown.some((other) => other.startsWith(`${field}.`));
      expect(
        [...reads].filter((field) => !isShown(field)),
        `${dataset.slug}.${column.key}`,
      ).toEqual([]);
    }
  });

  it('leaves out what a page hides: the status code, an e-mail no page shows, an unlisted provider', () => {
    const [tour] = source.items.tour as [Item];
    const hidden: Item = {
      ...tour,
      email: 'so-no-botao@example.com',
      provider: null,
      status: { value: 'active_internal_code', label: 'Ativo', tone: 'success' },
    };
    const [table] = openDataTables({ ...source, items: { ...source.items, tour: [hidden] } }, context);
    const csv = toCsv(table?.header ?? [], table?.rows ?? []);
    expect(csv).not.toContain('@');
    expect(csv).not.toContain('active_internal_code');
    const unlisted = itemPages.driver.filter((item) => !item.isListed);
    expect(unlisted.length).toBeGreaterThan(0);
    const drivers = openDataTables(source, context).find((entry) => entry.dataset.collection === 'drivers');
    const ids = drivers?.rows.map((row) => row[0]);
    for (const item of unlisted) expect(ids).not.toContain(item.id);
  });
});

describe('the sample snapshot as files', () => {
  const tables = openDataTables(source, context);
  const snapshot = Object.fromEntries(
    PUBLISHED_COLLECTIONS.map((name) => [name, JSON.parse(readFileSync(path.join(SAMPLE, `${name}.json`), 'utf8'))]),
  ) as Snapshot;
  const listed = listedCountsOf(snapshot);
  const counts = countsOf(snapshot);

  it.each(tables.map((table) => [table.dataset.slug, table] as const))(
    '%s: its CSV reads back to one row per listed entry, as many as its JSON and the manifest lists',
    (_, table) => {
      const records = parseCsv(toCsv(table.header, table.rows));
      expect(records[0]).toEqual(table.header);
      const rows = records.slice(1);
      expect(rows).toHaveLength(table.dataset.entries(source).length);
      for (const row of rows) expect(row).toHaveLength(table.header.length);
      expect(rows.map((row) => row.at(-1))).toEqual(
        rows.map((row) => expect.stringMatching(new RegExp(`^${ORIGIN}/.+/${row[0]}$`))),
      );
      expect(JSON.parse(toJson(table.header, table.rows))).toHaveLength(rows.length);
      expect(rows).toHaveLength(listed[table.dataset.collection as keyof typeof listed] ?? -1);
    },
  );

  it('counts in the manifest every entry with a page, and apart those listed: less only the providers the lists leave out', () => {
    for (const name of PUBLISHED_COLLECTIONS) {
      const unlisted = (snapshot[name] ?? []).filter((entry) => entry.isListed === false).length;
      expect((counts[name] ?? 0) - (listed[name] ?? 0), name).toBe(unlisted);
    }
    // The sample has providers in review, pending and inactive: the relation is not empty.
    expect(listed.drivers).toBeLessThan(counts.drivers ?? 0);
    expect(listed.tours).toBe(counts.tours);
  });
});

describe('the CSV files on hosts that read _headers', () => {
  it('are sent as UTF-8 CSV, and nothing else is', () => {
    const files = ['index.html', 'dados.html', 'dados/passeios.csv', 'dados/passeios.json', 'news/index.json'];
    const rules = headerRules(files, []);
    expect(headersForPath(rules, '/dados/passeios.csv').get('content-type')).toBe(CSV_TYPE);
    for (const other of ['/dados', '/dados/', '/dados/passeios.json', '/news/index.json', '/']) {
      expect(headersForPath(rules, other).has('content-type'), other).toBe(false);
    }
    expect(headerRules(['index.html'], []).some((rule) => rule.path.endsWith('.csv'))).toBe(false);
    const nested = headerRules(['dados/a.csv', 'dados/antigos/b.csv', 'outros/c.csv'], []);
    expect(nested.filter((rule) => rule.path.endsWith('.csv')).map((rule) => rule.path)).toEqual([
      '/dados/*.csv',
      '/outros/*.csv',
    ]);
    expect(headersForPath(nested, '/dados/antigos/b.csv').get('content-type')).toBe(CSV_TYPE);
  });
});
