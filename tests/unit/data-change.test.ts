/**
 * Whether a deploy commits to the data branch (scripts/data-change.ts): only when its data is not the
 * branch's, by the build manifest (its digests and counts, not the moment it was built) and by what the
 * next sync reads of status.json; and the manifest's digests themselves (src/integrations/build-manifest.ts).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataChanges, type PublishedData } from '../../scripts/data-change.ts';
import { type BuildManifest, fileDigest, writeBuildManifest } from '../../src/integrations/build-manifest.ts';
import { anArticle, aStatus } from '../fixtures/entries.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const manifest = (overrides: Partial<BuildManifest> = {}): BuildManifest => ({
  version: 1,
  builtAt: '2026-11-28T07:25:00.000Z',
  snapshotDir: 'data/snapshot',
  counts: { news: 3, tours: 6 },
  listed: { news: 3, tours: 5 },
  digests: { news: 'n1', tours: 't1' },
  ...overrides,
});
const statuses = (...lines: Parameters<typeof aStatus>[0][]) => new Map(lines.map((line) => [line.id, aStatus(line)]));
const published = (
  overrides: Partial<BuildManifest> = {},
  lines: Parameters<typeof aStatus>[0][] = [{ id: 'news', baseline: 3 }],
): PublishedData => ({
  manifest: manifest(overrides),
  statuses: statuses(...lines),
});
const LAST = published();
/** A manifest published before the digests were kept. */
const { digests: _digests, ...undigested } = manifest();

describe.each([
  ['built again from the same data, later', published({ builtAt: '2026-11-29T07:25:00.000Z' }), []],
  [
    'the same data, read again at other times and with other notes',
    published({}, [{ id: 'news', baseline: 3, syncedAt: '2026-11-29T10:00:00Z', origin: 'snapshot', failed: true }]),
    [],
  ],
  ['a collection whose data changed', published({ digests: { news: 'n2', tours: 't1' } }), ['news: its data changed']],
  [
    'a collection published for the first time',
    published({ digests: { news: 'n1', tours: 't1', episodes: 'e1' } }),
    ['episodes: published for the first time'],
  ],
  ['a collection no longer published', published({ digests: { news: 'n1' } }), ['tours: no longer published']],
  ['other counts for the same files', published({ listed: { news: 3, tours: 6 } }), ['the build manifest changed']],
  [
    'a baseline the next sync measures against moved (a growth confirmed)',
    published({}, [{ id: 'news', baseline: 63 }]),
    ['news: the count the next sync measures against, 3 → 63'],
  ],
  [
    'the origin of the last good data moved',
    published({}, [{ id: 'news', baseline: 3, goodOrigin: 'sample' }]),
    ['news: the origin of its last good data, now sample'],
  ],
])('against the data branch, %s', (_case, next, reasons) => {
  it(reasons.length === 0 ? 'commits nothing' : `commits: ${reasons.join('; ')}`, () => {
    expect(dataChanges(LAST, next)).toEqual(reasons);
  });
});

describe('against a data branch that cannot say', () => {
  it.each([
    ['none yet', null, ['nothing published yet']],
    ['a manifest without digests', { ...LAST, manifest: undigested }, ['the last published build manifest keeps no digests']],
  ])('commits with %s', (_case, previous, reasons) => {
    expect(dataChanges(previous, published())).toEqual(reasons);
  });
});

describe('on disk, as the deploy runs it', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'data-change-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A snapshot folder with `news`, and its manifest built into `dist`. */
  async function build(snapshot: string, dist: string, views: number) {
    await mkdir(snapshot, { recursive: true });
    await mkdir(dist, { recursive: true });
    const text = `${JSON.stringify([anArticle({ id: '7', views })], null, 1)}\n`;
    await writeFile(path.join(snapshot, 'news.json'), text);
    await writeFile(path.join(snapshot, 'status.json'), JSON.stringify([aStatus({ id: 'news', source: 'blog', baseline: 1 })]));
    return { text, manifest: await writeBuildManifest(dist, snapshot, dir) };
  }
  const decide = async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        path.join(ROOT, 'scripts/data-change.ts'),
        '--previous',
        path.join(dir, 'branch'),
        '--snapshot',
        path.join(dir, 'snapshot'),
        '--manifest',
        path.join(dir, 'dist/build-manifest.json'),
      ],
      { cwd: ROOT },
    );
    return stdout;
  };
  /** The files as the deploy's save-data job commits them to the branch. */
  const commit = async () => {
    await cp(path.join(dir, 'snapshot'), path.join(dir, 'branch/snapshot'), { recursive: true });
    await cp(path.join(dir, 'dist/build-manifest.json'), path.join(dir, 'branch/build-manifest.json'));
  };

  it('keeps a digest of each collection file the pages were built from', async () => {
    const { text, manifest: written } = await build(path.join(dir, 'snapshot'), path.join(dir, 'dist'), 5);
    expect(written.digests).toEqual({ news: fileDigest(text) });
    expect(JSON.parse(await readFile(path.join(dir, 'dist/build-manifest.json'), 'utf8'))).toMatchObject({
      digests: { news: fileDigest(text) },
    });
  });

  it('says changed=true on a first publication, false for a build of the same data, true when a counter a page shows moved', async () => {
    await build(path.join(dir, 'snapshot'), path.join(dir, 'dist'), 5);
    expect(await decide()).toBe('changed=true\n');
    await commit();
    // The next run: the same data, built again a moment later.
    await build(path.join(dir, 'snapshot'), path.join(dir, 'dist'), 5);
    expect(await decide()).toBe('changed=false\n');
    // The article page shows its views: a deploy that publishes new counts keeps them on the branch.
    await build(path.join(dir, 'snapshot'), path.join(dir, 'dist'), 6);
    expect(await decide()).toBe('changed=true\n');
  });
});
