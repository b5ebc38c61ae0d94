/**
 * The news and testimonials portals in the browser (docs/product.md): search on Enter (case- and
 * accent-insensitive), the chips, 12 results a page with first/last, page 1 again on a new search or
 * chip, the state in the URL (shareable, the back button), the polite status line, the empty state
 * with 'Limpar Filtros' and the load error with 'Tentar novamente'. Started by portal-page.ts.
 *
 * It renders no card. At the first filter it fetches the portal's index (`/news/index.json`: per
 * entry its id, its static page and what the search reads), matches it, and shows the matching
 * cards of the static pages (static-cards.ts, as the list filters do): this page's own, and those
 * of the pages that hold the others, fetched once each. The first result of page 1 is the large
 * card: the same card, given the `lead` class (what it then shows: NewsCard.astro,
 * TestimonialCard.astro). Their hearts and share buttons are run by the page's delegated enhancers
 * (favourite-buttons.ts, share-buttons.ts), told by CARDS_ADDED_EVENT. The unfiltered first page of
 * this very document is the static markup, put back as it was served.
 */
import {
  DEFAULT_QUERY,
  filterEntries,
  isDefaultQuery,
  newsSearchable,
  type PortalPage,
  type PortalQuery,
  pagePath,
  paginate,
  paginationHtml,
  parsePortalQuery,
  portalSearch,
  type Searchable,
  splitLead,
  testimonialSearchable,
} from '../lib/portal/portal.ts';
import { countLabel, echoText } from '../lib/text.ts';
import { CARDS_ADDED_EVENT, isPlainClick } from './browser.ts';
import { fetchIndex, staticCards } from './static-cards.ts';

/** An entry of a portal's index as the results read it (src/lib/portal/index-entries.ts). */
interface IndexEntry {
  id: string;
  page: number;
}

/** What the search reads of each portal's entries (the index holds those fields: index-entries.ts). */
const READERS = { news: newsSearchable, testimonials: testimonialSearchable };

/** '/news', '/news/', '/news.html' and '/news/page/2/' compare as '/news' and '/news/page/2'. */
const cleanPath = (path: string) => path.replace(/\.html$/, '').replace(/\/+$/, '') || '/';

/**
 * Makes a card the large one or a grid card: its class (what it shows: NewsCard.astro,
 * TestimonialCard.astro), and for a news card's photo the `sizes` of that size (`data-lead-sizes`),
 * the card's own kept to be put back.
 */
function setLead(card: HTMLElement, isLead: boolean): void {
  card.classList.toggle('lead', isLead);
  const leadSizes = card.querySelector<HTMLElement>('[data-lead-sizes]')?.dataset.leadSizes;
  if (!leadSizes) return;
  // The <source>s carry the widths and `sizes` (ResponsiveImage.astro); the <img> is the one WebP fallback.
  for (const source of card.querySelectorAll<HTMLSourceElement>('[data-lead-sizes] source[sizes]')) {
    source.dataset.cardSizes ??= source.sizes;
    source.sizes = isLead ? leadSizes : source.dataset.cardSizes;
  }
}

/** Takes over the portal `section` (PortalPage.astro's `[data-portal]`) and shows the state its URL holds. */
export function startPortal(section: HTMLElement): void {
  const name = section.dataset.portal ?? '';
  const read = (name in READERS ? READERS[name as keyof typeof READERS] : undefined) as
    | ((entry: IndexEntry) => Searchable)
    | undefined;
  const base = section.dataset.base ?? '';
  const chipParam = section.dataset.chipParam ?? '';
  const staticPage = Number(section.dataset.page) || 1;
  const form = section.querySelector<HTMLFormElement>('form[role="search"]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]') ?? null;
  const chips = [...section.querySelectorAll<HTMLAnchorElement>('a[data-chip]')];
  const staticResults = section.querySelector<HTMLElement>('[data-portal-static]');
  const status = section.querySelector<HTMLElement>('[data-portal-status]');
  const results = section.querySelector<HTMLElement>('[data-portal-results]');
  const leadSlot = results?.querySelector<HTMLElement>('[data-portal-lead]');
  const grid = results?.querySelector<HTMLElement>('[data-portal-grid]');
  if (!read || !base || !staticResults || !status || !results || !leadSlot || !grid) return;
  const texts = status.dataset;
  const staticPath = cleanPath(pagePath(base, staticPage));

  // This page's own cards, with where they sit, so the unfiltered page is put back as it was served.
  const ownCards = [...staticResults.querySelectorAll<HTMLElement>('article[data-id]')];
  const ownPlaces = new Map(
    ownCards.map((card) => [card, { slot: card.parentElement, isLead: card.classList.contains('lead') }]),
  );
  const cards = staticCards({
    pagePath: (page) => pagePath(base, page),
    selector: '[data-portal-static] article[data-id]',
    idOf: (card) => (card as HTMLElement).dataset.id ?? '',
    own: ownCards,
  });

  let query: PortalQuery = DEFAULT_QUERY;
  let index: Promise<IndexEntry[]> | null = null;
  /** Each state shown counts one: an answer for an older one is dropped. */
  let generation = 0;

  const loadIndex = () => {
    index ??= fetchIndex(`${base}/index.json`).then((data) =>
      (data as (Partial<IndexEntry> | null)[]).filter(
        (entry): entry is IndexEntry => typeof entry?.id === 'string' && Number.isInteger(entry.page),
      ),
    );
    index.catch(() => {
      index = null;
    });
    return index;
  };

  /** The search box and the chips say the state. */
  const showControls = () => {
    if (input && document.activeElement !== input) input.value = query.q;
    for (const chip of chips) {
      const isCurrent = (chip.dataset.chip || null) === query.chip;
      chip.classList.toggle('active', isCurrent);
      if (isCurrent) chip.setAttribute('aria-current', 'true');
      else chip.removeAttribute('aria-current');
    }
  };

  const clearMessage = () => results.querySelector('[data-portal-message]')?.remove();

  /** Empties the results: the message, the cards, the pagination. */
  const clearResults = () => {
    clearMessage();
    leadSlot.replaceChildren();
    grid.replaceChildren();
    results.querySelector('nav.pagination')?.remove();
  };

  /** Puts a template's content (the empty state, the load error) in the results, in place of the cards. */
  const showMessage = (template: string) => {
    clearMessage();
    const content = section.querySelector<HTMLTemplateElement>(`template[data-template="${template}"]`)?.content;
    if (!content) return;
    const wrapper = document.createElement('div');
    wrapper.dataset.portalMessage = '';
    wrapper.append(content.cloneNode(true));
    results.prepend(wrapper);
  };

  /** The unfiltered page as it was served: its own cards back in their places, at their sizes. */
  const showStatic = () => {
    generation += 1;
    section.removeAttribute('aria-busy');
    for (const [card, { slot, isLead }] of ownPlaces) {
      setLead(card, isLead);
      slot?.append(card);
    }
    results.hidden = true;
    clearResults();
    staticResults.hidden = false;
    status.textContent = '';
  };

  /** The status line: the count, and the page when there are several. */
  const statusText = (page: PortalPage<IndexEntry>) => {
    if (page.total === 0) return texts.none ?? '';
    const count = countLabel(page.total, texts.singular ?? '', texts.plural ?? '');
    return page.pages > 1 ? `${count} – página ${page.page} de ${page.pages}` : count;
  };

  const pageHref = (page: number) => `${base}${portalSearch({ ...query, page }, chipParam)}`;

  /** Shows one page of results: the large first card on page 1, the grid, the pagination. */
  const draw = (page: PortalPage<IndexEntry>) => {
    clearResults();
    const { lead, rest } = splitLead(page);
    const leadCard = lead && cards.get(lead.id);
    if (leadCard) setLead(leadCard, true);
    leadSlot.replaceChildren(...(leadCard ? [leadCard] : []));
    leadSlot.hidden = !leadCard;
    const gridCards = rest.flatMap((entry) => cards.get(entry.id) ?? []);
    grid.replaceChildren(
      ...gridCards.map((card) => {
        setLead(card, false);
        const item = document.createElement('li');
        item.append(card);
        return item;
      }),
    );
    grid.hidden = gridCards.length === 0;
    if (page.total === 0) showMessage('empty');
    results.insertAdjacentHTML('beforeend', paginationHtml(page.page, page.pages, pageHref));
    staticResults.hidden = true;
    results.hidden = false;
    status.textContent = statusText(page);
    const shown = leadCard ? [leadCard, ...gridCards] : gridCards;
    if (shown.some((card) => !ownPlaces.has(card))) document.dispatchEvent(new Event(CARDS_ADDED_EVENT));
  };

  /** The load error with its retry, in place of the results. */
  const showError = () => {
    clearResults();
    showMessage('error');
    staticResults.hidden = true;
    results.hidden = false;
    status.textContent = '';
  };

  /** Fetches what the state needs (the index, the pages of its cards), then draws it; `focus` brings the visitor to the results. */
  const render = async (focus = false) => {
    generation += 1;
    const run = generation;
    try {
      if (!index) status.textContent = texts.loading ?? '';
      section.setAttribute('aria-busy', 'true');
      const entries = await loadIndex();
      if (run !== generation) return;
      const page = paginate(filterEntries(entries, query, read), query.page);
      const missing = [...new Set(page.entries.filter((entry) => !cards.has(entry.id)).map((entry) => entry.page))];
      if (missing.length > 0) {
        status.textContent = texts.loading ?? '';
        await cards.load(missing);
      }
      if (run !== generation) return;
      draw(page);
      if (focus) {
        results.focus({ preventScroll: true });
        results.scrollIntoView({ block: 'start' });
      }
    } catch {
      if (run === generation) showError();
    } finally {
      if (run === generation) section.removeAttribute('aria-busy');
    }
  };

  /** Shows a state: from the URL (popstate, first start) or from the visitor (then pushed to history). */
  const show = (next: PortalQuery, how: 'push' | 'url', focus = false) => {
    const path = how === 'push' ? base : window.location.pathname;
    if (how === 'push') window.history.pushState({ portal: base }, '', `${base}${portalSearch(next, chipParam)}`);
    query = next;
    showControls();
    if (isDefaultQuery(next) && cleanPath(path) === staticPath) showStatic();
    else void render(focus);
  };

  form?.addEventListener('submit', (event) => {
    event.preventDefault();
    show({ q: echoText(input?.value ?? ''), chip: query.chip, page: 1 }, 'push');
  });
  for (const chip of chips) {
    chip.addEventListener('click', (event) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      show({ q: query.q, chip: chip.dataset.chip || null, page: 1 }, 'push');
    });
  }
  results.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const link = target?.closest<HTMLAnchorElement>('a[data-page]');
    if (link && isPlainClick(event)) {
      event.preventDefault();
      show({ ...query, page: Number(link.dataset.page) }, 'push', true);
    } else if (target?.closest('[data-portal-retry]')) {
      void render();
    } else if (target?.closest('[data-portal-clear]')) {
      show(DEFAULT_QUERY, 'push');
      if (input) {
        input.value = '';
        input.focus();
      }
    }
  });
  const fromUrl = () => show(parsePortalQuery(window.location.search, chipParam), 'url');
  window.addEventListener('popstate', fromUrl);
  fromUrl();
}
