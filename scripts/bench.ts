/**
 * `npm run bench`: how the sync, the build and the search index grow with the data.
 *
 * For each size it generates a synthetic upstream dataset (scripts/bench/generate.ts), serves it
 * from the test upstream server on 127.0.0.1 (the city data API, WordPress, Spotify and the images), runs
 * the full sync, `astro build` (cold, then again on the caches it left, as the nightly job runs it)
 * and the search index into a temporary folder (dist/, the snapshots and the project's caches are
 * left alone), and prints time, peak memory, page count, build size and index size.
 *
 *   npm run bench                                  # 1,000 and 5,000 items, 1,000 posts
 *   npm run bench -- --items 1000 --posts 1000     # one size
 *   npm run bench -- --items 500,2000 --images 300 # distinct image URLs (default: items / 5)
 *   npm run bench -- --lock /tmp/astro-build.lock  # build under a shared lock (the wait is not timed)
 *   npm run bench -- --no-warm                     # skip the second build on the caches of the first
 *   npm run bench -- --lighthouse                  # then Lighthouse on the sample site in dist/
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { HOST_NAMES, HOSTS } from '../src/integrations/hosts.ts';
import { listFiles, withSizes } from '../src/integrations/site-files.ts';
import { pageFiles } from '../src/integrations/static-hosting.ts';
import { startUpstreamServer } from '../tests/support/upstream-server.ts';
import { generateDataset } from './bench/generate.ts';
import { buildFolders, formatBytes, formatDuration, formatTable, runStep, type StepResult } from './bench/measure.ts';
import { ensurePhotoPool, PHOTO_CACHE, servePoolPhotos } from './bench/photos.ts';
import { checkHostLimits, closestHostLimit } from './verify/hosting.ts';

const root = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    items: { type: 'string', multiple: true },
    posts: { type: 'string', default: '1000' },
    feedbacks: { type: 'string' },
    images: { type: 'string' },
    'image-ratio': { type: 'string', default: '0.2' },
    pool: { type: 'string', default: path.join(PHOTO_CACHE, 'pool') },
    lock: { type: 'string' },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: false },
    warm: { type: 'boolean', default: true },
  },
  allowNegative: true,
});

const sizes = (values.items ?? ['1000,5000'])
  .flatMap((value) => value.split(','))
  .map((value) => Number(value.replace(/[_.]/g, '')))
  .filter((value) => Number.isInteger(value) && value > 0);
const posts = Number(values.posts);
const ratio = Number(values['image-ratio']);

interface Row {
  items: number;
  posts: number;
  images: number;
  sync: StepResult;
  build: StepResult;
  /** The same build again with the caches the first one left (the nightly job keeps them). */
  warm: StepResult | null;
  index: StepResult;
  pages: number;
  distBytes: number;
  distFiles: number;
  /** The largest page as a host sends it (gzip), and its path. */
  largestPage: { file: string; bytes: number };
  indexBytes: number;
  /** For each host, the limits this build is over (the gate's words), or the one it comes closest to. */
  hosts: { label: string; over: string[]; closest: string }[];
}

/** The search index step of `npm run build`, on another folder. */
function indexCommand(dist: string): [string, string[]] {
  const script = path.join(root, 'scripts/index-search.ts');
  if (existsSync(script)) return [process.execPath, [script, dist]];
  return [path.join(root, 'node_modules/.bin/pagefind'), ['--site', dist]];
}

/** 'collection: error' for each collection whose source failed in the sync that wrote `snapshot`. */
async function failedSources(snapshot: string): Promise<string[]> {
  const statuses = JSON.parse(await readFile(path.join(snapshot, 'status.json'), 'utf8')) as {
    id: string;
    failed: boolean;
    error: string | null;
  }[];
  return statuses.filter((status) => status.failed).map((status) => `${status.id}: ${status.error ?? 'failed'}`);
}

async function benchOne(items: number): Promise<Row> {
  const images = values.images ? Number(values.images) : Math.max(20, Math.round(items * ratio));
  const work = await mkdtemp(path.join(tmpdir(), `bench-${items}-`));
  console.log(`\n== ${items} items, ${posts} posts, ${images} images (work folder ${work})`);
  const made = await ensurePhotoPool(values.pool, images);
  if (made) console.log(`made ${made} photo(s) (1600×1000 JPEG) in ${values.pool}`);

  const server = await startUpstreamServer({
    reader: async (file) => dataset.files.get(file),
  });
  const mediaBase = `${server.origin}/media`;
  const dataset = await generateDataset({
    items,
    posts,
    images,
    mediaBase,
    ...(values.feedbacks ? { feedbacks: Number(values.feedbacks) } : {}),
  });
  console.log(
    `dataset: ${Object.entries(dataset.counts)
      .map(([file, count]) => `${path.basename(file, '.json')} ${count}`)
      .join(', ')}`,
  );
  // The images come from the same server, like a CDN beside the API.
  servePoolPhotos(server, values.pool);

  const { snapshot, dist, env } = buildFolders(work, server.env);
  const step = (label: string, command: string, args: string[], lock?: string) => {
    console.log(`${label}…`);
    return runStep(command, args, { env, cwd: root, verbose: values.verbose, ...(lock ? { lock } : {}) });
  };
  try {
    // A minute per answer: the local upstream shares the cores with the sync (and, on a busy machine, with
    // whatever else runs), so the default 10 s would fail a source that is slow, not down.
    const sync = await step('sync', process.execPath, [path.join(root, 'scripts/sync.ts'), '--out', snapshot, '--timeout', '60']);
    console.log(`  ${formatDuration(sync.ms)}`);
    // A source the sync gave up on (a busy machine can push the local upstream past the client's
    // timeouts) leaves a smaller site: its figures would not be of this size, so the run stops.
    const failures = await failedSources(snapshot);
    if (failures.length > 0)
      throw new Error(`the sync failed some sources, so the site is not the dataset:\n${failures.join('\n')}`);
    // astro build shares .astro/ and node_modules/.astro with every other build of this checkout.
    const build = await step(
      'astro build',
      process.execPath,
      [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist],
      values.lock,
    );
    console.log(`  ${formatDuration(build.ms)}`);
    let warm: StepResult | null = null;
    if (values.warm) {
      // The nightly job builds in a fresh checkout: only .cache/ is kept, there is no dist/ to empty
      // (Astro would first empty the cold build's output, a cost of its own the job never pays).
      await rm(dist, { recursive: true, force: true });
      warm = await step(
        'astro build again (warm caches)',
        process.execPath,
        [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist],
        values.lock,
      );
      console.log(`  ${formatDuration(warm.ms)}`);
    }
    const [indexBin, indexArgs] = indexCommand(dist);
    const index = await step('search index', indexBin, indexArgs);
    console.log(`  ${formatDuration(index.ms)}`);
    const files = await withSizes(dist, await listFiles(dist));
    return {
      items,
      posts,
      images: dataset.imageUrls.size,
      sync,
      build,
      warm,
      index,
      // Each page once: its folder form {path}/index.html (src/integrations/static-hosting.ts) is the same page.
      pages: pageFiles(files.map(({ file }) => file)).length,
      distBytes: bytesOf(files),
      distFiles: files.length,
      largestPage: await largestPage(dist, files),
      indexBytes: bytesOf(files.filter(({ file }) => file.startsWith('pagefind/'))),
      // Built for the default host (no folder copies); GitLab's adds six, so its figures are the same.
      hosts: HOST_NAMES.filter((host) => host !== 'any').map((host) => ({
        label: HOSTS[host].label,
        over: checkHostLimits(files, host).map(({ message }) => message),
        closest: closestHostLimit(files, host)?.text ?? '',
      })),
    };
  } finally {
    await server.close();
    if (!values.keep) await rm(work, { recursive: true, force: true });
  }
}

const bytesOf = (files: { bytes: number }[]) => files.reduce((total, { bytes }) => total + bytes, 0);

/** The page with the most bytes over the wire: gzip, as static hosts compress HTML (level 6). */
async function largestPage(dist: string, files: { file: string }[]): Promise<{ file: string; bytes: number }> {
  let largest = { file: '–', bytes: 0 };
  for (const { file } of files) {
    if (!file.endsWith('.html')) continue;
    const bytes = gzipSync(await readFile(path.join(dist, file)), { level: 6 }).length;
    if (bytes > largest.bytes) largest = { file, bytes };
  }
  return largest;
}

const rows: Row[] = [];
for (const items of sizes) rows.push(await benchOne(items));

const peak = (...steps: StepResult[]) =>
  steps.some((step) => step.peakBytes !== null) ? Math.max(...steps.map((step) => step.peakBytes ?? 0)) : null;
console.log(
  `\nBenchmark (${new Date().toISOString()}, Node ${process.version}, ${(await import('node:os')).cpus().length} CPU)\n`,
);
console.log(
  formatTable(
    [
      'items',
      'posts',
      'image URLs',
      'sync',
      'build (cold)',
      'build (warm)',
      'index',
      'peak memory (sync/build/index)',
      'pages',
      'dist size',
      'dist files',
      'largest page (gzip)',
      'index size',
    ],
    rows.map((row) => [
      String(row.items),
      String(row.posts),
      String(row.images),
      formatDuration(row.sync.ms),
      formatDuration(row.build.ms),
      row.warm ? formatDuration(row.warm.ms) : '–',
      formatDuration(row.index.ms),
      `${formatBytes(peak(row.sync, row.build, row.index))} (${[row.sync, row.build, row.index].map((step) => formatBytes(step.peakBytes)).join(' / ')})`,
      String(row.pages),
      formatBytes(row.distBytes),
      String(row.distFiles),
      `${formatBytes(row.largestPage.bytes)} ${row.largestPage.file}`,
      formatBytes(row.indexBytes),
    ]),
  ),
);
// Which hosts would publish each build: the deploy gate's own limits (npm run verify -- --host <name>).
for (const row of rows) {
  console.log(`\n${row.items} items, hosts:`);
  for (const { label, over, closest } of row.hosts)
    console.log(over.length === 0 ? `  ${label}: fits (${closest})` : `  ${label}: over its limits: ${over.join('; ')}`);
}

if (values.lighthouse) {
  const { runLighthouseCli } = await import('./bench/lighthouse.ts');
  await runLighthouseCli([]);
}
