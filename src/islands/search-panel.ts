/**
 * The search itself, shared by the header's dialog (search-dialog.ts) and the /busca page
 * (search-page.ts): the box, the kind chips (Pagefind's counts per `tipo`, after 'Filtrar por tipo'
 * on a first search: pagefind.ts, countKinds), the results with image,
 * kind, title and the excerpt with the matched words marked, 'Mostrar mais' and the documented empty
 * message. Arrow keys move between the box and the results; Enter opens the focused result (it is a
 * link). Plain DOM rather than a React island: a first search then downloads no React
 * (docs/offline-and-search.md, "What it costs").
 */
import {
  cutQuery,
  kindChips,
  MAX_QUERY_CHARS,
  noResultsMessage,
  type SearchHit,
  type SearchQuery,
} from '../lib/search/search.ts';
import { resultCount } from '../lib/text.ts';
import { countKinds, loadPagefind, runSearch, type SearchAnswer } from './pagefind.ts';

/** Results shown at first and added by 'Mostrar mais'. */
const PAGE_SIZE = 8;

type Status = 'idle' | 'loading' | 'done' | 'error';

export interface SearchPanelOptions {
  /** Query and kind the panel opens with. */
  initial: SearchQuery;
  /** Heading id the panel's box is labelled by. */
  labelledBy?: string;
  /** Called whenever the query or kind changes (the /busca page keeps its URL in step). */
  onChange?: (query: SearchQuery) => void;
  /** Extra content under the results for a query (the dialog's link to /busca), the same node each time; null for none. */
  footer?: (query: SearchQuery) => Node | null;
}

export interface SearchPanel {
  /** The panel's root, to be put in the page. */
  element: HTMLDivElement;
  /** The search box. */
  input: HTMLInputElement;
}

type Attributes = Record<string, string | boolean | undefined>;

/** An element with attributes (true: present and empty; false or undefined: absent) and children. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  element.append(...children);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An inline icon: one path in a 24-unit box, hidden from assistive technology. */
export function icon(className: string | null, size: number, d: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  if (className) svg.setAttribute('class', className);
  for (const [name, value] of [
    ['viewBox', '0 0 24 24'],
    ['width', String(size)],
    ['height', String(size)],
    ['aria-hidden', 'true'],
    ['focusable', 'false'],
  ]) {
    svg.setAttribute(name as string, value as string);
  }
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

const SEARCH_ICON = 'M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z';

let panels = 0;

/**
 * Makes `parent`'s children exactly `wanted`, whose order never changes between renders: stale
 * children are removed and missing ones inserted, so a child that stays is never moved and keeps
 * the focus (a chip just pressed, a result reached with the arrows).
 */
function syncChildren(parent: Element, wanted: readonly Node[]): void {
  for (const child of [...parent.childNodes]) if (!wanted.includes(child)) child.remove();
  wanted.forEach((node, index) => {
    const at = parent.childNodes[index] ?? null;
    if (at !== node) parent.insertBefore(node, at);
  });
}

/** One result as a list item: a link with the photo, kind and place, title, excerpt and price. */
function resultItem(hit: SearchHit): HTMLLIElement {
  const kind = h('span', { class: 'search-result-kind' }, hit.kind);
  if (hit.locality) kind.append(h('span', { class: 'search-result-place' }, ` · ${hit.locality}`));
  const excerpt = h(
    'span',
    { class: 'search-result-excerpt' },
    // Text nodes and <mark>s: nothing from the index becomes markup (excerptParts).
    ...hit.excerpt.map((part) => h(part.isMatch ? 'mark' : 'span', {}, part.text)),
  );
  const text = h('span', { class: 'search-result-text' }, kind, h('span', { class: 'search-result-title' }, hit.title), excerpt);
  if (hit.price) text.append(h('span', { class: 'search-result-price' }, hit.price));
  const picture = hit.image
    ? h('img', { src: hit.image, alt: '', width: '72', height: '72', loading: 'lazy', decoding: 'async' })
    : h('span', { class: 'search-result-noimage', 'aria-hidden': 'true' });
  return h('li', {}, h('a', { class: 'search-result', href: hit.path, 'data-result-link': true }, picture, text));
}

/** The panel with its box, for the dialog or the /busca page; it searches `initial` at once. */
export function createSearchPanel({ initial, labelledBy, onChange, footer }: SearchPanelOptions): SearchPanel {
  panels += 1;
  const inputId = `search-panel-${panels}-box`;
  const statusId = `search-panel-${panels}-status`;

  // As the URL's query is read (parseSearchQuery): a query from elsewhere (the header's box) too.
  let query = cutQuery(initial.query);
  let kind = initial.kind;
  let status: Status = 'idle';
  let answer: SearchAnswer | null = null;
  let hits: SearchHit[] = [];
  // Each search's number: an answer that arrives after a newer search began is dropped.
  let generation = 0;

  const input = h('input', {
    id: inputId,
    type: 'search',
    name: 'q',
    placeholder: 'Passeios, hospedagens, restaurantes, notícias...',
    autocomplete: 'off',
    enterkeyhint: 'search',
    maxlength: String(MAX_QUERY_CHARS),
    'aria-describedby': statusId,
    'aria-labelledby': labelledBy,
    'data-search-input': true,
  });
  input.value = query;
  const form = h(
    'form',
    { class: 'search-box', action: '/busca', method: 'get' },
    h('label', { class: 'visually-hidden', for: inputId }, 'Buscar no portal'),
    icon('search-box-icon', 20, SEARCH_ICON),
    input,
  );
  // Until this page's searches count results per kind (pagefind.ts, countKinds), one button asks for the chips.
  const kindsToggle = h('button', { type: 'button', class: 'search-chip' }, 'Filtrar por tipo');
  const kindsAsk = h('div', { class: 'search-kinds' }, kindsToggle);
  let isFocusingChips = false;
  const chipsLegend = h('legend', { class: 'visually-hidden' }, 'Filtrar por tipo');
  const chipsGroup = h('fieldset', { class: 'search-kinds' }, chipsLegend);
  const statusLine = h('p', { id: statusId, class: 'search-status', role: 'status' });
  const retry = h('button', { type: 'button', class: 'btn btn-secondary' }, 'Tentar novamente');
  const list = h('ul', { class: 'search-results', 'aria-label': 'Resultados da busca' });
  const more = h('button', { type: 'button', class: 'btn btn-secondary search-more' }, 'Mostrar mais resultados');
  const element = h('div', { class: 'search-panel' }, h('search', {}, form));
  const top = element.firstChild as Node;

  const resultLinks = () => [...list.querySelectorAll<HTMLAnchorElement>('[data-result-link]')];

  /** A chip button per kind (null: 'Todos'), kept across renders so a pressed chip keeps the focus. */
  const chipButtons = new Map<string | null, HTMLButtonElement>();
  const chipButton = (chipKind: string | null, count: number) => {
    let button = chipButtons.get(chipKind);
    if (!button) {
      button = h('button', { type: 'button', class: 'search-chip' });
      button.addEventListener('click', () => setKind(chipKind === null || kind === chipKind ? null : chipKind));
      chipButtons.set(chipKind, button);
    }
    button.replaceChildren(`${chipKind ?? 'Todos'} `, h('span', { class: 'search-chip-count' }, String(count)));
    button.setAttribute('aria-pressed', String(kind === chipKind));
    return button;
  };

  function render(): void {
    const term = query.trim();
    const counts = answer?.kindCounts;
    const chips = term && counts !== null ? kindChips(counts, kind) : [];
    const isAsking = Boolean(term) && counts === null && answer !== null && answer.total > 0 && status !== 'error';
    syncChildren(chipsGroup, [
      chipsLegend,
      chipButton(null, answer?.totalAllKinds ?? 0),
      ...chips.map((chip) => chipButton(chip.kind, chip.count)),
    ]);
    statusLine.textContent =
      status === 'loading'
        ? 'Buscando...'
        : status === 'error'
          ? 'Não foi possível carregar a busca. Verifique sua conexão.'
          : status === 'done'
            ? answer && answer.total > 0
              ? resultCount(answer.total)
              : noResultsMessage(term)
            : '';
    const extra = footer?.({ query: term, kind }) ?? null;
    syncChildren(element, [
      top,
      ...(chips.length > 0 ? [chipsGroup] : []),
      ...(isAsking ? [kindsAsk] : []),
      statusLine,
      ...(status === 'error' ? [retry] : []),
      ...(hits.length > 0 && status !== 'error' ? [list] : []),
      ...(answer && status === 'done' && hits.length < answer.total ? [more] : []),
      ...(extra ? [extra] : []),
    ]);
    // The toggle is gone: the keyboard goes on to the chips it asked for.
    if (isFocusingChips && chips.length > 0) {
      isFocusingChips = false;
      chipButtons.get(null)?.focus();
    }
  }

  function showHits(next: SearchHit[]): void {
    hits = next;
    list.replaceChildren(...next.map(resultItem));
  }

  function search(): void {
    onChange?.({ query, kind });
    const term = query.trim();
    generation += 1;
    if (!term) {
      status = 'idle';
      answer = null;
      showHits([]);
      render();
      return;
    }
    const current = generation;
    status = 'loading';
    render();
    runSearch(term, kind, PAGE_SIZE).then(
      (next) => {
        // null: a newer keystroke superseded this query (Pagefind's debounce).
        if (current !== generation || !next) return;
        answer = next;
        showHits(next.hits);
        status = 'done';
        render();
      },
      () => {
        if (current !== generation) return;
        status = 'error';
        render();
      },
    );
  }

  function setKind(next: string | null): void {
    kind = next;
    search();
  }

  input.addEventListener('input', () => {
    query = input.value;
    search();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    resultLinks()[0]?.focus();
  });
  retry.addEventListener('click', search);
  kindsToggle.addEventListener('click', () => {
    countKinds();
    isFocusingChips = document.activeElement === kindsToggle;
    search();
  });
  more.addEventListener('click', async () => {
    if (!answer) return;
    const from = hits.length;
    const added = await answer.more(from, PAGE_SIZE);
    hits = [...hits, ...added];
    list.append(...added.map(resultItem));
    render();
    // Keep the keyboard where the new results start.
    resultLinks()[from]?.focus();
  });
  element.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = resultLinks();
    if (links.length === 0) return;
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const isInBox = document.activeElement === input;
    if (!isInBox && current === -1) return;
    event.preventDefault();
    if (event.key === 'ArrowDown') links[isInBox ? 0 : Math.min(current + 1, links.length - 1)]?.focus();
    else if (current <= 0) input.focus();
    else links[current - 1]?.focus();
  });

  // Opening the panel is the moment to fetch Pagefind, so the first keystroke does not wait for it.
  loadPagefind().catch(() => undefined);
  search();
  return { element, input };
}
