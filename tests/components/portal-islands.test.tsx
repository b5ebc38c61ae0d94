/**
 * A news portal's islands on `$portalQuery` (src/islands/PortalSearch.tsx, PortalResults.tsx,
 * src/stores/portal.ts), hydrated over their own server rendering in an `<astro-island>` as Astro does:
 * the words and the chips written to the address (a filtered state at the portal's path, the
 * unfiltered one at the static page's), the static page shown as served until the filtered results
 * come, then the static pages' own cards from the index and the pages that hold them (a real local
 * server), the first of page 1 as the large card, the status line, the pages of results, the empty
 * state and the load error. On the built pages: tests/html/portal-results.test.ts; in a browser:
 * tests/e2e/portal-behaviour.spec.ts.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import PortalResults from '../../src/islands/PortalResults.tsx';
import PortalSearch from '../../src/islands/PortalSearch.tsx';
import { $portalQuery, initPortal, type PortalConfig, showPortal } from '../../src/stores/portal.ts';
import { $query } from '../../src/stores/query.ts';
import { hydrateServed, type SiteServer, startSite } from '../support/served-island.tsx';

/** 14 articles, 12 a page: two static pages. Every other one is in 'Eventos'; 'rio' is in the titles of 3. */
const ARTICLES = Array.from({ length: 14 }, (_, index) => ({
  id: String(900 + index),
  title: [2, 7, 12].includes(index) ? `Festa no rio ${index}` : `Notícia ${index}`,
  category: index % 2 === 0 ? 'Eventos' : 'Cultura',
}));
const pageOf = (index: number) => 1 + Math.floor(index / 12);

/** A card as NewsCard.astro writes it (the parts the island reads): the large card's photo sizes beside the grid's. */
const cardHtml = (article: (typeof ARTICLES)[number], isLead = false) =>
  `<article class="card news-card${isLead ? ' lead' : ''}" data-kind="news" data-id="${article.id}" data-category="${article.category}"><a class="cover" data-lead-sizes="660px"><picture><source sizes="400px" srcset="a.avif"></picture></a><h3 class="title"><a href="/news/${article.id}">${article.title}</a></h3></article>`;
/** A static page's results, as NewsPortal.astro lays them out. */
const staticPage = (page: number) => {
  const articles = ARTICLES.filter((_, index) => pageOf(index) === page);
  const [lead, ...rest] = page === 1 ? articles : [undefined, ...articles];
  return `${lead ? `<div class="portal-lead">${cardHtml(lead, true)}</div>` : ''}<ul class="grid news-grid">${rest
    .map((article) => `<li>${article ? cardHtml(article) : ''}</li>`)
    .join('')}</ul>`;
};

const CONFIG: PortalConfig = { base: '/news', chipParam: 'categoria', page: 1 };
const TEXTS = {
  error: 'Erro ao carregar notícias. Tente novamente.',
  empty: 'Nenhuma notícia encontrada',
  filteredEmptyText: 'Tente outra busca ou outra categoria.',
  loading: 'Carregando notícias...',
  found: ['notícia encontrada', 'notícias encontradas'] as [string, string],
};
const search = (config = CONFIG) => (
  <PortalSearch
    config={config}
    id="busca-categoria"
    label="Buscar notícias"
    placeholder="Buscar..."
    chipsLabel="Categorias"
    allLabel="Todas"
    chips={[
      { label: 'Eventos', value: 'Eventos' },
      { label: 'Cultura', value: 'Cultura' },
    ]}
  />
);
const results = (config = CONFIG) => (
  <PortalResults name="news" config={config} searchId="busca-categoria" gridClass="news-grid" texts={TEXTS}>
    {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own fixture, the page's static results. */}
    <div dangerouslySetInnerHTML={{ __html: staticPage(config.page) }} />
  </PortalResults>
);

const at = (address: string) => {
  window.history.replaceState(null, '', address);
  $query.set(window.location.search);
};
const address = () => `${window.location.pathname}${window.location.search}`;
const status = () => document.querySelector('.portal-status')?.textContent ?? '';
const resultIds = () => [...document.querySelectorAll('.portal-results article')].map((card) => card.getAttribute('data-id'));
const staticResults = () => document.querySelector('[data-portal-static]') as HTMLElement;

let site: SiteServer;

beforeAll(async () => {
  site = await startSite((path) => {
    if (path === '/news/index.json') {
      const index = ARTICLES.map((article, index) => ({ ...article, page: pageOf(index), summary: '', tags: [] }));
      return { type: 'application/json', body: JSON.stringify(index) };
    }
    if (path !== '/news/page/2') return null;
    return { type: 'text/html', body: `<!doctype html><body><div data-portal-static>${staticPage(2)}</div></body>` };
  });
});
afterAll(() => site.close());
beforeEach(() => {
  site.requests.length = 0;
  site.failing.clear();
  at('/news');
});
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  at('/news');
});

describe('$portalQuery', () => {
  it('writes a filtered state at the portal’s path, and the unfiltered one at the static page the visitor is on', () => {
    at('/news/page/2');
    initPortal({ ...CONFIG, page: 2 });
    const unbind = $portalQuery.listen(() => {});
    showPortal({ q: 'rio', chip: 'Eventos', page: 1 });
    expect(address()).toBe('/news?q=rio&categoria=Eventos');
    expect($portalQuery.get()).toEqual({ q: 'rio', chip: 'Eventos', page: 1 });
    showPortal({ q: 'rio', chip: 'Eventos', page: 2 });
    expect(address()).toBe('/news?q=rio&categoria=Eventos&pagina=2');
    showPortal({ q: '', chip: null, page: 1 });
    expect(address()).toBe('/news/page/2');
    unbind();
    initPortal(CONFIG);
  });
});

describe('PortalSearch', () => {
  it('searches on Enter and filters by a chip, each back to page 1, and says which chip is on', async () => {
    at('/news?q=velho&pagina=3');
    await hydrateServed(search());
    const box = screen.getByRole('searchbox', { name: 'Buscar notícias' }) as HTMLInputElement;
    expect(box.value).toBe('velho');
    fireEvent.change(box, { target: { value: '  Rio  ' } });
    expect(address()).toBe('/news?q=velho&pagina=3');
    fireEvent.submit(box.form as HTMLFormElement);
    expect(address()).toBe('/news?q=Rio');
    const eventos = screen.getByRole('link', { name: 'Eventos' });
    expect(eventos.getAttribute('href')).toBe('/news?categoria=Eventos');
    fireEvent.click(eventos);
    expect(address()).toBe('/news?q=Rio&categoria=Eventos');
    expect(eventos.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'Todas' }).hasAttribute('aria-current')).toBe(false);
  });

  it('is served with Todas on whatever the address says, and sends the words typed before React came', async () => {
    at('/news?categoria=Eventos');
    const served = document.createElement('div');
    served.innerHTML = renderToString(search());
    expect(served.querySelector('[aria-current]')?.textContent).toBe('Todas');
    await hydrateServed(search(), (island) => {
      (island.querySelector('input[name="q"]') as HTMLInputElement).value = 'festa';
      island.setAttribute('data-pending', '');
    });
    expect(address()).toBe('/news?q=festa&categoria=Eventos');
  });
});

describe('PortalResults', () => {
  it('shows the page as served until the results come, then the static pages’ own cards, the first large', async () => {
    at('/news?q=rio');
    await hydrateServed(results());
    await waitFor(() => expect(status()).toBe('3 notícias encontradas'));
    expect(staticResults().hidden).toBe(true);
    expect(resultIds()).toEqual(['902', '907', '912']);
    const lead = document.querySelector('.portal-results .portal-lead article') as HTMLElement;
    expect(lead.className).toBe('card news-card lead');
    expect(lead.querySelector('source')?.getAttribute('sizes')).toBe('660px');
    const grid = document.querySelector('.portal-results .news-grid article[data-id="907"]') as HTMLElement;
    expect([grid.className, grid.querySelector('source')?.getAttribute('sizes')]).toEqual(['card news-card', '400px']);
    // 912 is on static page 2: fetched once; this page's own cards are at hand.
    expect(site.requests).toEqual(['/news/index.json', '/news/page/2']);
    act(() => $query.set(''));
    expect(staticResults().hidden).toBe(false);
    expect(document.querySelector<HTMLElement>('.portal-results')?.hidden).toBe(true);
    expect(status()).toBe('');
  });

  it('pages its results: a page followed in place brings the visitor to them', async () => {
    at('/news?categoria=Eventos&q=not%C3%ADcia');
    Element.prototype.scrollIntoView = () => {};
    await hydrateServed(results({ ...CONFIG }));
    // 'Notícia' in 5 of the 7 in 'Eventos' (the other two are 'Festa no rio').
    await waitFor(() => expect(status()).toBe('5 notícias encontradas'));
    act(() => $query.set('?q=a'));
    await waitFor(() => expect(status()).toBe('14 notícias encontradas – página 1 de 2'));
    fireEvent.click(screen.getByRole('link', { name: 'Próxima' }));
    expect(address()).toBe('/news?q=a&pagina=2');
    await waitFor(() => expect(status()).toBe('14 notícias encontradas – página 2 de 2'));
    expect(resultIds()).toEqual(['912', '913']);
    expect(document.querySelector('.portal-results .lead')).toBeNull();
    expect(document.activeElement).toBe(document.querySelector('.portal-results'));
  });

  it("says nothing was found, and 'Limpar Filtros' gives the page back, the search box focused", async () => {
    await hydrateServed(search());
    await hydrateServed(results());
    act(() => showPortal({ q: 'neve', chip: null, page: 1 }));
    await waitFor(() => expect(status()).toBe('Nenhuma notícia encontrada'));
    fireEvent.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    expect(address()).toBe('/news');
    expect(staticResults().hidden).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Buscar notícias' }));
  });

  it("says the index could not come, and 'Tentar novamente' brings the results", async () => {
    site.failing.add('/news/index.json');
    at('/news?q=rio');
    await hydrateServed(results());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(TEXTS.error));
    expect([staticResults().hidden, status()]).toEqual([true, '']);
    site.failing.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(status()).toBe('3 notícias encontradas'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
