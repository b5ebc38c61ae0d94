/**
 * A list's islands on `$filters` (src/islands/ListSearch.tsx, ListFilters.tsx, ListResults.tsx,
 * ListTitle.tsx), each hydrated over its own server rendering in an `<astro-island>`, as Astro does: the
 * served markup (unfiltered, whatever the address says) and then the address's state; a tick, a word, an
 * order or a chip written to the address as one history entry, and Back read from it; what a visitor
 * did before the island ran; the cards of this page drawn again as served, and those of the list's other
 * pages from its index, 'Mostrar mais' and the load error, against a real local server. The same
 * islands on the built pages: tests/html/list-filters.test.ts; in a browser: tests/e2e/filters.spec.ts.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import reach from '../../src/directives/reach.ts';
import ListFilters from '../../src/islands/ListFilters.tsx';
import ListResults from '../../src/islands/ListResults.tsx';
import ListSearch from '../../src/islands/ListSearch.tsx';
import ListTitle from '../../src/islands/ListTitle.tsx';
import type { FilterConfig } from '../../src/lib/lists/filters.ts';
import { filterGroups } from '../../src/lib/lists/list-page.ts';
import { LIST_PAGE_SIZE } from '../../src/lib/lists/paging.ts';
import { $query } from '../../src/stores/query.ts';
import { hydrateServed, type SiteServer, startSite } from '../support/served-island.tsx';

const CONFIG: FilterConfig = { duration: 'hours', price: { min: 0, max: 300 }, orders: ['', 'preco', 'nome'] };
const ORDERS = [
  { value: '' as const, label: 'Relevância' },
  { value: 'preco' as const, label: 'Menor preço' },
  { value: 'nome' as const, label: 'Nome (A–Z)' },
];
const NAMED = { experiences: ['Ecoturismo', 'Pesca Esportiva'], localities: ['Centro'] };
const TEXTS = {
  loading: 'Carregando passeios...',
  loadError: 'Erro ao carregar passeios.',
  emptyTitle: 'Nenhum passeio encontrado.',
  noMatch: 'Nenhum passeio encontrado para as experiências selecionadas: {list}.',
};

interface Tour {
  id: string;
  title: string;
  rating?: number;
  price?: number;
  /** 'Gratuito', with no amount (the card's `data-free`). */
  isFree?: boolean;
  experiences?: string;
}
const TOURS: Tour[] = [
  { id: '101', title: 'Trilha das Cachoeiras', rating: 4.9, price: 150, experiences: 'Ecoturismo' },
  { id: '102', title: 'Barco no Rio', rating: 4.2, price: 90 },
  { id: '103', title: 'Aves do Pantanal', price: 40, experiences: 'Ecoturismo' },
];

/** A card's wrapper and card as ListPage.astro and ItemCard.astro write them (the parts the island reads). */
const cardHtml = (tour: Tour) =>
  `<article class="card item-card" data-kind="tour" data-id="${tour.id}"><h2 class="title"><a href="/tour/${tour.id}">${tour.title}</a></h2><button type="button" data-favourite="" hidden="">♥</button></article>`;
const Grid = ({ tours }: { tours: Tour[] }) => (
  <ul className="grid" data-list-grid="">
    {tours.map((tour) => (
      <li
        key={tour.id}
        data-title={tour.title}
        data-rating={tour.rating}
        data-price={tour.price}
        data-free={tour.isFree ? '1' : undefined}
        data-experiences={tour.experiences}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own fixture.
        dangerouslySetInnerHTML={{ __html: cardHtml(tour) }}
      />
    ))}
  </ul>
);

const results = (tours: Tour[] = TOURS, paging = { listPath: '/all-tours', page: 1, pages: 1 }, total = tours.length) => (
  <ListResults kind="tour" config={CONFIG} named={NAMED} orders={ORDERS} paging={paging} texts={TEXTS} total={total}>
    <Grid tours={tours} />
  </ListResults>
);
const panel = ({ price = { min: 0, max: 300, step: 10 }, hasFree = false }: Partial<ComponentProps<typeof ListFilters>> = {}) => (
  <ListFilters
    config={CONFIG}
    action="/all-tours"
    groups={filterGroups('tour', { ...NAMED, ratings: [4, 4.5, 5], durations: [1, 2, 4, 5], hasOnSale: false })}
    price={price}
    hasFree={hasFree}
  />
);
const searchBox = () => (
  <ListSearch
    config={CONFIG}
    placeholder="Buscar passeios..."
    siteSearch={{ path: '/busca', kindField: 'tipo', kind: 'Passeio' }}
  />
);

/** The ids of the cards shown, in order. */
const shownIds = () =>
  [...document.querySelectorAll('[data-list-grid]:not([hidden]) > li [data-id]')].map((card) => card.getAttribute('data-id'));
/** The page is at `address`, as if it had been opened there (the store reads the address as a page's load does). */
const at = (address: string) => {
  window.history.replaceState(null, '', address);
  $query.set(window.location.search);
};
const address = () => `${window.location.pathname}${window.location.search}`;
/** Back, as the browser does it: the address, then popstate. */
const back = (to: string) =>
  act(() => {
    window.history.replaceState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

beforeEach(() => at('/all-tours'));
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  at('/all-tours');
});

describe('ListFilters', () => {
  it('writes each tick to the address, one history entry each; Back unticks', async () => {
    await hydrateServed(panel());
    const length = window.history.length;
    fireEvent.click(screen.getByLabelText('Nota 4,5 ou mais'));
    fireEvent.click(screen.getByLabelText('1-2h'));
    expect(address()).toBe('/all-tours?avaliacao=4.5&duracao=2');
    expect(window.history.length).toBe(length + 2);
    await back('/all-tours?avaliacao=4.5');
    expect((screen.getByLabelText('1-2h') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Nota 4,5 ou mais') as HTMLInputElement).checked).toBe(true);
  });

  it("applies a price when the box is left; 'Limpar' clears every filter and keeps the order", async () => {
    at('/all-tours?avaliacao=4&ordem=preco');
    await hydrateServed(panel());
    const minimum = screen.getByLabelText('Mínimo') as HTMLInputElement;
    fireEvent.change(minimum, { target: { value: '50' } });
    expect(address()).toBe('/all-tours?avaliacao=4&ordem=preco');
    fireEvent.blur(minimum);
    expect(address()).toBe('/all-tours?avaliacao=4&preco_min=50&ordem=preco');
    fireEvent.click(screen.getByRole('link', { name: 'Limpar' }));
    expect(address()).toBe('/all-tours?ordem=preco');
    expect([minimum.value, (screen.getByLabelText('Máximo') as HTMLInputElement).value]).toEqual(['0', '300']);
  });

  it('is served unticked whatever the address says, then shows the address, keeping a part no box names', async () => {
    at('/all-tours?experience=cachoeiras&experience=Ecoturismo');
    const served = renderToString(panel());
    expect(served).not.toContain('checked');
    await hydrateServed(panel());
    expect((screen.getByLabelText('Ecoturismo') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Pesca Esportiva'));
    expect(address()).toBe('/all-tours?experience=cachoeiras&experience=Ecoturismo&experience=Pesca+Esportiva');
  });

  it("offers 'Gratuito' in the price only where an item is free, and no bounds where none has a price", async () => {
    expect(renderToString(panel())).not.toContain('Gratuito');
    await hydrateServed(panel({ price: null, hasFree: true }));
    const price = screen.getByRole('group', { name: 'Preço (R$)' });
    expect(price.textContent).not.toContain('De R$');
    expect(screen.queryByLabelText('Máximo')).toBeNull();
    fireEvent.click(screen.getByLabelText('Gratuito'));
    expect(address()).toBe('/all-tours?gratuito=1');
    expect((screen.getByLabelText('Gratuito') as HTMLInputElement).checked).toBe(true);
  });

  it('has no price fieldset on a list where nothing has a price and nothing is free', () => {
    const served = document.createElement('div');
    served.innerHTML = renderToString(panel({ price: null }));
    expect([...served.querySelectorAll('legend')].map((legend) => legend.textContent)).not.toContain('Preço (R$)');
  });

  it('carries out a tick made before React came (the directive marked the island)', async () => {
    at('/all-tours?promocao=1');
    await hydrateServed(panel(), (island) => {
      (island.querySelector('input[name="duracao"][value="4"]') as HTMLInputElement).checked = true;
      island.setAttribute('data-pending', '');
    });
    expect(address()).toBe('/all-tours?duracao=4');
    expect((screen.getByLabelText('2-4h') as HTMLInputElement).checked).toBe(true);
  });
});

describe('ListSearch', () => {
  it('filters after a pause in the typing, at once on Enter, and shows the words of the address', async () => {
    at('/all-tours?q=rio');
    await hydrateServed(searchBox());
    const box = screen.getByRole('searchbox', { name: 'Buscar por nome' }) as HTMLInputElement;
    expect(box.value).toBe('rio');
    fireEvent.change(box, { target: { value: 'barco ' } });
    expect(address()).toBe('/all-tours?q=rio');
    await waitFor(() => expect(address()).toBe('/all-tours?q=barco'));
    // The visitor's space stays while the box is theirs.
    expect(box.value).toBe('barco ');
    fireEvent.change(box, { target: { value: 'trilha' } });
    fireEvent.submit(box.form as HTMLFormElement);
    expect(address()).toBe('/all-tours?q=trilha');
  });

  it('is a GET form to the site search, for the kind, should it never run', () => {
    const served = document.createElement('div');
    served.innerHTML = renderToString(searchBox());
    const form = served.querySelector('form') as HTMLFormElement;
    expect([form.getAttribute('action'), form.getAttribute('method'), form.getAttribute('role')]).toEqual([
      '/busca',
      'get',
      'search',
    ]);
    expect(form.querySelector<HTMLInputElement>('input[type="hidden"][name="tipo"]')?.value).toBe('Passeio');
  });

  it('searches the words typed before React came', async () => {
    await hydrateServed(searchBox(), (island) => {
      (island.querySelector('input[type="search"]') as HTMLInputElement).value = 'aves';
      island.setAttribute('data-pending', '');
    });
    expect(address()).toBe('/all-tours?q=aves');
  });
});

describe('ListTitle', () => {
  it("is the list's name, and says an experience filters it", async () => {
    await hydrateServed(<ListTitle config={CONFIG} title="Passeios" filteredTitle="Passeios Filtrados por Experiência" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Passeios');
    act(() => $query.set('?experience=Ecoturismo'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Passeios Filtrados por Experiência');
  });
});

describe('ListResults on a list of one page', () => {
  it('is served with the page’s cards, the count and no active filter, whatever the address says', () => {
    at('/all-tours?avaliacao=4.5');
    const served = document.createElement('div');
    served.innerHTML = renderToString(results());
    expect(served.querySelector('[data-list-count]')?.textContent).toBe('3 resultados');
    expect(served.querySelectorAll('[data-list-grid] > li')).toHaveLength(3);
    expect(served.querySelector('[data-active-filters]')?.hasAttribute('hidden')).toBe(true);
  });

  it("draws the matching cards as served, names the filters in chips, and a chip's removal gives the list back", async () => {
    at('/all-tours?avaliacao=4.5&ordem=nome');
    const added = vi.fn();
    document.addEventListener('cards-added', added);
    await hydrateServed(results());
    await waitFor(() => expect(shownIds()).toEqual(['101']));
    expect(screen.getByText('1 resultado')).toBeTruthy();
    // The card as its page served it, in a <li> with its filter data.
    const item = document.querySelector('[data-list-grid] > li') as HTMLElement;
    expect(item.dataset.title).toBe('Trilha das Cachoeiras');
    expect(item.innerHTML).toBe(cardHtml(TOURS[0] as Tour));
    expect(added).toHaveBeenCalled();
    const chips = screen.getByRole('region', { name: '1 filtro ativo' });
    fireEvent.click(screen.getByRole('button', { name: 'Remover filtro: Nota 4,5 ou mais' }));
    expect(address()).toBe('/all-tours?ordem=nome');
    await waitFor(() => expect(shownIds()).toEqual(['103', '102', '101']));
    expect(chips.hidden).toBe(true);
    document.removeEventListener('cards-added', added);
  });

  it("keeps a free item under a price limit, and only the free ones under 'Gratuito'", async () => {
    at('/all-tours?preco_max=50');
    await hydrateServed(results([...TOURS, { id: '104', title: 'Festa na Praça', isFree: true }]));
    await waitFor(() => expect(shownIds()).toEqual(['103', '104']));
    fireEvent.click(screen.getByRole('button', { name: 'Remover filtro: Até R$ 50' }));
    await waitFor(() => expect(shownIds()).toEqual(['101', '102', '103', '104']));
  });

  it("shows only the free items under 'Gratuito', named in a chip", async () => {
    at('/all-tours?gratuito=1');
    await hydrateServed(results([...TOURS, { id: '104', title: 'Festa na Praça', isFree: true }]));
    await waitFor(() => expect(shownIds()).toEqual(['104']));
    expect(screen.getByRole('button', { name: 'Remover filtro: Gratuito' })).toBeTruthy();
  });

  it('orders the cards with the sort control; its own order gives the page back', async () => {
    await hydrateServed(results());
    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'preco' } });
    expect(address()).toBe('/all-tours?ordem=preco');
    await waitFor(() => expect(shownIds()).toEqual(['103', '102', '101']));
    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: '' } });
    await waitFor(() => expect(shownIds()).toEqual(['101', '102', '103']));
    expect(address()).toBe('/all-tours');
  });

  it('says nothing matches, and names the experiences chosen as the panel names them', async () => {
    at('/all-tours?q=zzz');
    await hydrateServed(results());
    await waitFor(() => expect(screen.getByText('Nenhum resultado para estes filtros.')).toBeTruthy());
    expect(screen.getByText('0 resultados')).toBeTruthy();
    act(() => $query.set('?experience=pesca+esportiva&experience=neve'));
    await waitFor(() =>
      expect(
        screen.getByText('Nenhum passeio encontrado para as experiências selecionadas: Pesca Esportiva, filtro desconhecido.'),
      ).toBeTruthy(),
    );
  });

  it('applies an order chosen before React came', async () => {
    await hydrateServed(results(), (island) => {
      (island.querySelector('select') as HTMLSelectElement).value = 'nome';
      island.setAttribute('data-pending', '');
    });
    expect(address()).toBe('/all-tours?ordem=nome');
    await waitFor(() => expect(shownIds()).toEqual(['103', '102', '101']));
  });
});

describe('ListResults on a list of several pages', () => {
  /** 60 tours: 48 on page 1 (this one), 12 on page 2; every third rated 5. */
  const many: Tour[] = Array.from({ length: LIST_PAGE_SIZE + 12 }, (_, index) => ({
    id: String(1000 + index),
    title: `Passeio ${index}`,
    rating: index % 3 === 0 ? 5 : 4,
  }));
  const pageOf = (index: number) => 1 + Math.floor(index / LIST_PAGE_SIZE);
  let site: SiteServer;

  beforeAll(async () => {
    site = await startSite((path) => {
      if (path === '/all-tours/index.json') {
        const index = many.map((tour, index) => ({
          id: tour.id,
          page: pageOf(index),
          data: { title: tour.title, rating: String(tour.rating) },
        }));
        return { type: 'application/json', body: JSON.stringify(index) };
      }
      const page = Number(path.match(/^\/all-tours\/page\/(\d+)$/)?.[1]);
      const tours = many.filter((_, index) => pageOf(index) === page);
      if (tours.length === 0) return null;
      return { type: 'text/html', body: `<!doctype html><body>${renderToString(<Grid tours={tours} />)}</body>` };
    });
  });
  afterAll(() => site.close());
  beforeEach(() => {
    site.failing.clear();
    site.requests.length = 0;
  });

  const paged = () => results(many.slice(0, LIST_PAGE_SIZE), { listPath: '/all-tours', page: 1, pages: 2 }, many.length);

  it("draws a batch of the whole list's matches, and 'Mostrar mais' the rest from the page that holds them", async () => {
    await hydrateServed(paged());
    expect(screen.getByRole('navigation', { name: 'Paginação' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ordenar por'), { target: { value: 'nome' } });
    const more = await screen.findByRole('button', { name: 'Mostrar mais' });
    expect(shownIds()).toHaveLength(LIST_PAGE_SIZE);
    // The cards of this page are at hand: only the index was fetched.
    expect(site.requests).toEqual(['/all-tours/index.json']);
    expect(screen.getByText('60 resultados')).toBeTruthy();
    expect(document.querySelector('[data-list-pagination]')?.hasAttribute('hidden')).toBe(true);
    const drawn = shownIds().length;
    fireEvent.click(more);
    await waitFor(() => expect(shownIds()).toHaveLength(many.length));
    expect(site.requests).toEqual(['/all-tours/index.json', '/all-tours/page/2']);
    expect(screen.queryByRole('button', { name: 'Mostrar mais' })).toBeNull();
    // The keyboard goes on from the first card it brought.
    expect(document.activeElement?.closest('li')).toBe(document.querySelectorAll('[data-list-grid] > li')[drawn]);
  });

  it("says the list could not come, and 'Tentar novamente' brings it", async () => {
    site.failing.add('/all-tours/index.json');
    at('/all-tours?avaliacao=5');
    await hydrateServed(paged());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Erro ao carregar passeios.'));
    expect(shownIds()).toEqual([]);
    site.failing.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(shownIds()).toHaveLength(20));
    expect(screen.getByText('20 resultados')).toBeTruthy();
    expect(site.requests.filter((path) => path === '/all-tours/page/2')).toHaveLength(1);
  });
});

describe("when the list's islands start (client:reach, ListPage.astro's options)", () => {
  const PARAMS = ['q', 'promocao', 'experience', 'localidade', 'avaliacao', 'preco_min', 'preco_max', 'duracao', 'ordem'];
  let groups = 0;

  /** An island as the page holds it, its directive run with the list's options; `hydrated` counts its starts. */
  function island(group: string) {
    const element = document.createElement('astro-island');
    element.setAttribute('ssr', '');
    element.innerHTML =
      '<form><input name="q"><select name="ordem"><option value="">-</option><option value="nome">Nome</option></select></form>';
    document.body.append(element);
    const hydrated = vi.fn();
    // Astro hands a directive the value of its `opts` as the page wrote it: here an object (its type says a string).
    const value = { group, params: PARAMS } as unknown as string;
    reach(
      () =>
        Promise.resolve(async () => {
          hydrated();
          element.removeAttribute('ssr');
        }),
      { name: 'ListSearch', value },
      element,
    );
    return { element, hydrated };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

  it.each([
    ['/all-tours?avaliacao=4', 1],
    ['/all-tours?ordem=preco', 1],
    ['/all-tours?utm_source=whatsapp', 0],
    ['/all-tours', 0],
  ])('%s starts them at the load: %i', async (page, starts) => {
    at(page);
    const { hydrated } = island(`list-${groups++}`);
    await settle();
    expect(hydrated).toHaveBeenCalledTimes(starts);
  });

  it('a reach into one starts every island of the group, once', async () => {
    const group = `list-${groups++}`;
    const [search, panel] = [island(group), island(group)];
    search.element.querySelector('input')?.dispatchEvent(new Event('focusin', { bubbles: true }));
    panel.element.querySelector('input')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await settle();
    expect([search.hydrated.mock.calls.length, panel.hydrated.mock.calls.length]).toEqual([1, 1]);
  });

  it("a tap on the page's cards it holds (its slot), their hearts or a link starts nothing, and no heart is pressed twice", async () => {
    const { element, hydrated } = island(`list-${groups++}`);
    element.insertAdjacentHTML(
      'beforeend',
      '<astro-slot><article><a href="/tour/1">Trilha</a><button type="button" data-favourite>♥</button></article></astro-slot><button type="button" data-more>Mostrar mais</button>',
    );
    const heart = element.querySelector('[data-favourite]') as HTMLElement;
    for (const target of [heart, element.querySelector('a') as HTMLElement]) {
      target.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    }
    await settle();
    expect(hydrated).not.toHaveBeenCalled();
    // The page's own script runs the heart: the island must not press it again once it runs.
    expect(heart.hasAttribute('data-pending-click')).toBe(false);
    const own = element.querySelector('[data-more]') as HTMLElement;
    own.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    own.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(own.hasAttribute('data-pending-click')).toBe(true);
    await settle();
    expect(hydrated).toHaveBeenCalledTimes(1);
  });

  it('an edit with no reach before it (autofill, assistive technology) starts them, kept for the island', async () => {
    const { element, hydrated } = island(`list-${groups++}`);
    const order = element.querySelector('select') as HTMLSelectElement;
    order.value = 'nome';
    order.dispatchEvent(new Event('change', { bubbles: true }));
    expect(element.hasAttribute('data-pending')).toBe(true);
    await settle();
    expect(hydrated).toHaveBeenCalledTimes(1);
  });
});
