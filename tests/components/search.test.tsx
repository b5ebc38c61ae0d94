/**
 * The site search's islands on their stores (src/stores/search.ts): the header's entry and dialog
 * (SearchDialog.tsx, a layer of `$layers`), the drawer's box (DrawerSearch.tsx) and /busca (SearchPage.tsx, on
 * the address's `$query`), all drawing SearchPanel.tsx. Pagefind is a stand-in here (the real index is searched
 * by tests/html/search-index.test.ts, and in a browser by tests/e2e/search.spec.ts): it answers from a few
 * results, counts kinds only once asked to, and can fail like a lost connection.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_SUBMIT } from '../../src/directives/early-marks.ts';
import DrawerSearch from '../../src/islands/DrawerSearch.tsx';
import SearchDialog from '../../src/islands/SearchDialog.tsx';
import SearchPage from '../../src/islands/SearchPage.tsx';
import type { SearchHit } from '../../src/lib/search/search.ts';
import { $layers, closeLayer, openLayer } from '../../src/stores/layers.ts';
import { $query } from '../../src/stores/query.ts';
import { serveIsland } from '../support/served-island.tsx';

/** What the stand-in Pagefind knows: 9 tours and 3 events about 'pesca', and what it was asked. */
const pagefind = vi.hoisted(() => {
  const hit = (kind: string, index: number): SearchHit => ({
    path: `/${kind === 'Evento' ? 'event' : 'tour'}/${100 + index}`,
    title: `${kind} de pesca ${index}`,
    kind,
    locality: index === 1 ? 'Centro' : null,
    image: index % 2 ? `/_astro/r${index}.webp` : null,
    price: kind === 'Passeio' ? 'R$ 150,00' : null,
    date: kind === 'Evento' ? `${index} de dezembro de 2026` : null,
    excerpt: [
      { text: 'Dia de ', isMatch: false },
      { text: 'pesca', isMatch: true },
      { text: ' no rio', isMatch: false },
    ],
  });
  return {
    hits: [
      ...Array.from({ length: 9 }, (_, index) => hit('Passeio', index)),
      ...[9, 10, 11].map((index) => hit('Evento', index)),
    ],
    asked: [] as { term: string; kind: string | null }[],
    isCounting: false,
    isDown: false,
  };
});

vi.mock('../../src/islands/pagefind.ts', () => ({
  loadPagefind: async () => ({}),
  countKinds: () => {
    pagefind.isCounting = true;
  },
  runSearch: async (term: string, kind: string | null, pageSize: number) => {
    pagefind.asked.push({ term, kind });
    if (pagefind.isDown) throw new Error('offline');
    if (kind) pagefind.isCounting = true;
    const all = term.includes('pesca') ? pagefind.hits : [];
    const found = kind ? all.filter((hit) => hit.kind === kind) : all;
    const counts: Record<string, number> = {};
    for (const hit of all) counts[hit.kind] = (counts[hit.kind] ?? 0) + 1;
    return {
      hits: found.slice(0, pageSize),
      total: found.length,
      totalAllKinds: all.length,
      kindCounts: pagefind.isCounting ? counts : null,
      more: async (from: number, count: number) => found.slice(from, from + count),
    };
  },
}));

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  window.history.replaceState(null, '', '/all-tours');
  $query.set('');
});

afterEach(async () => {
  cleanup();
  for (const name of $layers.get()) closeLayer(name);
  await settle();
  document.body.replaceChildren();
  pagefind.asked.length = 0;
  pagefind.isCounting = false;
  pagefind.isDown = false;
});

/** The dialog's stylesheet, added at the island's start: the dialog waits for it, so it is never drawn unstyled. */
async function stylesheetLoaded(): Promise<void> {
  const link = await vi.waitFor(() => {
    const found = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    if (!found) throw new Error('no stylesheet yet');
    return found;
  });
  await act(async () => {
    link.dispatchEvent(new Event('load'));
    await settle();
  });
}

/** The header's entry and the drawer's box, as Header.astro gives them their markup. */
function Header({ isSearchPage = false }: { isSearchPage?: boolean }) {
  return (
    <>
      <SearchDialog pageBox={isSearchPage ? 'busca-q' : undefined}>
        <span className="visually-hidden">Buscar no portal</span>
      </SearchDialog>
      <DrawerSearch isSearchPage={isSearchPage}>
        <label htmlFor="drawer-search-q">Buscar no portal (menu)</label>
        <input id="drawer-search-q" type="search" name="q" />
        <button type="submit">Buscar</button>
      </DrawerSearch>
    </>
  );
}

const entry = () => screen.getByRole('link', { name: 'Buscar no portal' });
const dialog = () => screen.getByRole('dialog', { name: 'Buscar no portal' });
const results = () => within(screen.getByRole('list', { name: 'Resultados da busca' })).getAllByRole('link');

async function openDialog(): Promise<HTMLElement> {
  render(<Header />);
  fireEvent.click(entry());
  await stylesheetLoaded();
  return dialog();
}

async function type(box: HTMLElement, words: string): Promise<void> {
  fireEvent.change(box, { target: { value: words } });
  await act(settle);
}

describe("the header's search dialog", () => {
  it('opens from the entry (a link to /busca without JavaScript) as a layer over the page, its box focused', async () => {
    render(<Header />);
    expect(entry().getAttribute('href')).toBe('/busca');
    expect(entry().getAttribute('aria-haspopup')).toBe('dialog');
    expect(fireEvent.click(entry())).toBe(false);
    await stylesheetLoaded();
    expect(dialog().hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(within(dialog()).getByRole('searchbox'));
    expect($layers.get()).toEqual(['search']);
    expect(window.history.state?.layerDepth).toBe(1);
    // Not in the header's banner: a layer over the whole page.
    expect(dialog().parentElement).toBe(document.body);
  });

  it("shows the results of what is typed: photo, kind and place, title, excerpt with its marks, an event's dates, price; then more", async () => {
    const box = within(await openDialog()).getByRole('searchbox');
    await type(box, 'pesca');
    expect(within(dialog()).getByRole('status').textContent).toBe('12 resultados');
    const links = results();
    expect(links).toHaveLength(8);
    const first = links[0] as HTMLElement;
    expect(first.getAttribute('href')).toBe('/tour/100');
    expect(first.textContent).toBe('PasseioPasseio de pesca 0Dia de pesca no rioR$ 150,00');
    expect(first.querySelector('mark')?.textContent).toBe('pesca');
    expect(links[1]?.textContent).toContain('Passeio · Centro');
    expect(links[1]?.querySelector('img')?.getAttribute('src')).toBe('/_astro/r1.webp');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Mostrar mais resultados' }));
    await vi.waitFor(() => expect(results()).toHaveLength(12));
    await vi.waitFor(() => expect(document.activeElement).toBe(results()[8]));
    expect(results()[9]?.textContent).toBe('EventoEvento de pesca 9Dia de pesca no rio9 de dezembro de 2026');
    expect(within(dialog()).queryByRole('button', { name: 'Mostrar mais resultados' })).toBeNull();
    expect(within(dialog()).getByRole('link', { name: 'Abrir esta busca em uma página' }).getAttribute('href')).toBe(
      '/busca?q=pesca',
    );
  });

  it("asks for the counts per kind only at 'Filtrar por tipo', then narrows by a chip", async () => {
    const box = within(await openDialog()).getByRole('searchbox');
    await type(box, 'pesca');
    expect(within(dialog()).queryByRole('group')).toBeNull();
    const ask = within(dialog()).getByRole('button', { name: 'Filtrar por tipo' });
    ask.focus();
    fireEvent.click(ask);
    await act(settle);
    const chips = within(dialog()).getByRole('group', { name: 'Filtrar por tipo' });
    const all = within(chips).getByRole('button', { name: /^Todos/ });
    // From the keyboard, the focus goes on to the chips it asked for.
    expect(document.activeElement).toBe(all);
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['Todos 12', 'Passeio 9', 'Evento 3']);
    fireEvent.click(within(chips).getByRole('button', { name: /^Evento/ }));
    await act(settle);
    expect(pagefind.asked.at(-1)).toEqual({ term: 'pesca', kind: 'Evento' });
    expect(
      within(chips)
        .getByRole('button', { name: /^Evento/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(results().map((link) => link.getAttribute('href'))).toEqual(['/event/109', '/event/110', '/event/111']);
    expect(within(dialog()).getByRole('link', { name: 'Abrir esta busca em uma página' }).getAttribute('href')).toBe(
      '/busca?q=pesca&tipo=Evento',
    );
    // The chip pressed again: every kind.
    fireEvent.click(within(chips).getByRole('button', { name: /^Evento/ }));
    await act(settle);
    expect(pagefind.asked.at(-1)).toEqual({ term: 'pesca', kind: null });
  });

  it('says when nothing is found, and when the search could not load, with a retry', async () => {
    const box = within(await openDialog()).getByRole('searchbox');
    await type(box, 'xyzzy');
    expect(within(dialog()).getByRole('status').textContent).toBe('Nenhum resultado para "xyzzy"');
    expect(within(dialog()).queryByRole('list')).toBeNull();
    pagefind.isDown = true;
    await type(box, 'pesca');
    expect(within(dialog()).getByRole('status').textContent).toBe('Não foi possível carregar a busca. Verifique sua conexão.');
    pagefind.isDown = false;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Tentar novamente' }));
    await act(settle);
    expect(results()).toHaveLength(8);
  });

  it('moves between the box and the results with the arrow keys; Enter in the box goes to the first result', async () => {
    const box = within(await openDialog()).getByRole('searchbox');
    await type(box, 'pesca');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(results()[0]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(results()[1]);
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(box);
    fireEvent.submit(box);
    expect(document.activeElement).toBe(results()[0]);
  });

  it.each([
    ['Escape', () => fireEvent.keyDown(within(dialog()).getByRole('searchbox'), { key: 'Escape' })],
    ['its close button', () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Fechar busca' }))],
    ['a tap beside it', () => fireEvent.click(dialog())],
  ])('closes by %s, takes its entry back and gives the focus back to the entry', async (_, close) => {
    await openDialog();
    await act(async () => close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(entry());
    await vi.waitFor(() => expect(window.history.state?.layerDepth).toBeUndefined());
  });

  it('closes by Back, the focus back on the entry; opened again, it starts from no words', async () => {
    await type(within(await openDialog()).getByRole('searchbox'), 'pesca');
    await act(async () => {
      window.history.back();
      await vi.waitFor(() => expect($layers.get()).toEqual([]));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(entry());
    fireEvent.click(entry());
    await act(settle);
    expect((within(dialog()).getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(within(dialog()).queryByRole('list')).toBeNull();
  });

  it("follows a result from the page's own entry, so Back from the result's page comes to this page", async () => {
    await type(within(await openDialog()).getByRole('searchbox'), 'pesca');
    const seen: { isPrevented: boolean; depth: unknown }[] = [];
    document.addEventListener('click', (event) => {
      seen.push({ isPrevented: event.defaultPrevented, depth: window.history.state?.layerDepth });
      // jsdom cannot go to another document.
      event.preventDefault();
    });
    fireEvent.click(results()[2] as HTMLElement);
    // Held while the dialog's entry is taken back, then clicked again: the browser follows it from the page's entry.
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { isPrevented: true, depth: 1 },
      { isPrevented: false, depth: undefined },
    ]);
  });
});

describe("the drawer's box", () => {
  it('opens the dialog with its words in the place of the phone menu: one layer, one entry', async () => {
    render(<Header />);
    openLayer('menu');
    await settle();
    const box = screen.getByRole('searchbox', { name: 'Buscar no portal (menu)' });
    fireEvent.change(box, { target: { value: 'pesca' } });
    expect(fireEvent.submit(box)).toBe(false);
    await stylesheetLoaded();
    await vi.waitFor(() => expect(window.history.state?.layerDepth).toBe(1));
    expect($layers.get()).toEqual(['search']);
    expect((within(dialog()).getByRole('searchbox') as HTMLInputElement).value).toBe('pesca');
    await vi.waitFor(() => expect(results()).toHaveLength(8));
  });

  it('sent before React came, opens the dialog with its words once it runs', async () => {
    render(
      <SearchDialog>
        <span className="visually-hidden">Buscar no portal</span>
      </SearchDialog>,
    );
    const drawer = () => (
      <DrawerSearch>
        <input type="search" name="q" aria-label="Buscar no portal (menu)" />
      </DrawerSearch>
    );
    const { island, hydrate } = serveIsland(drawer());
    const form = island.querySelector('form') as HTMLFormElement;
    (island.querySelector('input') as HTMLInputElement).value = 'pesca';
    expect(fireEvent.submit(form)).toBe(false);
    expect(form.hasAttribute(PENDING_SUBMIT)).toBe(true);
    expect($layers.get()).toEqual([]);

    await hydrate();
    await stylesheetLoaded();
    expect((within(dialog()).getByRole('searchbox') as HTMLInputElement).value).toBe('pesca');
  });

  it('sent before React came, goes to /busca as without JavaScript when the island cannot come (no signal)', () => {
    const { island, giveUp } = serveIsland(
      <DrawerSearch>
        <input type="search" name="q" aria-label="Buscar no portal (menu)" />
      </DrawerSearch>,
    );
    const form = island.querySelector('form') as HTMLFormElement;
    expect(fireEvent.submit(form)).toBe(false);
    const sent: boolean[] = [];
    form.addEventListener('submit', (event) => {
      sent.push(event.defaultPrevented);
      // jsdom cannot go to another document.
      event.preventDefault();
    });
    // The start failed: the island is still the server's.
    giveUp();
    expect(sent).toEqual([false]);
    expect(form.hasAttribute(PENDING_SUBMIT)).toBe(false);
  });
});

describe('on /busca', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/busca');
    $query.set('');
  });

  it("the header's entry takes the visitor to the page's own box, and the drawer's form goes to the page", async () => {
    render(
      <>
        <Header isSearchPage />
        <SearchPage />
      </>,
    );
    expect(entry().hasAttribute('aria-haspopup')).toBe(false);
    fireEvent.click(entry());
    await act(settle);
    expect(document.activeElement?.id).toBe('busca-q');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($layers.get()).toEqual([]);
    // The form's own GET, to /busca?q=…: not stopped.
    expect(fireEvent.submit(screen.getByRole('searchbox', { name: 'Buscar no portal (menu)' }))).toBe(true);
  });

  it('searches the address’s ?q= and ?tipo=, writes what is typed into it, and Back returns to the kind before', async () => {
    window.history.replaceState(null, '', '/busca?q=pesca&tipo=Evento');
    $query.set(window.location.search);
    render(
      <SearchPage>
        <p>Digite o que procura: os resultados aparecem aqui.</p>
      </SearchPage>,
    );
    await act(settle);
    const box = screen.getByRole('searchbox', { name: 'Buscar no portal' }) as HTMLInputElement;
    expect(box.value).toBe('pesca');
    expect(screen.queryByText(/Digite o que procura/)).toBeNull();
    const chips = screen.getByRole('group', { name: 'Filtrar por tipo' });
    expect(
      within(chips)
        .getByRole('button', { name: /^Evento/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(results()).toHaveLength(3);

    // A kind chosen is an entry of its own; typed words rewrite the address, a letter at a time, with no entry each
    // (the box keeps its space), so Back goes from the last words to the kind chosen before.
    fireEvent.click(within(chips).getByRole('button', { name: /^Todos/ }));
    await act(settle);
    expect(window.location.search).toBe('?q=pesca');
    await type(box, 'pesca ');
    expect(box.value).toBe('pesca ');
    await type(box, 'pesca rio');
    expect(window.location.search).toBe('?q=pesca+rio');
    await act(async () => {
      window.history.back();
      await vi.waitFor(() => expect(window.location.search).toBe('?q=pesca&tipo=Evento'));
      await settle();
    });
    expect(box.value).toBe('pesca');
    expect(within(screen.getByRole('group', { name: 'Filtrar por tipo' })).getByRole('button', { name: /^Evento/ })).toBeTruthy();
  });

  it("without a query shows the page's own words under the box", () => {
    render(
      <SearchPage>
        <p>Digite o que procura: os resultados aparecem aqui.</p>
      </SearchPage>,
    );
    expect(screen.getByText(/Digite o que procura/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('searches what was typed before React came, and holds the form sent meanwhile', async () => {
    // The server drew it without an address.
    const { island, hydrate } = serveIsland(<SearchPage />);
    const box = island.querySelector('input') as HTMLInputElement;
    box.focus();
    fireEvent.input(box, { target: { value: 'pesca' } });
    expect(fireEvent.submit(box)).toBe(false);
    expect(window.location.search).toBe('');

    await hydrate();
    await act(settle);
    expect(window.location.search).toBe('?q=pesca');
    expect(box.value).toBe('pesca');
    expect(document.activeElement).toBe(box);
    expect(within(island).getAllByRole('link')).toHaveLength(8);
  });
});
