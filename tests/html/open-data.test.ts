/**
 * /dados and its files in the sample build (src/lib/open-data/, docs/product.md): the page links every
 * collection's CSV and JSON with its row count; each file has one row per entry the build manifest
 * counts as listed (dist/build-manifest.json: `counts` is every entry with a page, `listed` those the
 * lists show, which are the ones published here); every row's page exists; every text of a CSV is in
 * quotes (its JSON says which values are texts), and none is a formula to any reader (tests/support/csv.ts
 * reads as a spreadsheet does, with its separator, a comma's or a tab's); and no CSV holds an e-mail
 * address that no page of the site shows. The writer and the columns: tests/unit/open-data.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../src/integrations/build-manifest.ts';
import { ENTITIES } from '../../src/lib/entities.ts';
import { OPEN_DATASETS, openDataPath } from '../../src/lib/open-data/columns.ts';
import { ITEM_KINDS } from '../../src/lib/schemas/index.ts';
import { formulaCells, parseCsv, readCsv } from '../support/csv.ts';
import { DIST, fileOf, jsonLd, page, source, textOf } from '../support/dist-pages.ts';

const manifest = JSON.parse(source('/build-manifest.json')) as BuildManifest;
const ITEM_COLLECTIONS = new Set<string>(ITEM_KINDS.map((kind) => ENTITIES[kind].collection));
/** What /dados and its files must count for a collection: its listed entries. */
const listedOf = (collection: string) => (manifest.listed as Record<string, number> | undefined)?.[collection];

describe('the manifest', () => {
  it('counts apart the listed entries: all of them but for the kinds of item, whose unlisted providers keep a page', () => {
    expect(manifest.listed, 'dist/build-manifest.json has no listed counts').toBeDefined();
    for (const { collection } of OPEN_DATASETS) {
      const counted = (manifest.counts as Record<string, number>)[collection] ?? 0;
      const listed = listedOf(collection) ?? -1;
      if (ITEM_COLLECTIONS.has(collection)) expect(listed, collection).toBeLessThanOrEqual(counted);
      else expect(listed, collection).toBe(counted);
    }
  });
});

describe('/dados', () => {
  const document = page('/dados');

  it.each(OPEN_DATASETS.map((dataset) => [dataset.slug, dataset] as const))(
    'links %s as CSV and JSON, with its row count and its dictionary',
    (_, dataset) => {
      for (const format of ['csv', 'json'] as const) {
        const links = document.querySelectorAll(`a[href="${openDataPath(dataset, format)}"][download]`);
        expect(links, `${dataset.slug}.${format}`).toHaveLength(1);
        // The name may wrap only before its extension (the cell breaks anywhere, the name does not).
        const parts = [...(links[0]?.childNodes ?? [])].map((node) => (node.nodeName === 'WBR' ? '<wbr>' : node.textContent));
        expect(parts.join('').trim()).toBe(`${dataset.slug}<wbr>.${format}`);
        expect(links[0]?.classList.contains('file-name')).toBe(true);
      }
      const row = document.querySelector(`a[href="${openDataPath(dataset, 'csv')}"]`)?.closest('tr');
      expect(row?.querySelector('[data-count]')?.getAttribute('data-count')).toBe(String(listedOf(dataset.collection)));
      const dictionary = document.getElementById(`dicionario-${dataset.slug}`);
      expect(dictionary?.tagName).toBe('DETAILS');
      expect([...(dictionary?.querySelectorAll('tbody code') ?? [])].map(textOf)).toEqual(
        dataset.columns.map((column) => column.key),
      );
    },
  );

  it('says how the CSV files are written: separator, line ends, encoding with its mark, quotes', () => {
    const reading = textOf(document.getElementById('dados-como-ler')?.parentElement);
    for (const words of ['ponto e vírgula (;)', 'CRLF', 'UTF-8 com marca de início (BOM)', 'entre aspas duplas', 'utf-8-sig'])
      expect(reading).toContain(words);
  });

  it('says when this version was made, and under which licence', () => {
    expect(textOf(document.querySelector('main'))).toMatch(/Esta versão é de \d{2}\/\d{2}\/\d{4}, às \d{2}:\d{2}/);
    expect(document.querySelector('a[rel="license"]')?.getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('describes each collection to dataset search as a Dataset whose files are the ones it links, under its licence', () => {
    const catalog = jsonLd(document).find((entry) => entry['@type'] === 'DataCatalog');
    const datasets = (catalog?.dataset ?? []) as Record<string, unknown>[];
    expect(datasets).toHaveLength(OPEN_DATASETS.length);
    const licence = document.querySelector('a[rel="license"]')?.getAttribute('href');
    for (const [index, dataset] of OPEN_DATASETS.entries()) {
      const described = datasets[index] ?? {};
      expect(described.name, dataset.slug).toMatch(new RegExp(`^${dataset.name} – `));
      expect(
        String(described.description).length,
        `${dataset.slug}: Google asks for 50 characters or more`,
      ).toBeGreaterThanOrEqual(50);
      expect(described.license, dataset.slug).toBe(licence);
      expect(described.dateModified, dataset.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const files = (described.distribution as { contentUrl: string; encodingFormat: string }[]).map((file) => ({
        path: new URL(file.contentUrl).pathname,
        type: file.encodingFormat,
      }));
      expect(files, dataset.slug).toEqual([
        { path: openDataPath(dataset, 'csv'), type: 'text/csv' },
        { path: openDataPath(dataset, 'json'), type: 'application/json' },
      ]);
      for (const file of files) expect(existsSync(path.join(DIST, fileOf(file.path))), file.path).toBe(true);
    }
  });

  it('runs no script of its own', () => {
    expect(document.querySelectorAll('main script')).toHaveLength(0);
  });
});

let texts: string[] | undefined;
/** Every page's visible text: what is between its tags, without its scripts and styles (read once). */
function pageTexts(): string[] {
  if (texts) return texts;
  texts = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== '_astro' && entry.name !== 'pagefind') walk(full);
      else if (entry.name.endsWith('.html')) {
        texts?.push(
          readFileSync(full, 'utf8')
            .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
            .replace(/<[^>]*>/g, ' '),
        );
      }
    }
  };
  walk(DIST);
  return texts;
}

describe.each(OPEN_DATASETS.map((dataset) => [dataset.slug, dataset] as const))('%s', (_, dataset) => {
  const csv = source(openDataPath(dataset, 'csv'));
  const records = parseCsv(csv);
  const rows = records.slice(1);

  it('is a UTF-8 CSV with a byte order mark and its columns in the header', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1, csv.indexOf('\r\n'))).toBe(dataset.columns.map((column) => column.key).join(';'));
    expect(records[0]).toEqual(dataset.columns.map((column) => column.key));
    for (const row of rows) expect(row).toHaveLength(dataset.columns.length);
  });

  it('quotes every text of its JSON (ids, CNPJs and phones among them) and no number', () => {
    const json = JSON.parse(source(openDataPath(dataset, 'json'))) as Record<string, unknown>[];
    const fields = readCsv(csv).slice(1);
    expect(fields).toHaveLength(json.length);
    for (const [index, entry] of json.entries()) {
      const quoted = Object.fromEntries(dataset.columns.map((column, at) => [column.key, fields[index]?.[at]?.isQuoted]));
      const expected = Object.fromEntries(
        Object.entries(entry).map(([key, value]) => [key, value !== null && typeof value !== 'number']),
      );
      expect(quoted, `${dataset.slug} row ${index + 1}`).toEqual(expected);
    }
    expect(typeof json[0]?.id).toBe('string');
  });

  it('has no cell a spreadsheet would run as a formula, whatever separator it reads with', () => {
    expect(formulaCells(csv)).toEqual([]);
  });

  it('has one row per listed entry of the manifest, as its JSON has', () => {
    expect(rows).toHaveLength(listedOf(dataset.collection) ?? -1);
    const json = JSON.parse(source(openDataPath(dataset, 'json'))) as unknown;
    expect(Array.isArray(json)).toBe(true);
    expect(json).toHaveLength(rows.length);
  });

  it("names each row's page, which the site has", () => {
    for (const row of rows) {
      const url = new URL(row.at(-1) ?? '');
      expect(existsSync(path.join(DIST, fileOf(url.pathname))), url.pathname).toBe(true);
    }
  });

  it('holds no e-mail address that no page shows', () => {
    const addresses = [...new Set(csv.match(/[^\s@;"|<>()']+@[^\s@;"|<>()']+\.[a-z]{2,}/gi) ?? [])];
    for (const address of addresses)
      expect(
        pageTexts().some((text) => text.includes(address)),
        address,
      ).toBe(true);
  });
});
