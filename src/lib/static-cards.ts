/**
 * Cards taken from the site's own static pages, so a card is rendered once, by its .astro component
 * (ItemCard.astro, NewsCard.astro, TestimonialCard.astro), and a filter in the browser only shows,
 * orders and sizes server-rendered cards. One model for the lists and the portals
 * (src/islands/ListResults.tsx: `/all-tours/page/2`; PortalResults.tsx: `/news/page/2`): first the
 * index (`index.json`: per entry its id and the static page of its card), then the pages that hold
 * the cards a state shows, each fetched once, their cards kept as HTML that an island renders again
 * in an element of its own, keyed by the card's id.
 *
 * Browser-only (fetch, DOMParser); no React, so it is tested alone (tests/unit/static-cards.test.ts).
 */

/** Static pages fetched at the same time (a phone's link gains little from more). */
export const PAGE_FETCHES_AT_ONCE = 2;

/**
 * A card as a static page serves it: the element its page's selector names (a list's `<li>`, which
 * carries the item's filter data; a portal's `<article>`) as its attributes and its inner HTML, which
 * an island renders again as the same element (elementProps).
 */
export interface StaticCard {
  id: string;
  /** The element's attributes, in their order. */
  attributes: Readonly<Record<string, string>>;
  /** Its content as served; a card from another page has its photos made lazy. */
  html: string;
}

/** Where a static page's cards are and what each is. */
export interface CardSelector {
  /** The cards of a page ('[data-list-grid] > li'). */
  selector: string;
  /** The id of the item a card shows ('' when it has none: not a card). */
  idOf: (card: Element) => string;
}

/** An index (`/all-tours/index.json`, `/news/index.json`): a JSON list, its entries checked by the caller. */
export async function fetchIndex(url: string): Promise<unknown[]> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const data: unknown = await response.json();
  if (!Array.isArray(data)) throw new Error(`${url}: not a list`);
  return data;
}

/**
 * The cards under `root` (a document, or the part of this page an island holds). `isFetched`: from
 * another page, where the first photo is eager and may be the first to fetch; here it is one card
 * among others.
 */
export function cardsIn(root: ParentNode, { selector, idOf }: CardSelector, { isFetched = false } = {}): StaticCard[] {
  return [...root.querySelectorAll(selector)].flatMap((element) => {
    const id = idOf(element);
    if (!id) return [];
    if (isFetched) {
      for (const image of element.querySelectorAll('img')) {
        image.setAttribute('loading', 'lazy');
        image.removeAttribute('fetchpriority');
      }
    }
    const attributes = Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));
    return [{ id, attributes, html: element.innerHTML }];
  });
}

/** React's names of the attributes a card's element carries ('class' is className); the rest are the same. */
const REACT_NAMES: Record<string, string> = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex' };

/** A card's attributes as the props of the element that renders it again. */
export function elementProps(attributes: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [REACT_NAMES[name] ?? name, value]));
}

/** Every card at hand by item id: this page's and those of the pages fetched. */
interface StaticCards {
  get: (id: string) => StaticCard | undefined;
  has: (id: string) => boolean;
  /** Takes cards in (this page's own): a card already held is kept. */
  add: (cards: readonly StaticCard[]) => void;
  /** Fetches the pages not yet fetched, PAGE_FETCHES_AT_ONCE at a time, and takes their cards in. */
  load: (pages: readonly number[]) => Promise<void>;
}

export function staticCards({ pagePath, ...card }: CardSelector & { pagePath: (page: number) => string }): StaticCards {
  const cards = new Map<string, StaticCard>();
  const add = (found: readonly StaticCard[]) => {
    for (const each of found) if (!cards.has(each.id)) cards.set(each.id, each);
  };
  const pageLoads = new Map<number, Promise<void>>();

  /** A static page's cards, taken in (once per page; a failed fetch can be tried again). */
  const loadPage = (page: number) => {
    let load = pageLoads.get(page);
    if (!load) {
      const url = pagePath(page);
      load = fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        add(cardsIn(new DOMParser().parseFromString(await response.text(), 'text/html'), card, { isFetched: true }));
      });
      load.catch(() => pageLoads.delete(page));
      pageLoads.set(page, load);
    }
    return load;
  };

  const load = async (pages: readonly number[]) => {
    const queue = [...pages];
    const next = async () => {
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) await loadPage(page);
    };
    await Promise.all(Array.from({ length: Math.min(PAGE_FETCHES_AT_ONCE, queue.length) }, next));
  };

  return { get: (id) => cards.get(id), has: (id) => cards.has(id), add, load };
}

/** What an index entry has: the card's id and the static page that holds it. */
export interface IndexEntry {
  id: string;
  page: number;
}

/**
 * A widget's cards and the index that says where they are: the index fetched once (again after a
 * failure), or, for a list of one page, its entries read from this page's own cards.
 */
export interface CardSource<E extends IndexEntry> {
  cards: StaticCards;
  /** Whether the entries are at hand (nothing to wait for). */
  hasEntries: () => boolean;
  entries: () => Promise<E[]>;
}

export function cardSource<E extends IndexEntry>({
  index,
  ...pages
}: CardSelector & {
  pagePath: (page: number) => string;
  /** The index's address and the check of its entries; null when every card is on this page, `ownEntries` then reading them. */
  index: { url: string; isEntry: (entry: unknown) => entry is E } | { ownEntries: () => E[] };
}): CardSource<E> {
  const cards = staticCards(pages);
  let entries: Promise<E[]> | null = null;
  let hasEntries = 'ownEntries' in index;
  return {
    cards,
    hasEntries: () => hasEntries,
    entries: () => {
      if ('ownEntries' in index) return Promise.resolve(index.ownEntries());
      if (!entries) {
        entries = fetchIndex(index.url).then((data) => data.filter(index.isEntry));
        entries.then(
          () => {
            hasEntries = true;
          },
          () => {
            entries = null;
          },
        );
      }
      return entries;
    },
  };
}
