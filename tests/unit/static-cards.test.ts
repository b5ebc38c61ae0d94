/**
 * @vitest-environment jsdom
 */
/**
 * The cards the list filters and the portals take from the site's static pages
 * (src/islands/static-cards.ts), fetched from a real local server on 127.0.0.1: each page once and
 * two at a time, a failed page tried again, a held card never replaced, a fetched card's photos
 * made lazy; and the index checked for being a list.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchIndex, PAGE_FETCHES_AT_ONCE, staticCards } from '../../src/islands/static-cards.ts';

/** A static list page of the given card ids, as ItemCard.astro's wrappers hold them; the first photo eager. */
const listPage = (ids: string[]) =>
  `<!doctype html><html><body><ul data-list-grid>${ids
    .map(
      (id, index) =>
        `<li><article data-id="${id}"><img src="/p/${id}.avif" ${index === 0 ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'}></article></li>`,
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

const ownCards = () => [...document.querySelectorAll('[data-list-grid] > li')];

function cardsOfList() {
  return staticCards({
    pagePath: (page) => `${origin}/all-tours/page/${page}`,
    selector: '[data-list-grid] > li',
    idOf: (card) => card.querySelector<HTMLElement>('[data-id]')?.dataset.id ?? '',
    own: ownCards(),
  });
}

describe('staticCards', () => {
  it("holds this page's own cards without fetching anything", async () => {
    const cards = cardsOfList();
    await cards.load([]);
    expect(cards.has('1')).toBe(true);
    expect(cards.get('2')).toBe(ownCards()[1]);
    expect(cards.has('3')).toBe(false);
    expect(requests).toEqual([]);
  });

  it('fetches each page once, two at a time, and takes its cards into this document', async () => {
    for (const page of [2, 3, 4, 5]) routes[`/all-tours/page/${page}`] = listPage([`${page}0`, `${page}1`]);
    const cards = cardsOfList();
    await cards.load([2, 3, 4, 5]);
    await cards.load([3, 2]);
    expect(requests.sort()).toEqual(['/all-tours/page/2', '/all-tours/page/3', '/all-tours/page/4', '/all-tours/page/5']);
    expect(mostInFlight).toBe(PAGE_FETCHES_AT_ONCE);
    expect(['20', '21', '30', '31', '40', '41', '50', '51'].every((id) => cards.has(id))).toBe(true);
    expect(cards.get('31')?.ownerDocument).toBe(document);
    expect(cards.has('')).toBe(false);
  });

  it("makes a fetched card's photo lazy: the first photo of its own page is one card among others here", async () => {
    routes['/all-tours/page/2'] = listPage(['20']);
    const cards = cardsOfList();
    await cards.load([2]);
    const image = cards.get('20')?.querySelector('img');
    expect(image?.getAttribute('loading')).toBe('lazy');
    expect(image?.hasAttribute('fetchpriority')).toBe(false);
  });

  it('never replaces a card it holds with the copy of another page', async () => {
    routes['/all-tours/page/2'] = listPage(['2', '20']);
    const cards = cardsOfList();
    await cards.load([2]);
    expect(cards.get('2')).toBe(ownCards()[1]);
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
