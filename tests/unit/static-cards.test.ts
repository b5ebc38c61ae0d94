/**
 * @vitest-environment jsdom
 */
/**
 * The cards the lists' and the portals' islands take from the site's static pages
 * (src/lib/static-cards.ts), fetched from a real local server on 127.0.0.1: a card as its element's
 * attributes and HTML, each page fetched once and two at a time, a failed page tried again, a held card
 * never replaced, a fetched card's photos made lazy; the index fetched once (again after a failure) and
 * checked for being a list, or read from this page's own cards; and the large card of a portal
 * (src/lib/portal/lead-card.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sizedCard } from '../../src/lib/portal/lead-card.ts';
import {
  type CardSelector,
  cardSource,
  cardsIn,
  elementProps,
  fetchIndex,
  type IndexEntry,
  PAGE_FETCHES_AT_ONCE,
  type StaticCard,
  staticCards,
} from '../../src/lib/static-cards.ts';

/** A static list page of the given card ids, as a list's grid holds them; the first photo eager. */
const listPage = (ids: string[]) =>
  `<!doctype html><html><body><ul data-list-grid>${ids
    .map(
      (id, index) =>
        `<li data-title="Passeio ${id}" data-price="${id}"><article data-id="${id}"><img src="/p/${id}.avif" ${index === 0 ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'}></article></li>`,
    )
    .join('')}<li><article>a card without id</article></li></ul></body></html>`;

/** What the server answers, by path; a number is that status. */
let routes: Record<string, string | number> = {};
let requests: string[] = [];
let inFlight = 0;
let mostInFlight = 0;
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const answer = routes[request.url ?? ''] ?? 404;
    requests.push(request.url ?? '');
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    // Answered a little later, so fetches made together overlap.
    setTimeout(() => {
      inFlight -= 1;
      if (typeof answer === 'number') response.writeHead(answer).end();
      else response.writeHead(200, { 'content-type': 'text/html' }).end(answer);
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  routes = {};
  requests = [];
  mostInFlight = 0;
  document.body.innerHTML = listPage(['1', '2']);
});

const LIST: CardSelector = {
  selector: '[data-list-grid] > li',
  idOf: (card) => card.querySelector('[data-id]')?.getAttribute('data-id') ?? '',
};

function cardsOfList() {
  const cards = staticCards({ ...LIST, pagePath: (page) => `${origin}/all-tours/page/${page}` });
  cards.add(cardsIn(document, LIST));
  return cards;
}

describe('cardsIn', () => {
  it("reads each card as its element's attributes, in their order, and its HTML; an element without an id is no card", () => {
    const cards = cardsIn(document, LIST);
    expect(cards.map((card) => card.id)).toEqual(['1', '2']);
    expect(cards[0]?.attributes).toEqual({ 'data-title': 'Passeio 1', 'data-price': '1' });
    expect(Object.keys(cards[0]?.attributes ?? {})).toEqual(['data-title', 'data-price']);
    expect(cards[0]?.html).toBe('<article data-id="1"><img src="/p/1.avif" loading="eager" fetchpriority="high"></article>');
  });

  it('leaves the photos of this page as they are, and makes those of a fetched page lazy', () => {
    const fetched = new DOMParser().parseFromString(listPage(['3']), 'text/html');
    expect(cardsIn(fetched, LIST, { isFetched: true })[0]?.html).toBe(
      '<article data-id="3"><img src="/p/3.avif" loading="lazy"></article>',
    );
    expect(cardsIn(document, LIST)[0]?.html).toContain('fetchpriority="high"');
  });
});

describe('elementProps', () => {
  it.each([
    [
      { class: 'card lead', 'data-id': '7' },
      { className: 'card lead', 'data-id': '7' },
    ],
    [
      { 'data-title': 'A', tabindex: '-1' },
      { 'data-title': 'A', tabIndex: '-1' },
    ],
    [{}, {}],
  ])('%j → %j', (attributes, props) => expect(elementProps(attributes)).toEqual(props));
});

describe('staticCards', () => {
  it("holds this page's own cards without fetching anything", async () => {
    const cards = cardsOfList();
    await cards.load([]);
    expect(cards.has('1')).toBe(true);
    expect(cards.get('2')?.attributes['data-title']).toBe('Passeio 2');
    expect(cards.has('3')).toBe(false);
    expect(requests).toEqual([]);
  });

  it('fetches each page once, two at a time, and takes its cards in', async () => {
    for (const page of [2, 3, 4, 5]) routes[`/all-tours/page/${page}`] = listPage([`${page}0`, `${page}1`]);
    const cards = cardsOfList();
    await cards.load([2, 3, 4, 5]);
    await cards.load([3, 2]);
    expect(requests.sort()).toEqual(['/all-tours/page/2', '/all-tours/page/3', '/all-tours/page/4', '/all-tours/page/5']);
    expect(mostInFlight).toBe(PAGE_FETCHES_AT_ONCE);
    expect(['20', '21', '30', '31', '40', '41', '50', '51'].every((id) => cards.has(id))).toBe(true);
    expect(cards.get('31')?.attributes['data-title']).toBe('Passeio 31');
    expect(cards.has('')).toBe(false);
  });

  it('never replaces a card it holds with the copy of another page', async () => {
    routes['/all-tours/page/2'] = listPage(['2', '20']);
    const cards = cardsOfList();
    const own = cards.get('2');
    await cards.load([2]);
    expect(cards.get('2')).toBe(own);
    expect(cards.has('20')).toBe(true);
  });

  it('fails on a page the host does not answer, and fetches it again on the next try', async () => {
    routes['/all-tours/page/2'] = 503;
    const cards = cardsOfList();
    await expect(cards.load([2])).rejects.toThrow('503');
    routes['/all-tours/page/2'] = listPage(['20']);
    await cards.load([2]);
    expect(cards.has('20')).toBe(true);
    expect(requests).toEqual(['/all-tours/page/2', '/all-tours/page/2']);
  });
});

describe('fetchIndex', () => {
  it('gives the list an index holds', async () => {
    routes['/all-tours/index.json'] = '[{"id":"1","page":1}]';
    await expect(fetchIndex(`${origin}/all-tours/index.json`)).resolves.toEqual([{ id: '1', page: 1 }]);
  });

  it.each([
    ['a missing index', 404, '404'],
    ['an index that is no list', '{"id":"1"}', 'not a list'],
  ])('refuses %s', async (_, answer, message) => {
    routes['/all-tours/index.json'] = answer;
    await expect(fetchIndex(`${origin}/all-tours/index.json`)).rejects.toThrow(message);
  });
});

describe('cardSource', () => {
  const isEntry = (entry: unknown): entry is IndexEntry => typeof (entry as IndexEntry | null)?.id === 'string';
  const source = () =>
    cardSource<IndexEntry>({
      ...LIST,
      pagePath: (page) => `${origin}/all-tours/page/${page}`,
      index: { url: `${origin}/all-tours/index.json`, isEntry },
    });

  it('fetches the index once, keeping the entries it can read', async () => {
    routes['/all-tours/index.json'] = '[{"id":"1","page":1},{"page":2},null,{"id":"2","page":1}]';
    const cards = source();
    expect(cards.hasEntries()).toBe(false);
    const [first, second] = await Promise.all([cards.entries(), cards.entries()]);
    expect(first).toEqual([
      { id: '1', page: 1 },
      { id: '2', page: 1 },
    ]);
    expect(second).toBe(first);
    expect(cards.hasEntries()).toBe(true);
    await cards.entries();
    expect(requests).toEqual(['/all-tours/index.json']);
  });

  it('fetches it again after a failure', async () => {
    routes['/all-tours/index.json'] = 500;
    const cards = source();
    await expect(cards.entries()).rejects.toThrow('500');
    routes['/all-tours/index.json'] = '[]';
    await expect(cards.entries()).resolves.toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it("reads a list of one page from this page's own cards, fetching nothing", async () => {
    const cards = cardSource<IndexEntry>({
      ...LIST,
      pagePath: (page) => `${origin}/all-tours/page/${page}`,
      index: { ownEntries: () => cardsIn(document, LIST).map((card) => ({ id: card.id, page: 1 })) },
    });
    expect(cards.hasEntries()).toBe(true);
    await expect(cards.entries()).resolves.toEqual([
      { id: '1', page: 1 },
      { id: '2', page: 1 },
    ]);
    expect(requests).toEqual([]);
  });
});

describe('sizedCard', () => {
  /** A news card as a grid card serves it: its photo sized for the grid, the large card's sizes beside them. */
  const card: StaticCard = {
    id: '903',
    attributes: { class: 'card news-card', 'data-id': '903' },
    html: '<a class="cover" data-lead-sizes="(min-width: 960px) 660px, 100vw"><picture><source type="image/avif" sizes="(min-width: 960px) 400px, 100vw" srcset="a.avif 400w"><img src="a.webp"></picture></a><p>Resumo</p>',
  };

  it('makes the large card: the lead class, and the large sizes on the sources that name them', () => {
    const lead = sizedCard(card, true);
    expect(lead.attributes.class).toBe('card news-card lead');
    expect(lead.html).toContain('sizes="(min-width: 960px) 660px, 100vw" srcset="a.avif 400w"');
    expect(lead.html).toContain('<p>Resumo</p>');
    expect(sizedCard(card, true)).toBe(lead);
  });

  it('keeps a grid card as served, and makes a card served large a grid card by its class', () => {
    expect(sizedCard(card, false)).toBe(card);
    const servedLarge: StaticCard = {
      id: '1305',
      attributes: { class: 'card news-card lead', 'data-id': '1305' },
      html: '<p>x</p>',
    };
    expect(sizedCard(servedLarge, false)).toEqual({ ...servedLarge, attributes: { class: 'card news-card', 'data-id': '1305' } });
    expect(sizedCard(servedLarge, true).attributes.class).toBe('card news-card lead');
  });
});
