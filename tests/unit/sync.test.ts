/**
 * The sync against a real HTTP server on 127.0.0.1 serving the fixtures of tests/fixtures/upstream:
 * what is kept, what is dropped and why, what the requests look like, what is written.
 * Faults are in sync-faults.test.ts, the shrink rule and fallbacks in sync-fallback.test.ts.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  allSnapshotTexts,
  CITY_API_COLLECTIONS,
  collectionOf,
  filesIn,
  idsOf,
  readSnapshot,
  readStatus,
  SNAPSHOT_FILES,
  setUpSyncSandbox,
  statusOf,
  syncAgainst,
} from '../support/sync-helpers.ts';
import { startUpstreamServer, TEST_CREDENTIALS } from '../support/upstream-server.ts';

const sandbox = setUpSyncSandbox();

/**
 * What the fixture set gives for each collection: ids kept, ids dropped (with the reason's pattern),
 * and the records kept after a repair (a field with a fallback that could not be read).
 */
const EXPECTED: Record<string, { received: number; kept: string[]; dropped: [string, RegExp][]; repaired?: [string, RegExp][] }> =
  {
    city: { received: 1, kept: ['1'], dropped: [] },
    tours: {
      received: 8,
      kept: ['101', '102', '104', '105', '107', '108'],
      dropped: [
        ['#3 (no id)', /^id: /],
        ['101', /^duplicate id/],
      ],
      // 105's title is WordPress-style ({ rendered }): read as text, no repair.
      repaired: [['104', /^rating "abc" outside 0–5; left out$/]],
    },
    accommodation: { received: 3, kept: ['201', '202'], dropped: [['#3 (no id)', /^record: /]] },
    restaurants: { received: 2, kept: ['301', '302'], dropped: [] },
    events: { received: 2, kept: ['501', '502'], dropped: [] },
    drivers: { received: 2, kept: ['601', '602'], dropped: [] },
    guides: { received: 2, kept: ['701', '702'], dropped: [] },
    agencies: { received: 2, kept: ['801', '802'], dropped: [] },
    tourProviders: { received: 2, kept: ['901', '902'], dropped: [] },
    experiences: { received: 2, kept: ['experiencia-de-pesca-esportiva', '402'], dropped: [] },
    testimonials: {
      received: 5,
      kept: ['1001', '1002', '1003', '1004', '1005'],
      dropped: [],
      repaired: [['1004', /^rating "muito bom" outside 0–10; left out$/]],
    },
    news: {
      received: 5,
      kept: ['11', '12', '13'],
      dropped: [
        ['14', /^status "draft" is not published$/],
        ['15', /^title: /],
      ],
      // The fixture blog answers on 127.0.0.1; post 11 says it lives on blog.example.com.
      repaired: [['11', /^link "https:\/\/blog\.example\.com\/festival-de-pesca-2026\/": not an address on the blog's host$/]],
    },
    // The blog's pages (blog/pages.json): every published page that hangs from the top of the tree is kept, in
    // the answer's order; a draft, and a page whose parent is not published with the page below it, are not.
    blogPages: {
      received: 16,
      kept: ['201', '202', '210', '211', '221', '222', '212', '213', '214', '231', '215', '241', '260'],
      dropped: [
        ['216', /^status "draft" is not published$/],
        ['250', /^parent 999: its parent page is not published/],
        ['251', /^parent 250: a page above it is not published/],
      ],
    },
    episodes: { received: 4, kept: ['ep003', 'ep002', 'ep001'], dropped: [['#3 (no id)', /^id: /]] },
  };

describe('sync against the fixture upstreams', () => {
  it('keeps every valid record of every collection, drops the bad ones with their ids and reasons', async () => {
    const { report, lines } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(report.warnings).toEqual([]);
    expect(report.collections.map((collection) => collection.id).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [id, expected] of Object.entries(EXPECTED)) {
      const collection = collectionOf(report, id);
      expect(collection, id).toMatchObject({
        origin: 'upstream',
        goodOrigin: 'upstream',
        failed: false,
        error: null,
        received: expected.received,
        count: expected.kept.length,
      });
      expect(
        collection.dropped.map((record) => record.id),
        id,
      ).toEqual(expected.dropped.map(([droppedId]) => droppedId));
      collection.dropped.forEach((record, index) => {
        expect(record.reason, `${id} ${record.id}`).toMatch(expected.dropped[index]?.[1] ?? /^$/);
      });
      const repaired = expected.repaired ?? [];
      expect(
        collection.repaired.map((record) => record.id),
        id,
      ).toEqual(repaired.map(([repairedId]) => repairedId));
      collection.repaired.forEach((record, index) => {
        expect(record.reason, `${id} ${record.id}`).toMatch(repaired[index]?.[1] ?? /^$/);
      });
      expect(idsOf(await readSnapshot(sandbox.outDir, id)), id).toEqual(expected.kept);
    }
    // Every dropped or repaired record is a warning in the report and the log, with its id and reason.
    const droppedCount = Object.values(EXPECTED).reduce((sum, expected) => sum + expected.dropped.length, 0);
    expect(droppedCount).toBe(9);
    expect(lines.filter((line) => line.includes('dropped record'))).toHaveLength(droppedCount);
    expect(report.recordWarnings.filter((line) => line.includes('dropped record'))).toHaveLength(droppedCount);
    expect(lines).toContain('WARN cityApi tours: dropped record 101: duplicate id (the first record with it is kept)');
    expect(lines).toContain('WARN cityApi tours: repaired record 104: rating "abc" outside 0–5; left out');
  });

  it('publishes the first of two records with the same id, not the duplicate', async () => {
    await syncAgainst(sandbox.server, sandbox.outDir);
    const tours = await readSnapshot<{ id: string; title: string; priceValue: number }>(sandbox.outDir, 'tours');
    expect(tours.filter((tour) => tour.id === '101')).toEqual([
      expect.objectContaining({ title: 'Passeio de Barco no Rio Paraguai', priceValue: 150 }),
    ]);
  });

  it('writes every collection file and status.json, and no temporary file', async () => {
    await syncAgainst(sandbox.server, sandbox.outDir);
    expect((await filesIn(sandbox.outDir)).sort()).toEqual(SNAPSHOT_FILES);

    const statuses = await readStatus(sandbox.outDir);
    expect([...statuses.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const id of Object.keys(EXPECTED)) {
      const status = statusOf(statuses, id);
      expect(status).toMatchObject({ origin: 'upstream', goodOrigin: 'upstream', failed: false, error: null });
      expect(status.count).toBe(EXPECTED[id]?.kept.length);
      expect(Number.isNaN(Date.parse(status.syncedAt ?? ''))).toBe(false);
    }
    expect(statusOf(statuses, 'news').source).toBe('blog');
    expect(statusOf(statuses, 'episodes').source).toBe('podcast');
    expect(CITY_API_COLLECTIONS.every((id) => statusOf(statuses, id).source === 'cityApi')).toBe(true);
  });

  it('overwrites the previous snapshot atomically on a second run, leaving no .tmp file', async () => {
    await syncAgainst(sandbox.server, sandbox.outDir);
    sandbox.server.setFile('provider/tours.json', [
      { id: 1, title: 'Um' },
      { id: 2, title: 'Dois' },
      { id: 3, title: 'Três' },
    ]);
    await syncAgainst(sandbox.server, sandbox.outDir);
    expect(idsOf(await readSnapshot(sandbox.outDir, 'tours'))).toEqual(['1', '2', '3']);
    expect((await filesIn(sandbox.outDir)).filter((name) => !name.endsWith('.json'))).toEqual([]);
    expect((await filesIn(sandbox.outDir)).sort()).toEqual(SNAPSHOT_FILES);
  });

  describe('the four envelope shapes', () => {
    const tours = [
      { id: 1, title: 'Um' },
      { id: 2, title: 'Dois' },
      { id: 'x y', title: 'id que não é um endereço' },
    ];
    it.each([
      ['[...]', tours],
      ['{ tours: [...] }', { tours }],
      ['{ data: { tours: [...] } }', { success: true, data: { tours, total: 3 } }],
      ['{ data: [...] }', { data: tours }],
    ])('accepts %s', async (_shape, body) => {
      sandbox.server.setFile('provider/tours.json', body);
      const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
      expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', received: 3, count: 2, failed: false });
      expect(collectionOf(report, 'tours').dropped).toEqual([
        expect.objectContaining({ id: '"x y"', reason: expect.stringMatching(/^id: not a page address/), field: 'id' }),
      ]);
      expect(idsOf(await readSnapshot(sandbox.outDir, 'tours'))).toEqual(['1', '2']);
    });

    it('uses all four shapes across the fixture collections', async () => {
      // tours and guides: [...]; hotels, events and agencies: { name: [...] };
      // restaurants and tour providers: { data: { name: [...] } }; experiences and drivers: { data: [...] }.
      const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
      for (const id of [
        'tours',
        'guides',
        'accommodation',
        'events',
        'agencies',
        'restaurants',
        'tourProviders',
        'experiences',
      ]) {
        expect(collectionOf(report, id).count, id).toBeGreaterThan(0);
      }
    });

    it('fails a collection whose answer has no list in any accepted shape, keeping the others', async () => {
      sandbox.server.setFile('provider/hotels.json', { success: true, data: { items: [{ id: 1 }] } });
      const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
      expect(collectionOf(report, 'accommodation')).toMatchObject({
        origin: 'none',
        failed: true,
        count: 0,
        error: "answer has no 'hotels' list in any accepted shape",
      });
      expect(collectionOf(report, 'tours')).toMatchObject({ origin: 'upstream', count: 6 });
    });
  });

  describe('sanitising end to end', () => {
    it('writes no script, no event handler and no javascript: URL to any snapshot file', async () => {
      await syncAgainst(sandbox.server, sandbox.outDir);
      for (const [name, text] of await allSnapshotTexts(sandbox.outDir)) {
        expect(text, name).not.toMatch(/<script/i);
        expect(text, name).not.toMatch(/<iframe/i);
        expect(text, name).not.toMatch(/\bon(?:error|click)\s*=/i);
        expect(text, name).not.toMatch(/javascript:/i);
        expect(text, name).not.toMatch(/document\.cookie|steal\(\)|alert\(/);
      }
    });

    it('keeps the harmless markup and text around what it removed', async () => {
      await syncAgainst(sandbox.server, sandbox.outDir);
      const [tour] = await readSnapshot<{ descriptionHtml: string; excerpt: string }>(sandbox.outDir, 'tours');
      expect(tour?.descriptionHtml).toBe(
        '<p>Passeio <strong>guiado</strong> pelo rio.</p><img src="https://cdn.example.com/tours/rio.jpg"><a>Reservar agora</a>',
      );
      const news = await readSnapshot<{ id: string; title: string; contentHtml: string }>(sandbox.outDir, 'news');
      const festival = news.find((article) => article.id === '11');
      expect(festival?.title).toBe('Festival de Pesca – 2026');
      expect(festival?.contentHtml).toContain(
        '<a href="https://blog.example.com/inscricoes" rel="nofollow noopener noreferrer">aqui</a>',
      );
      expect(festival?.contentHtml).toContain(
        '<img src="https://blog.example.com/wp-content/uploads/festival.jpg" alt="Festival">',
      );
      const experiences = await readSnapshot<{ id: string; descriptionHtml: string }>(sandbox.outDir, 'experiences');
      expect(experiences.find((experience) => experience.id === '402')?.descriptionHtml).toBe('<p>Trilhas e cachoeiras.</p>');
      const city = (await readSnapshot<{ gallery: unknown[] }>(sandbox.outDir, 'city'))[0];
      expect(city?.gallery).toEqual([
        {
          large: 'https://cdn.example.com/city/rio-paraguai-large.jpg',
          thumb: 'https://cdn.example.com/city/rio-paraguai-thumb.jpg',
        },
      ]);
    });

    it('never publishes a visitor e-mail from a feedback', async () => {
      await syncAgainst(sandbox.server, sandbox.outDir);
      expect(JSON.stringify(await readSnapshot(sandbox.outDir, 'testimonials'))).not.toContain('carla@private.example');
    });
  });

  describe('the upstream calls', () => {
    // These tests count the calls: a per-attempt timeout of seconds, not FAST_HTTP's 300 ms, so a machine busy
    // with other tests never adds a retry to the count (a loaded CI run asked for page 1 twice).
    const PATIENT_HTTP = { timeoutMs: 5_000, totalTimeoutMs: 20_000 };

    it('sends the bearer token and the city and state on every GET of the city data API', async () => {
      await syncAgainst(sandbox.server, sandbox.outDir, { http: PATIENT_HTTP });
      const cityApiRequests = sandbox.server.requestsTo(sandbox.server.paths.cityApi);
      // cities, tours, hotels, restaurants, experiences, attractions, 4 provider types, feedbacks
      expect(cityApiRequests).toHaveLength(11);
      for (const request of cityApiRequests) {
        expect(request.method, request.path).toBe('GET');
        expect(request.headers.authorization, request.path).toBe(`Bearer ${TEST_CREDENTIALS.cityApiToken}`);
        expect(request.query.city, request.path).toBe('Barra do Bugres');
        expect(request.query.state, request.path).toBe('MT');
        expect(request.status, request.path).toBe(200);
      }
      expect(
        sandbox.server
          .requestsTo(sandbox.server.paths.providers)
          .map((request) => request.query.type)
          .sort(),
      ).toEqual(['agencies', 'drivers', 'guides', 'tours']);
    });

    it('asks /cities for the configured name trimmed and lower-cased', async () => {
      const { report } = await syncAgainst(sandbox.server, sandbox.outDir, {
        http: PATIENT_HTTP,
        env: { CITY_NAME: '  Tangará da Serra  ', CITY_STATE: 'MT' },
      });
      const [request] = sandbox.server.requestsTo(sandbox.server.paths.cities);
      expect(request?.query).toMatchObject({ name: 'tangará da serra', city: 'Tangará da Serra', state: 'MT' });
      expect(collectionOf(report, 'city')).toMatchObject({ origin: 'upstream', count: 1 });
      expect(await readSnapshot(sandbox.outDir, 'city')).toEqual([
        expect.objectContaining({ id: '2', name: 'Tangará da Serra' }),
      ]);
      // Another city is configuration only: every call to the city data API carries it.
      expect(
        sandbox.server.requestsTo(sandbox.server.paths.cityApi).every((sent) => sent.query.city === 'Tangará da Serra'),
      ).toBe(true);
    });

    it('pages the feedbacks until `total` and the blog posts by X-WP-TotalPages', async () => {
      const paged = await startUpstreamServer({ maxPageSize: 2 });
      try {
        const { report } = await syncAgainst(paged, sandbox.outDir, { http: PATIENT_HTTP });
        expect(paged.requestsTo(paged.paths.feedbacks).map((request) => request.query.page)).toEqual(['1', '2', '3']);
        expect(collectionOf(report, 'testimonials')).toMatchObject({ received: 5, count: 5, origin: 'upstream' });
        expect(idsOf(await readSnapshot(sandbox.outDir, 'testimonials'))).toEqual(['1001', '1002', '1003', '1004', '1005']);

        const posts = paged.requestsTo(paged.paths.posts);
        expect(posts.map((request) => request.query.page)).toEqual(['1', '2', '3']);
        for (const request of posts) {
          expect(request.query).toMatchObject({ status: 'publish', _embed: 'true', per_page: '100' });
        }
        expect(collectionOf(report, 'news')).toMatchObject({ received: 5, count: 3, origin: 'upstream' });
      } finally {
        await paged.close();
      }
    });

    it('stops paging the feedbacks at `total` even when the city data API ignores `page`', async () => {
      const feedbacks = [1, 2].map((id) => ({ id, description: `F${id}`, rating: 8 }));
      sandbox.server.setFault(sandbox.server.paths.feedbacks, {
        kind: 'respond',
        respond: () => Response.json({ data: { feedbacks, total: 5 } }),
      });
      const { report } = await syncAgainst(sandbox.server, sandbox.outDir, { http: PATIENT_HTTP });
      expect(sandbox.server.requestsTo(sandbox.server.paths.feedbacks)).toHaveLength(3);
      expect(collectionOf(report, 'testimonials')).toMatchObject({ received: 6, count: 2 });
      expect(collectionOf(report, 'testimonials').dropped.map((record) => record.reason)).toEqual(
        Array(4).fill('duplicate id (the first record with it is kept)'),
      );
    });

    it('asks Spotify for a client-credentials token with HTTP Basic, then the episodes with it', async () => {
      await syncAgainst(sandbox.server, sandbox.outDir, { http: PATIENT_HTTP });
      const [token, ...moreTokens] = sandbox.server.requestsTo(sandbox.server.paths.token);
      expect(moreTokens).toEqual([]);
      expect(token?.method).toBe('POST');
      const basic = Buffer.from(`${TEST_CREDENTIALS.clientId}:${TEST_CREDENTIALS.clientSecret}`).toString('base64');
      expect(token?.headers.authorization).toBe(`Basic ${basic}`);
      expect(new URLSearchParams(token?.body).get('grant_type')).toBe('client_credentials');
      const [episodes] = sandbox.server.requestsTo(sandbox.server.paths.episodes);
      expect(episodes?.headers.authorization).toBe('Bearer fixture-spotify-access-token');
      expect(episodes?.query).toEqual({ market: 'BR', limit: '50', offset: '0' });
    });
  });
});
