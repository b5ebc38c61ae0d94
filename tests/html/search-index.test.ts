/**
 * The sample build's search index, searched without a browser: the site's own query code
 * (src/islands/pagefind.ts `runSearch`) over the real index in dist/pagefind, its pagefind.js and WebAssembly run
 * in Node (tests/support/pagefind-node.ts). An item of every kind is found as a visitor types it (no accents, lower
 * case), accents, case and word forms do not matter, nonsense finds nothing, a kind narrows the results; and what
 * the built pages give the index (only the detail pages' main content, with kind, locality, title, photo and price).
 * The dialog and /busca that show the results, in a browser: tests/e2e/search.spec.ts; their islands on a stand-in
 * index: tests/components/search.test.tsx.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { close as closePagefind, createIndex } from 'pagefind';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runSearch, type SearchAnswer } from '../../src/islands/pagefind.ts';
import { DIST, page, textOf } from '../support/dist-pages.ts';
import { loadPagefindFrom, serveIndexFiles } from '../support/pagefind-node.ts';

// What src/islands/pagefind.ts imports from the site's /pagefind/: the build's own.
vi.mock('/pagefind/pagefind.js', async () => await loadPagefindFrom(path.join(DIST, 'pagefind')));

let restoreFetch = () => {};
beforeAll(() => {
  restoreFetch = serveIndexFiles();
});
afterAll(() => restoreFetch());

/** The dialog's first page of results (SearchPanel.tsx shows 8). */
const PAGE_SIZE = 8;

async function search(query: string, kind: string | null = null): Promise<SearchAnswer> {
  const answer = await runSearch(query, kind, PAGE_SIZE);
  if (!answer) throw new Error(`"${query}" was superseded`);
  return answer;
}

const SNAPSHOT = path.resolve(import.meta.dirname, '../../data/sample-snapshot');
const titleOf = (collection: string, id: string): string => {
  const records = JSON.parse(readFileSync(path.join(SNAPSHOT, `${collection}.json`), 'utf8')) as {
    id: string;
    title?: string;
    name?: string;
  }[];
  const record = records.find((entry) => entry.id === id);
  if (!record) throw new Error(`${collection}/${id} is not in the sample data`);
  return collection === 'testimonials' ? `Depoimento de ${record.name}` : (record.title ?? '');
};

/** One item of every kind, the query a visitor types (lower case, no accents) and its page. */
const CASES = [
  { kind: 'Passeio', query: 'day use juliao', collection: 'tours', id: '103', path: '/tour/103' },
  { kind: 'Hospedagem', query: 'pousada tuiuiu', collection: 'accommodation', id: '205', path: '/accommodation/205' },
  { kind: 'Restaurante', query: 'churrascaria gaucha', collection: 'restaurants', id: '303', path: '/restaurant/303' },
  { kind: 'Evento', query: 'festa sao benedito', collection: 'events', id: '402', path: '/event/402' },
  { kind: 'Experiência', query: 'experiencia cachoeiras', collection: 'experiences', id: '2', path: '/experience/2' },
  { kind: 'Condutor', query: 'josue ferreira', collection: 'drivers', id: '502', path: '/driver/502' },
  { kind: 'Guia', query: 'camila rocha', collection: 'guides', id: '602', path: '/guide/602' },
  { kind: 'Agência', query: 'pantanal norte viagens', collection: 'agencies', id: '702', path: '/agency/702' },
  {
    kind: 'Fornecedor',
    query: 'turismo comunitario umutina',
    collection: 'tourProviders',
    id: '802',
    path: '/provider-tour/802',
  },
  { kind: 'Notícia', query: 'mojica pintado', collection: 'news', id: '1271', path: '/news/1271' },
  { kind: 'Depoimento', query: 'marcos antonio ribeiro', collection: 'testimonials', id: '1003', path: '/testimonials/1003' },
].map((entry) => ({ ...entry, title: titleOf(entry.collection, entry.id) }));

const CASCADES = 'Trilha e Banho nas Cachoeiras da Serra das Araras';

describe('the search index of the sample build', () => {
  it.each(CASES)('finds the $kind "$title" by "$query", its own page with its kind and the words marked', async (entry) => {
    const { hits } = await search(entry.query);
    // Its own page, not a story that names it.
    const hit = hits.find((found) => found.path === entry.path);
    expect(hit, `"${entry.query}" finds ${entry.path}`).toMatchObject({ title: entry.title, kind: entry.kind });
    expect(hit?.excerpt.some((part) => part.isMatch)).toBe(true);
    // The page the result opens is the item's.
    expect(textOf(page(entry.path).querySelector('h1'))).toBe(entry.title);
  });

  it.each(['CACHOEIRA', 'cachoeiras', 'cachoeíra', 'cachoei'])(
    'finds the tour of the waterfalls by "%s": accents and case do not matter, word forms and a word cut short match',
    async (query) => {
      const { hits } = await search(query);
      expect(hits.map((hit) => hit.title)).toContain(CASCADES);
    },
  );

  it('finds by a word with its accent, as typed on /busca ("julião")', async () => {
    const { hits } = await search('julião');
    expect(hits.map((hit) => hit.title)).toContain('Day Use na Praia do Julião');
  });

  it.each(['xyzzyqwerty', 'asdfgh', 'asdfgh cachoeira', 'rioqqqq'])(
    'finds nothing for "%s", though Pagefind would answer a shorter word (asdfgh → às, rioqqqq → rio)',
    async (query) => {
      expect(await search(query)).toMatchObject({ hits: [], total: 0 });
    },
  );

  it.each(['pesca', 'rio paraguai'])('narrows "%s" to events: only events, as many as its chip counts', async (query) => {
    const answer = await search(query, 'Evento');
    const count = answer.kindCounts?.Evento ?? 0;
    expect(count).toBeGreaterThan(0);
    expect(answer.total).toBe(count);
    expect(answer.hits).toHaveLength(Math.min(count, PAGE_SIZE));
    for (const hit of answer.hits) expect(hit.kind).toBe('Evento');
  });
});

describe('what the built pages give the index', () => {
  const attributes = (document: Document, name: string) =>
    [...document.querySelectorAll(`[${name}]`)].map((element) => element.getAttribute(name));

  it("a tour's page: its main content only, with kind, locality, title, photo and price", async () => {
    const document = page('/tour/101');
    const bodies = document.querySelectorAll('[data-pagefind-body]');
    expect(bodies).toHaveLength(1);
    const body = bodies[0] as Element;
    expect(body.querySelector('h1')).not.toBeNull();
    expect(body.closest('header.site-header') ?? body.querySelector('.site-header, footer')).toBeNull();
    const related = [...document.querySelectorAll('h2')].find((heading) => textOf(heading) === 'Outros passeios');
    expect(related).toBeDefined();
    expect(body.contains(related as Element)).toBe(false);
    expect(attributes(document, 'data-pagefind-filter')).toEqual(['tipo:Passeio', 'localidade:Barra do Bugres']);
    const meta = attributes(document, 'data-pagefind-meta');
    expect(meta).toEqual([`title:${CASCADES}`, expect.stringMatching(/^image:\/_astro\/[^/]+\.webp$/), 'price:R$ 150,00']);
    // The result's photo is cropped square at twice the 72 px it is drawn at (SEARCH_THUMB), not a card-size photo.
    const image = path.join(DIST, (meta[1] ?? '').replace(/^image:\//, ''));
    const { width, height } = await sharp(image).metadata();
    expect([width, height]).toEqual([144, 144]);
  });

  it("a news story's page: its main content only, with its kind, without the related stories", () => {
    const document = page('/news/1271');
    const bodies = document.querySelectorAll('[data-pagefind-body]');
    expect(bodies).toHaveLength(1);
    expect(attributes(document, 'data-pagefind-filter')).toEqual(['tipo:Notícia']);
    const headings = [...(bodies[0] as Element).querySelectorAll('h2, h3')].map(textOf);
    expect(headings).not.toContain('Notícias relacionadas');
  });

  it.each(['/', '/all-tours', '/news', '/busca', '/contato'])('%s is not indexed', (sitePath) => {
    expect(page(sitePath).querySelector('[data-pagefind-body]')).toBeNull();
  });
});

describe('Pagefind with the settings of the site', () => {
  it('folds accents: "acai" finds "açaí" (a page of our own, indexed with the same Node API as the build)', async () => {
    // The sample data has no açaí: a one-page site indexed here.
    const dir = mkdtempSync(path.join(tmpdir(), 'pagefind-acai-'));
    try {
      const html = `<!doctype html><html lang="pt-BR"><body><main data-pagefind-body><h1>Tigela de Açaí</h1><p>O melhor açaí com guaraná e pão de queijo.</p></main></body></html>`;
      const { index } = await createIndex();
      await index?.addHTMLFile({ url: '/acai', content: html });
      await index?.writeFiles({ outputPath: path.join(dir, 'pagefind') });
      await closePagefind();
      const pagefind = await loadPagefindFrom(path.join(dir, 'pagefind'));
      const excerpts: string[] = [];
      for (const query of ['acai', 'AÇAI', 'guarana', 'pao de queijo']) {
        const answer = await pagefind.search(query);
        excerpts.push((await answer.results[0]?.data())?.excerpt ?? '');
      }
      const [acai, upper, guarana, cheese] = excerpts;
      expect(acai).toContain('<mark>açaí</mark>');
      expect(upper).toContain('<mark>açaí</mark>');
      expect(guarana).toContain('<mark>guaraná</mark>');
      expect(cheese).toContain('<mark>pão</mark>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
