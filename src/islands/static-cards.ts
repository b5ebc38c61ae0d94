/**
 * Cards taken from the site's own static pages, so a card is rendered once, by its .astro
 * component, and a filter in the browser only shows, hides and orders server-rendered cards. Shared
 * by the list filters (list-filters.ts: `/all-tours/page/2`, ItemCard.astro) and the news and
 * testimonials portals (portal-results.ts: `/news/page/2`, NewsCard.astro, TestimonialCard.astro).
 * Each one first fetches its index (`index.json`: per entry its id and the static page of its card),
 * then the pages that hold the cards it needs.
 */

/** Static pages fetched at the same time (a phone's link gains little from more). */
export const PAGE_FETCHES_AT_ONCE = 2;

/** An index (`/all-tours/index.json`, `/news/index.json`): a JSON list, its entries checked by the caller. */
export async function fetchIndex(url: string): Promise<unknown[]> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const data: unknown = await response.json();
  if (!Array.isArray(data)) throw new Error(`${url}: not a list`);
  return data;
}

export interface StaticCardsOptions {
  /** The site path of static page `page` (1-based). */
  pagePath: (page: number) => string;
  /** The cards of a static page's document ('[data-list-grid] > li'). */
  selector: string;
  /** The id of the item a card shows ('' when it has none). */
  idOf: (card: Element) => string;
  /** The cards this document has already: never fetched again. */
  own: readonly Element[];
}

/** Every card at hand by item id: this document's and those of the pages fetched. */
export interface StaticCards {
  get: (id: string) => HTMLElement | undefined;
  has: (id: string) => boolean;
  /** Fetches the pages not yet fetched, PAGE_FETCHES_AT_ONCE at a time, and takes their cards in. */
  load: (pages: readonly number[]) => Promise<void>;
}

export function staticCards({ pagePath, selector, idOf, own }: StaticCardsOptions): StaticCards {
  const cards = new Map<string, HTMLElement>();
  for (const card of own) if (card instanceof HTMLElement && idOf(card)) cards.set(idOf(card), card);
  const pageLoads = new Map<number, Promise<void>>();

  /** A static page's cards, taken into this document (once per page; a failed fetch can be tried again). */
  const loadPage = (page: number) => {
    let load = pageLoads.get(page);
    if (!load) {
      const url = pagePath(page);
      load = fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        const html = new DOMParser().parseFromString(await response.text(), 'text/html');
        for (const card of html.querySelectorAll<HTMLElement>(selector)) {
          const id = idOf(card);
          if (!id || cards.has(id)) continue;
          // Its page's first photo is eager there; here it is one card among others.
          for (const image of card.querySelectorAll('img')) {
            image.setAttribute('loading', 'lazy');
            image.removeAttribute('fetchpriority');
          }
          cards.set(id, document.adoptNode(card));
        }
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

  return { get: (id) => cards.get(id), has: (id) => cards.has(id), load };
}
