/**
 * The change check (`npm run sync -- --check`, scripts/sync/check.ts): after a sync, against the same
 * local upstream, it says `unchanged` every time; it names what an editor added, removed or changed;
 * a source that is down is no change; it cannot check without a snapshot; and it writes nothing.
 * Then its one line, table by table (formatCheckLine), and the verdict on a report (judgeCollections).
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CheckFindings,
  type CheckOptions,
  type CollectionChange,
  checkSources,
  formatCheckLine,
  judgeCollections,
  LINE_LIMIT,
} from '../../scripts/sync/check.ts';
import type { CollectionReport } from '../../scripts/sync/run/report.ts';
import type { EntryRef } from '../../src/lib/schemas/index.ts';
import {
  allSnapshotTexts,
  captureLogger,
  FAST_HTTP,
  FIXTURE_SAMPLE_DIR,
  runSyncScript,
  setUpSyncSandbox,
  syncAgainst,
} from '../support/sync-helpers.ts';
import { DEFAULT_FIXTURE_DIR, type UpstreamServer } from '../support/upstream-server.ts';

const sandbox = setUpSyncSandbox();

/** checkSources against the test server, as syncAgainst runs the sync: its env, FAST_HTTP, the fixture sample folder. */
function checkAgainst(server: UpstreamServer, outDir: string, options: Partial<CheckOptions> = {}) {
  return checkSources({
    sampleDir: FIXTURE_SAMPLE_DIR,
    logger: captureLogger().logger,
    ...options,
    env: { ...server.env, ...options.env },
    outDir,
    http: { ...FAST_HTTP, ...options.http },
  });
}

const fixture = <T>(file: string) => JSON.parse(readFileSync(path.join(DEFAULT_FIXTURE_DIR, file), 'utf8')) as T;
const POSTS = fixture<Record<string, unknown>[]>('blog/posts.json');
const PAGES = fixture<Record<string, unknown>[]>('blog/pages.json');
const TOURS = fixture<{ id?: unknown; title?: unknown }[]>('provider/tours.json');
const EVENTS = fixture<{ events: { id: number; title?: string; name?: string }[] }>('provider/attractions.json').events;
const FEEDBACKS = fixture<{ data: { total: number; feedbacks: Record<string, unknown>[] } }>('provider/feedbacks.json');

/** A new published post, as WordPress sends it. */
const NEW_POST = {
  id: 16,
  date: '2026-02-20T10:00:00',
  date_gmt: '2026-02-20T14:00:00',
  slug: 'inscricoes-festival',
  status: 'publish',
  title: { rendered: 'Festival de Pesca abre inscrições' },
  content: { rendered: '<p>As inscrições estão abertas.</p>' },
  excerpt: { rendered: '' },
};

/** Every upstream API path of the test server: the check asks nothing else (no image). */
const isApiRequest = (server: UpstreamServer, requestPath: string) =>
  [server.paths.cityApi, server.paths.blog, server.paths.spotify].some((pattern) => pattern.test(requestPath));

describe('the change check against the local upstream', () => {
  it('says unchanged after a sync, every time, having asked every source', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    for (const _time of [1, 2]) {
      server.clearRequests();
      const result = await checkAgainst(server, outDir);
      expect(result).toMatchObject({
        verdict: 'unchanged',
        line: 'unchanged',
        exitCode: 0,
        changes: [],
        unreachable: [],
        kept: [],
      });
      for (const asked of [
        server.paths.tours,
        server.paths.feedbacks,
        server.paths.posts,
        server.paths.token,
        server.paths.episodes,
      ]) {
        expect(server.requestsTo(asked).length, asked).toBeGreaterThan(0);
      }
    }
  });

  // The data branch keeps the last published snapshot: after a step that only renamed, it is of the
  // version before it until a deploy commits the migrated one, and the check reads it migrated in memory.
  it('says unchanged against the same data as snapshot version 3 wrote it, and leaves it as it was', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    const rewrite = async (name: string, change: (entry: Record<string, unknown>) => Record<string, unknown>) => {
      const file = path.join(outDir, `${name}.json`);
      const entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>[];
      await writeFile(file, JSON.stringify(entries.map(change)));
    };
    await rewrite('testimonials', ({ writtenDate, ...testimonial }) => ({ ...testimonial, visitDate: writtenDate }));
    await rewrite('status', (line) => (line.source === 'cityApi' ? { ...line, source: 'provider' } : line));
    await writeFile(path.join(outDir, 'snapshot.json'), JSON.stringify({ version: 3 }));
    const before = await allSnapshotTexts(outDir);
    expect(before.get('testimonials.json')).toContain('"visitDate"');
    expect(await checkAgainst(server, outDir)).toMatchObject({ verdict: 'unchanged', line: 'unchanged', changes: [] });
    expect(await allSnapshotTexts(outDir)).toEqual(before);
  });

  it('names a new post on the blog', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    server.setFile('blog/posts.json', [NEW_POST, ...POSTS]);
    const result = await checkAgainst(server, outDir);
    expect(result).toMatchObject({ verdict: 'changed', exitCode: 0 });
    expect(result.line).toBe('changed: news +1 ("Festival de Pesca abre inscrições")');
    expect(result.changes).toEqual([
      {
        id: 'news',
        added: [{ id: '16', name: 'Festival de Pesca abre inscrições' }],
        removed: [],
        changed: [],
        notInSnapshot: null,
      },
    ]);
  });

  it('names a page of the guide an editor changed, as it names a changed post; a page saved again with no change is none', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    const edited = (change: Record<string, unknown>) =>
      server.setFile(
        'blog/pages.json',
        PAGES.map((page) => (page.id === 211 ? { ...page, ...change } : page)),
      );
    // Saved again as it was: WordPress moves `modified`, which the page shows ('Atualizado em'): a change too.
    edited({ modified: '2026-03-06T10:00:00', modified_gmt: '2026-03-06T14:00:00' });
    expect(await checkAgainst(server, outDir)).toMatchObject({
      verdict: 'changed',
      line: 'changed: blogPages ~1 ("Como chegar")',
    });
    edited({ content: { rendered: '<p>De Cuiabá são cerca de 170 km pela MT-246, asfaltada.</p>' } });
    expect(await checkAgainst(server, outDir)).toMatchObject({
      verdict: 'changed',
      line: 'changed: blogPages ~1 ("Como chegar")',
    });
    // A new page and a page gone are named like a new post.
    server.setFile('blog/pages.json', [
      ...PAGES.filter((page) => page.id !== 213),
      { ...PAGES.find((page) => page.id === 212), id: 217, slug: 'antes-de-vir', title: { rendered: 'Antes de vir' } },
    ]);
    expect((await checkAgainst(server, outDir)).line).toBe('changed: blogPages +1 ("Antes de vir") -1 ("Telefones úteis")');
    server.clearFiles();
    expect(await checkAgainst(server, outDir)).toMatchObject({ verdict: 'unchanged', line: 'unchanged' });
  });

  it('says unchanged when only counters moved (views, helpful), though a sync publishes them; a visible change beside them is named', async () => {
    const { server, outDir } = sandbox;
    // The blog and the provider as a views plugin and the provider's 'useful' button leave them after `reads` more visits.
    const counted = (reads: number, posts = POSTS) => {
      server.setFile(
        'blog/posts.json',
        posts.map((post, index) => ({ ...post, views: 100 * index + reads })),
      );
      server.setFile('provider/feedbacks.json', {
        ...FEEDBACKS,
        data: { ...FEEDBACKS.data, feedbacks: FEEDBACKS.data.feedbacks.map((feedback) => ({ ...feedback, helpful: 3 + reads })) },
      });
    };
    const published = (file: string, field: string) =>
      (JSON.parse(readFileSync(path.join(outDir, file), 'utf8')) as Record<string, unknown>[]).map((entry) => entry[field]);
    counted(0);
    await syncAgainst(server, outDir);
    const views = published('news.json', 'views');
    expect(views.every((count) => typeof count === 'number')).toBe(true);

    counted(1);
    expect(await checkAgainst(server, outDir)).toMatchObject({ verdict: 'unchanged', line: 'unchanged', changes: [] });

    const [first, ...rest] = POSTS;
    counted(2, [{ ...first, title: { rendered: 'Roteiro das grutas renovado' } }, ...rest]);
    const visible = await checkAgainst(server, outDir);
    expect(visible).toMatchObject({ verdict: 'changed', line: 'changed: news ~1 ("Roteiro das grutas renovado")' });

    // The counters are published all the same: the next deploy's sync writes them as it read them.
    counted(1);
    await syncAgainst(server, outDir);
    expect(published('news.json', 'views')).toEqual(views.map((count) => Number(count) + 1));
    expect(new Set(published('testimonials.json', 'helpful'))).toEqual(new Set([4]));
  });

  it('names records removed and changed, collection by collection', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    server.setFile(
      'provider/tours.json',
      TOURS.filter((tour) => tour.id !== 107),
    );
    server.setFile('provider/attractions.json', {
      events: EVENTS.filter((event) => event.id !== 502).map((event) => ({ ...event, title: 'Festival de Pesca 2027' })),
    });
    const result = await checkAgainst(server, outDir);
    expect(result.line).toBe(
      'changed: tours -1 ("Cachoeira Salto das Nuvens"); events -1 ("Festa do Peão") ~1 ("Festival de Pesca 2027")',
    );
    expect(result.changes.map((change) => change.id)).toEqual(['tours', 'events']);
  });

  it.each([
    ['the blog', (server: UpstreamServer) => server.paths.blog, 'unchanged (not reachable: blog)'],
    ["the blog's pages alone", (server: UpstreamServer) => server.paths.pages, 'unchanged (not reachable: blog (blogPages))'],
    ['Spotify', (server: UpstreamServer) => server.paths.token, 'unchanged (not reachable: podcast)'],
    [
      "one of the city data API's calls",
      (server: UpstreamServer) => server.paths.hotels,
      'unchanged (not reachable: cityApi (accommodation))',
    ],
  ])('takes %s down (503) for no change, exit 0, and leaves the snapshot as it was', async (_source, pathOf, line) => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    const before = await allSnapshotTexts(outDir);
    server.setFault(pathOf(server), { kind: 'status', status: 503 });
    const result = await checkAgainst(server, outDir);
    expect(result).toMatchObject({ verdict: 'unchanged', line, exitCode: 0, changes: [] });
    expect(await allSnapshotTexts(outDir)).toEqual(before);
  });

  it('still names what changed at the sources that answered', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    server.setFile('blog/posts.json', [NEW_POST, ...POSTS]);
    server.setFault(server.paths.spotify, { kind: 'status', status: 503 });
    const result = await checkAgainst(server, outDir);
    expect(result).toMatchObject({ verdict: 'changed', exitCode: 0 });
    expect(result.line).toBe('changed: news +1 ("Festival de Pesca abre inscrições") (not reachable: podcast)');
  });

  it('says a collection kept by the shrink rule, without calling it a change; --allow-shrink makes it one', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    server.setFile(
      'provider/tours.json',
      TOURS.filter((tour) => tour.id === 101 || tour.id === '102'),
    );
    const kept = await checkAgainst(server, outDir);
    expect(kept).toMatchObject({ verdict: 'unchanged', exitCode: 0, line: 'unchanged (kept, shrank by over half: tours 6 → 2)' });
    const allowed = await checkAgainst(server, outDir, { allowShrink: true });
    expect(allowed.line).toMatch(
      /^changed: tours -4 \("Tour com nota inválida", "Título como objeto", "Cachoeira Salto das Nuvens", …\)$/,
    );
  });

  it('says a collection kept by the growth rule, without calling it a change; --allow-growth makes it one', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    const flood = Array.from({ length: 60 }, (_, index) => ({ ...NEW_POST, id: 500 + index, slug: `flood-${index}` }));
    server.setFile('blog/posts.json', [...flood, ...POSTS]);
    const kept = await checkAgainst(server, outDir);
    expect(kept).toMatchObject({ verdict: 'unchanged', exitCode: 0, line: 'unchanged (kept, grew suddenly: news 3 → 63)' });
    const allowed = await checkAgainst(server, outDir, { allowGrowth: true });
    expect(allowed.line).toMatch(/^changed: news \+60 /);
  });

  it('cannot check when no source answers: exit 2', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    const before = await allSnapshotTexts(outDir);
    server.setFault(/./, { kind: 'status', status: 503 });
    const result = await checkAgainst(server, outDir);
    expect(result).toMatchObject({
      verdict: 'cannot-check',
      cannot: 'no-source',
      exitCode: 2,
      line: 'cannot check: no source answered (not reachable: cityApi, blog, podcast)',
    });
    expect(await allSnapshotTexts(outDir)).toEqual(before);
  });

  it('cannot check without a snapshot, and then asks no source and creates nothing', async () => {
    const { server, outDir } = sandbox;
    // An empty folder, one with only status.json and an unreadable file, and one that does not exist.
    const empty = path.join(outDir, 'empty');
    const onlyStatus = path.join(outDir, 'status-only');
    await mkdir(empty);
    await mkdir(onlyStatus);
    await writeFile(path.join(onlyStatus, 'status.json'), '[]\n');
    await writeFile(path.join(onlyStatus, 'tours.json'), '{ not json');
    for (const dir of [empty, onlyStatus, path.join(outDir, 'none')]) {
      const before = existsSync(dir) ? await allSnapshotTexts(dir) : null;
      const result = await checkAgainst(server, dir);
      expect(result, dir).toMatchObject({ verdict: 'cannot-check', cannot: 'no-snapshot', exitCode: 2, report: null });
      expect(result.line).toBe('cannot check: no snapshot to compare with; the first publication needs a full sync and deploy');
      expect(existsSync(dir) ? await allSnapshotTexts(dir) : null, dir).toEqual(before);
    }
    expect(server.requests).toEqual([]);
  });

  it('writes nothing: the snapshot byte for byte, no new file, no image fetched or cached', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir);
    const before = await allSnapshotTexts(outDir);
    server.clearRequests();
    server.setFile('blog/posts.json', [NEW_POST, ...POSTS]);
    server.setFile('provider/tours.json', TOURS.slice(0, 2));
    const imageCache = path.join(outDir, '..', `${path.basename(outDir)}-images`);
    const result = await checkAgainst(server, outDir, { env: { IMAGE_CACHE_DIR: imageCache } });
    expect(result.verdict).toBe('changed');
    expect(await allSnapshotTexts(outDir)).toEqual(before);
    expect(existsSync(imageCache)).toBe(false);
    expect(server.requests.filter((request) => !isApiRequest(server, request.path))).toEqual([]);
  });

  it('prints the verdict last from `node scripts/sync.ts --check`: exit 0 on a change, 2 without a snapshot', async () => {
    const { server, outDir } = sandbox;
    await syncAgainst(server, outDir, { sampleDir: path.resolve(import.meta.dirname, '../../sample-data') });
    server.setFile('blog/posts.json', [NEW_POST, ...POSTS]);
    const env = { ...process.env, ...server.env, SNAPSHOT_DIR: outDir, IMAGE_CACHE_DIR: path.join(outDir, 'images') };
    const lastLine = (stdout: string) => stdout.trimEnd().split('\n').at(-1);

    const changed = await runSyncScript(['--check'], { env });
    expect(lastLine(changed.stdout)).toBe('changed: news +1 ("Festival de Pesca abre inscrições")');

    const empty = path.join(outDir, 'empty');
    await mkdir(empty);
    const refused = await runSyncScript(['--check'], { env: { ...env, SNAPSHOT_DIR: empty } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 2 });
    expect(lastLine((refused as { stdout: string }).stdout)).toMatch(/^cannot check: no snapshot to compare with/);
    expect(existsSync(path.join(outDir, 'images'))).toBe(false);
    // A sync and two Node processes: about 4 s alone, over 20 s beside `npm test`'s other steps on 2 cores.
  }, 60_000);
});

const ref = (name: string, id = name): EntryRef => ({ id, name });
const change = (id: string, diff: Partial<CollectionChange> = {}): CollectionChange => ({
  id,
  added: [],
  removed: [],
  changed: [],
  notInSnapshot: null,
  ...diff,
});
const findings = (overrides: Partial<CheckFindings>): CheckFindings => ({
  verdict: 'unchanged',
  cannot: null,
  changes: [],
  unreachable: [],
  kept: [],
  ...overrides,
});
const changed = (...changes: CollectionChange[]) => findings({ verdict: 'changed', changes });

describe.each([
  ['nothing', findings({}), 'unchanged'],
  ['a source down', findings({ unreachable: [{ source: 'blog', collections: [] }] }), 'unchanged (not reachable: blog)'],
  [
    'some calls of a source down',
    findings({
      unreachable: [
        { source: 'cityApi', collections: ['tours', 'events'] },
        { source: 'podcast', collections: [] },
      ],
    }),
    'unchanged (not reachable: cityApi (tours, events), podcast)',
  ],
  [
    'a shrink kept',
    findings({ kept: [{ id: 'events', problem: { code: 'shrink', count: 3, previous: 10 } }] }),
    'unchanged (kept, shrank by over half: events 10 → 3)',
  ],
  [
    'a sudden growth kept',
    findings({ kept: [{ id: 'news', problem: { code: 'growth', count: 630, previous: 30 } }] }),
    'unchanged (kept, grew suddenly: news 30 → 630)',
  ],
  [
    'another city kept',
    findings({ kept: [{ id: 'city', problem: { code: 'another-city', found: 'Tangará da Serra – MT' } }] }),
    'unchanged (kept, another city: "Tangará da Serra – MT")',
  ],
  [
    'the changes of three collections',
    changed(
      change('news', { added: [ref('Festival de Pesca abre inscrições')] }),
      change('tours', { changed: [ref('Passeio de Barco'), ref('Trilha')] }),
      change('events', { removed: [ref('Festa do Peixe')] }),
    ),
    'changed: news +1 ("Festival de Pesca abre inscrições"); tours ~2 ("Passeio de Barco", "Trilha"); events -1 ("Festa do Peixe")',
  ],
  [
    'more than three names',
    changed(change('tours', { added: ['A', 'B', 'C', 'D', 'E'].map((name) => ref(name)) })),
    'changed: tours +5 ("A", "B", "C", …)',
  ],
  [
    'three names shared by the kinds of a change',
    changed(change('tours', { added: [ref('A'), ref('B')], removed: [ref('C'), ref('D')], changed: [ref('E')] })),
    'changed: tours +2 ("A", "B") -2 ("C", …) ~1',
  ],
  [
    'a long name, cut',
    changed(change('news', { added: [ref('Programação completa do Festival Internacional de Pesca Esportiva 2026')] })),
    'changed: news +1 ("Programação completa do Festival Intern…")',
  ],
  [
    'a name with quotes, a line break and a bidi control (removed)',
    changed(change('events', { changed: [ref('Show "Ao Vivo"\nna \u202Epraça')] })),
    'changed: events ~1 ("Show \\"Ao Vivo\\" na praça")',
  ],
  [
    'a collection the snapshot lacks',
    changed(change('experiences', { notInSnapshot: 2 })),
    'changed: experiences +2 (not in the snapshot)',
  ],
  [
    'a change beside a source down',
    findings({
      verdict: 'changed',
      changes: [change('news', { added: [ref('X')] })],
      unreachable: [{ source: 'podcast', collections: [] }],
    }),
    'changed: news +1 ("X") (not reachable: podcast)',
  ],
  [
    'no snapshot',
    findings({ verdict: 'cannot-check', cannot: 'no-snapshot' }),
    'cannot check: no snapshot to compare with; the first publication needs a full sync and deploy',
  ],
  [
    'no source answering',
    findings({
      verdict: 'cannot-check',
      cannot: 'no-source',
      unreachable: ['cityApi', 'blog', 'podcast'].map((source) => ({ source: source as 'blog', collections: [] })),
    }),
    'cannot check: no source answered (not reachable: cityApi, blog, podcast)',
  ],
])('formatCheckLine: %s', (_case, input, line) => {
  it(`reads ${JSON.stringify(line)}`, () => expect(formatCheckLine(input)).toBe(line));
});

describe('formatCheckLine keeps the line bounded', () => {
  const longNames = (collection: string) =>
    Array.from({ length: 5 }, (_, index) => ref(`${collection}: um título bem comprido de número ${index + 1}`));
  const collections = ['city', 'tours', 'accommodation', 'restaurants', 'events', 'drivers', 'guides', 'news', 'episodes'];

  it.each([
    ['at the limit', LINE_LIMIT],
    ['at a shorter limit', 80],
  ])('%s: cuts names, then counts the collections that do not fit', (_case, limit) => {
    const line = formatCheckLine(changed(...collections.map((id) => change(id, { added: longNames(id) }))), limit);
    expect([...line].length).toBeLessThanOrEqual(limit);
    const match = /^changed: (.*); (\d+) more$/.exec(line);
    expect(match, line).not.toBeNull();
    const shown = (match?.[1] ?? '').split('; ');
    expect(shown.length + Number(match?.[2])).toBe(collections.length);
    expect(shown[0]).toMatch(/^city \+5/);
  });

  it('keeps a collection that fits only without its names by its counts', () => {
    const short = ['A', 'B', 'C', 'D', 'E'].map((name) => ref(name));
    const line = formatCheckLine(changed(change('news', { added: short }), change('tours', { removed: longNames('tours') })), 80);
    expect(line).toBe('changed: news +5 ("A", "B", "C", …); tours -5');
  });

  it('cuts notes that alone would fill the line', () => {
    const many = Array.from({ length: 40 }, (_, index) => `collection${index}`);
    const line = formatCheckLine(
      findings({
        verdict: 'changed',
        changes: [change('news', { added: [ref('X')] })],
        unreachable: [{ source: 'cityApi', collections: many }],
      }),
    );
    expect([...line].length).toBeLessThanOrEqual(LINE_LIMIT);
    expect(line).toMatch(/^changed: news \+1 \("X"\) \(not reachable: cityApi \(collection0, .*…\)$/);
  });
});

/** A collection's report as runSync gives it; only what judgeCollections reads matters. */
const report = (id: string, source: CollectionReport['source'], overrides: Partial<CollectionReport> = {}): CollectionReport => ({
  id,
  source,
  origin: 'upstream',
  goodOrigin: 'upstream',
  count: 2,
  failed: false,
  error: null,
  syncedAt: null,
  problem: null,
  baseline: 2,
  checkedAgainst: 2,
  received: 2,
  dropped: [],
  repaired: [],
  partial: null,
  diff: { added: [], removed: [], changed: [] },
  hidden: [],
  ...overrides,
});
const down = { failed: true, origin: 'snapshot', problem: { code: 'unavailable', kind: 'http', status: 503 } } as const;
const aDiff = { added: [ref('X', '9')], removed: [], changed: [] };

describe.each([
  ['nothing changed', [report('tours', 'cityApi'), report('news', 'blog')], ['cityApi', 'blog'], 'unchanged'],
  [
    'an entry added',
    [report('tours', 'cityApi'), report('news', 'blog', { diff: aDiff })],
    ['cityApi', 'blog'],
    'changed: news +1 ("X")',
  ],
  [
    'a failed collection whose kept entries moved (own links): not listed',
    [report('tours', 'cityApi', { ...down, diff: aDiff }), report('news', 'blog')],
    ['cityApi', 'blog'],
    'unchanged (not reachable: cityApi)',
  ],
  [
    'a collection new to the snapshot, and an empty one that is not',
    [report('tours', 'cityApi', { diff: null, count: 3 }), report('guides', 'cityApi', { diff: null, count: 0 })],
    ['cityApi'],
    'changed: tours +3 (not in the snapshot)',
  ],
  [
    'a failed collection without a snapshot (its fallback): no change',
    [report('tours', 'cityApi'), report('news', 'blog', { ...down, origin: 'sample', diff: null })],
    ['cityApi', 'blog'],
    'unchanged (not reachable: blog)',
  ],
  [
    'the only configured source down, the sample data answering for the others',
    [report('tours', 'cityApi', down), report('news', 'blog', { origin: 'sample', diff: aDiff })],
    ['cityApi'],
    'cannot check: no source answered (not reachable: cityApi)',
  ],
  [
    'one call of the city data API down: it still answered',
    [report('tours', 'cityApi', down), report('events', 'cityApi')],
    ['cityApi'],
    'unchanged (not reachable: cityApi (tours))',
  ],
  [
    'a shrink refused is no outage',
    [report('tours', 'cityApi', { ...down, problem: { code: 'shrink', count: 1, previous: 6 } })],
    ['cityApi'],
    'unchanged (kept, shrank by over half: tours 6 → 1)',
  ],
  [
    'a sudden growth refused is no outage, and the city data API still answered',
    [
      report('news', 'blog', { ...down, problem: { code: 'growth', count: 630, previous: 30 } }),
      report('tours', 'cityApi', { diff: { ...aDiff } }),
    ],
    ['cityApi', 'blog'],
    'changed: tours +1 ("X") (kept, grew suddenly: news 30 → 630)',
  ],
] as [string, CollectionReport[], ('cityApi' | 'blog' | 'podcast')[], string][])(
  'judgeCollections: %s',
  (_case, collections, asked, line) => {
    it(`reads ${JSON.stringify(line)}`, () => expect(formatCheckLine(judgeCollections(collections, asked))).toBe(line));
  },
);
