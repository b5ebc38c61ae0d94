import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cacheImages } from '../../scripts/sync/images/index.ts';
import { IMAGE_CACHE_DEFAULTS, type ImageCacheOptions } from '../../scripts/sync/images/options.ts';
import { planImageOrder } from '../../scripts/sync/images/schedule.ts';
import { jpeg } from '../support/photos.ts';
import { captureLogger, makeTempDir, removeDir } from '../support/sync-helpers.ts';

let photo: Buffer;
beforeAll(async () => {
  photo = await jpeg(1200, 800);
});

let cacheDir: string;
let log: ReturnType<typeof captureLogger>;
beforeEach(async () => {
  cacheDir = await makeTempDir('images-cache-');
  log = captureLogger();
});
afterEach(async () => {
  await removeDir(cacheDir);
});

/** The made-up hosts' images: no local folder, and no upstream's origin allowed whatever its address. */
function options(extra: Partial<ImageCacheOptions> = {}): ImageCacheOptions {
  return { cacheDir, localRoots: [], logger: log.logger, timeoutMs: 300, totalTimeoutMs: 1_500, retryLimit: 1, ...extra };
}

describe('planImageOrder', () => {
  const cached = new Set(['https://a.com.br/t1-2.jpg', 'https://a.com.br/t2-9.jpg']);
  const isCached = (url: string) => cached.has(url);
  const records = [
    ['https://a.com.br/t1-0.jpg', 'https://a.com.br/t1-1.jpg', 'https://a.com.br/t1-2.jpg', 'https://a.com.br/t1-3.jpg'],
    [
      'https://b.com.br/t2-0.jpg',
      'https://b.com.br/t2-1.jpg',
      ...Array.from({ length: 7 }, (_, index) => `https://b.com.br/t2-${index + 2}.jpg`),
      'https://a.com.br/t2-9.jpg',
    ],
    // A new record: its photo ranks with every other record's, and a photo another record shows
    // later ranks here, where it ranks first.
    ['https://c.com.br/novo-0.jpg', 'https://b.com.br/t2-8.jpg'],
    ['/sample-media/local.jpg'],
  ];

  it('asks for every record’s photo first, then the images known good, then the new ones, the later ones of a record last', () => {
    const order = planImageOrder(records, isCached, 3);
    expect(order.map((item) => [item.tier, item.url])).toEqual([
      ['cover', 'https://a.com.br/t1-0.jpg'],
      ['cover', 'https://b.com.br/t2-0.jpg'],
      ['cover', 'https://c.com.br/novo-0.jpg'],
      ['cover', '/sample-media/local.jpg'],
      ['cached', 'https://a.com.br/t1-2.jpg'],
      ['cached', 'https://a.com.br/t2-9.jpg'],
      // Each record's second image before any record's third.
      ['first', 'https://a.com.br/t1-1.jpg'],
      ['first', 'https://b.com.br/t2-1.jpg'],
      ['first', 'https://b.com.br/t2-8.jpg'],
      ['first', 'https://b.com.br/t2-2.jpg'],
      ['later', 'https://a.com.br/t1-3.jpg'],
      ['later', 'https://b.com.br/t2-3.jpg'],
      ...[4, 5, 6, 7].map((index) => ['later', `https://b.com.br/t2-${index}.jpg`]),
    ]);
    expect(order.find((item) => item.url === 'https://b.com.br/t2-8.jpg')).toMatchObject({ record: 2, position: 1 });
    expect(order.map((item) => item.host).slice(0, 4)).toEqual(['a.com.br', 'b.com.br', 'c.com.br', '']);
  });

  it('keeps its tiers and places whatever the records’ order, which only breaks ties', () => {
    const shuffled = [records[3], records[2], records[0], records[1]] as string[][];
    const urls = (input: string[][]) => planImageOrder(input, isCached, 3).map((item) => item.url);
    const tiers = (input: string[][]) => planImageOrder(input, isCached, 3).map((item) => [item.tier, item.position]);
    expect(tiers(shuffled)).toEqual(tiers(records));
    expect(new Set(urls(shuffled))).toEqual(new Set(urls(records)));
  });

  it('ranks a record’s new images after its first ones lower by the default (IMAGE_CACHE_DEFAULTS.recordFirstImages)', () => {
    const gallery = Array.from({ length: 40 }, (_, index) => `https://a.com.br/g${index}.jpg`);
    const tiers = planImageOrder([gallery], () => false).map((item) => item.tier);
    const first = IMAGE_CACHE_DEFAULTS.recordFirstImages;
    expect(tiers).toEqual(['cover', ...Array(first - 1).fill('first'), ...Array(40 - first).fill('later')]);
  });
});

/**
 * Made-up public hosts for the fair-share rules: each answers with `answer(url)`, or never ('hang':
 * the request waits until its timeout aborts it). Counts the requests each host has open at once.
 */
function fakeHosts(answers: Record<string, (url: URL) => Response | 'hang' | Promise<Response>>) {
  const asked: string[] = [];
  const open = new Map<string, number>();
  const mostOpen = new Map<string, number>();
  const transport = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    asked.push(url.href);
    open.set(url.host, (open.get(url.host) ?? 0) + 1);
    mostOpen.set(url.host, Math.max(mostOpen.get(url.host) ?? 0, open.get(url.host) ?? 0));
    try {
      const answer = answers[url.host]?.(url) ?? new Response(null, { status: 404 });
      if (answer !== 'hang') return await answer;
      return await new Promise<Response>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    } finally {
      open.set(url.host, (open.get(url.host) ?? 1) - 1);
    }
  }) as typeof fetch;
  return { transport, asked, mostOpen, askedOf: (host: string) => asked.filter((href) => new URL(href).host === host) };
}

describe('cacheImages: a fair share for each host and record', () => {
  const GOOD = 'fotos.bom.com.br';
  const HANG = 'galeria.parada.com.br';
  const jpegAnswer = () => new Response(new Uint8Array(photo), { headers: { 'content-type': 'image/jpeg' } });
  const at = (host: string, name: string) => `https://${host}/${name}.jpg`;
  /** Five tours, each with its photo on the good host and `gallery` photos on the host that never answers. */
  const hangingTours = (gallery: number) =>
    Array.from({ length: 5 }, (_, tour) => [
      at(GOOD, `t${tour}-capa`),
      ...Array.from({ length: gallery }, (_, index) => at(HANG, `t${tour}-${index}`)),
    ]);
  const fake = (extra: Partial<ImageCacheOptions>, hosts: ReturnType<typeof fakeHosts>) =>
    options({
      fetch: hosts.transport,
      // Both made-up hosts resolve to a public address: the address guard lets them through.
      resolve: async () => [{ address: '200.160.2.3', family: 4 }],
      timeoutMs: 100,
      totalTimeoutMs: 150,
      retryLimit: 0,
      ...extra,
    });

  it('gives a host that never answers at most its share of the downloads, and gives up on it after failures in a row', async () => {
    const hosts = fakeHosts({ [GOOD]: jpegAnswer, [HANG]: () => 'hang' });
    const good = Array.from({ length: 12 }, (_, index) => [at(GOOD, `bom-${index}`)]);
    const started = performance.now();
    const report = await cacheImages([...hangingTours(40), ...good], fake({}, hosts));
    const { hostConcurrency, hostFailureLimit } = IMAGE_CACHE_DEFAULTS;
    expect(hosts.mostOpen.get(HANG)).toBe(hostConcurrency);
    // Asked for until the failure that gave it up; the ones already open by then finish on their own.
    const hanging = hosts.askedOf(HANG);
    expect(hanging.length).toBeGreaterThanOrEqual(hostFailureLimit);
    expect(hanging.length).toBeLessThan(hostFailureLimit + hostConcurrency);
    expect(report.skipped).toEqual({ host: 200 - hanging.length, record: 0, deadline: 0 });
    // Every photo of the good host, the five tours' own among them, is cached.
    const goodUrls = [...hangingTours(0).flat(), ...good.flat()];
    for (const url of goodUrls) expect(report.manifest.images[url], url).toBeDefined();
    expect(Object.keys(report.manifest.images)).toHaveLength(goodUrls.length);
    const skipped = at(HANG, 't4-39');
    expect(report.manifest.failed[skipped]).toMatch(
      new RegExp(`^skipped: host ${HANG} failed ${hostFailureLimit} times in a row \\(timed out\\)$`),
    );
    expect(report.warnings).toContain(
      `${200 - hanging.length} image(s) not asked for this run (${200 - hanging.length} of a host given up, 0 of a record given up, ` +
        `0 after the step's deadline): 0 keep their cached copy, ${200 - hanging.length} are the placeholder`,
    );
    expect(report.warnings.filter((line) => line.startsWith(`images of ${HANG}: `))).toHaveLength(1);
    // Two rounds of timeouts at most, not 200 of them.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('gives a slow host that answers every one of its images, next to one that never answers', async () => {
    const SLOW = 'lento.com.br';
    const hosts = fakeHosts({
      [SLOW]: () => new Promise((resolve) => setTimeout(() => resolve(jpegAnswer()), 80)),
      [HANG]: () => 'hang',
    });
    const slow = Array.from({ length: 20 }, (_, index) => at(SLOW, `foto-${index}`));
    // Each of its answers is slow (80 ms) but within the time limit, with room for a machine under load (a limit of
    // 250 ms failed beside npm test's other steps: the JPEG's decoding counts too).
    const report = await cacheImages([slow, ...hangingTours(10)], fake({ timeoutMs: 1_000, totalTimeoutMs: 1_200 }, hosts));
    for (const url of slow) expect(report.manifest.images[url], url).toBeDefined();
    expect(hosts.askedOf(SLOW)).toHaveLength(20);
    expect(hosts.mostOpen.get(SLOW)).toBe(IMAGE_CACHE_DEFAULTS.hostConcurrency);
    expect(report.skipped.host).toBeGreaterThan(0);
  });

  it('gives up on a record whose images keep failing on a host that serves the others’ well', async () => {
    const MIXED = 'cdn.misto.com.br';
    const hosts = fakeHosts({ [MIXED]: (url) => (url.pathname.startsWith('/morto') ? 'hang' : jpegAnswer()) });
    const dead = [at(MIXED, 'capa'), ...Array.from({ length: 10 }, (_, index) => at(MIXED, `morto-${index}`))];
    const others = ['a', 'b'].map((tour) => Array.from({ length: 10 }, (_, index) => at(MIXED, `${tour}-${index}`)));
    const report = await cacheImages([dead, ...others], fake({}, hosts));
    const limit = IMAGE_CACHE_DEFAULTS.recordFailureLimit;
    // Asked for until the failure that gave the record up; the ones already open by then finish on their own.
    const asked = hosts.asked.filter((href) => href.includes('/morto-')).length;
    expect(asked).toBeGreaterThanOrEqual(limit);
    expect(asked).toBeLessThan(limit + IMAGE_CACHE_DEFAULTS.hostConcurrency);
    expect(report.skipped).toEqual({ host: 0, record: 10 - asked, deadline: 0 });
    expect(report.manifest.failed[at(MIXED, 'morto-9')]).toBe(
      `skipped: ${limit} images of the same record failed in a row (timed out)`,
    );
    for (const url of [dead[0] as string, ...others.flat()]) expect(report.manifest.images[url], url).toBeDefined();
  });

  it('keeps the cached copy of each image of a host it gave up on', async () => {
    const hosts = fakeHosts({ [GOOD]: jpegAnswer, [HANG]: jpegAnswer });
    const tours = hangingTours(8);
    const first = await cacheImages(tours, fake({}, hosts));
    expect(Object.keys(first.manifest.images)).toHaveLength(45);
    // The next week the gallery host never answers: revalidations time out, then it is given up on.
    const broken = fakeHosts({ [GOOD]: jpegAnswer, [HANG]: () => 'hang' });
    const again = await cacheImages(tours, fake({ revalidateAfterMs: 0 }, broken));
    expect(again.manifest.images).toEqual(first.manifest.images);
    expect(again.manifest.failed).toEqual({});
    const skipped = 40 - broken.askedOf(HANG).length;
    expect(again.skipped.host).toBe(skipped);
    expect(again.warnings.at(-1)).toMatch(new RegExp(`: ${skipped} keep their cached copy, 0 are the placeholder$`));
  });

  it('asks in planImageOrder’s order', async () => {
    const OTHER = 'outro.com.br';
    const hosts = fakeHosts({ [GOOD]: jpegAnswer, [OTHER]: jpegAnswer });
    await cacheImages([at(OTHER, 'conhecida')], fake({}, hosts));
    hosts.asked.length = 0;
    const records = [
      [at(GOOD, 'a-capa'), at(GOOD, 'a-1'), at(OTHER, 'a-2'), at(GOOD, 'a-3')],
      [at(OTHER, 'b-capa'), at(OTHER, 'conhecida'), at(GOOD, 'b-2')],
    ];
    // One at a time, and the known image asked for again (a revalidation).
    await cacheImages(records, fake({ concurrency: 1, recordFirstImages: 3, revalidateAfterMs: 0 }, hosts));
    expect(hosts.asked).toEqual([
      at(GOOD, 'a-capa'),
      at(OTHER, 'b-capa'),
      at(OTHER, 'conhecida'),
      at(GOOD, 'a-1'),
      at(OTHER, 'a-2'),
      at(GOOD, 'b-2'),
      at(GOOD, 'a-3'),
    ]);
  });

  it('asks for nothing once the deadline has passed: the cached copy, else the placeholder', async () => {
    const hosts = fakeHosts({ [GOOD]: jpegAnswer, [HANG]: () => 'hang' });
    await cacheImages([at(GOOD, 'b-1')], fake({}, hosts));
    hosts.asked.length = 0;
    const records = [
      [at(HANG, 'a-capa'), at(HANG, 'a-1')],
      [at(GOOD, 'b-capa'), at(GOOD, 'b-1')],
    ];
    // One at a time, the first one hangs longer than the whole step.
    const started = performance.now();
    const report = await cacheImages(
      records,
      fake({ concurrency: 1, deadlineMs: 200, timeoutMs: 2_000, totalTimeoutMs: 3_000, revalidateAfterMs: 0 }, hosts),
    );
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(hosts.asked).toEqual([at(HANG, 'a-capa')]);
    const deadline = 'image step deadline exceeded';
    expect(report.manifest.failed).toEqual({
      [at(HANG, 'a-capa')]: deadline,
      [at(HANG, 'a-1')]: deadline,
      [at(GOOD, 'b-capa')]: deadline,
    });
    expect(Object.keys(report.manifest.images)).toEqual([at(GOOD, 'b-1')]);
    expect(report.skipped).toEqual({ host: 0, record: 0, deadline: 3 });
    expect(report.warnings.at(-1)).toBe(
      "3 image(s) not asked for this run (0 of a host given up, 0 of a record given up, 3 after the step's deadline): " +
        '1 keep their cached copy, 2 are the placeholder',
    );
  });
});
