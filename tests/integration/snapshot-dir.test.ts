/**
 * SNAPSHOT_DIR, IMAGE_CACHE_DIR and ASTRO_CACHE_DIR mean the same folder to `npm run sync` and to
 * `astro build`, absolute or relative to the project root (src/lib/project-dirs.ts), whatever the
 * working folder of the sync; and a build without its snapshot files fails with the file's name
 * instead of publishing an empty site with exit status 0. Real processes, as the nightly job runs them.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { astroBuild } from '../support/build-site.ts';
import { PROJECT_ROOT as root, runSyncScript, setUpSyncWorkspace } from '../support/sync-helpers.ts';

const workspace = setUpSyncWorkspace('snapshot-dir-');

/** The environment of a run against the test upstream, with these folder variables. */
const envWith = (folders: Record<string, string>) => ({ ...process.env, ...workspace.server.env, ...folders });

/** `node scripts/sync.ts` (no --out: the folders come from the environment), from `cwd`. */
const sync = (env: NodeJS.ProcessEnv, cwd = root) => runSyncScript([], { cwd, env });

const readJson = async <T>(file: string) => JSON.parse(await readFile(file, 'utf8')) as T;

/** The build read the snapshot the sync wrote: its manifest names that folder and counts what the files hold, and every tour has its page. */
async function expectBuiltFrom(snapshot: string, dist: string) {
  const manifest = await readJson<{ snapshotDir: string; counts: Record<string, number> }>(
    path.join(dist, 'build-manifest.json'),
  );
  expect(path.resolve(root, manifest.snapshotDir)).toBe(snapshot);
  const tours = await readJson<{ id: string }[]>(path.join(snapshot, 'tours.json'));
  const news = await readJson<{ id: string }[]>(path.join(snapshot, 'news.json'));
  expect(tours.length).toBeGreaterThan(0);
  expect(manifest.counts).toMatchObject({ tours: tours.length, news: news.length });
  const pages = (await readdir(path.join(dist, 'tour'))).filter((name) => name.endsWith('.html'));
  expect(pages.sort()).toEqual(tours.map((tour) => `${tour.id}.html`).sort());
}

describe('the folder variables', () => {
  it('absolute: the sync writes and the build reads the same snapshot, image cache and Astro cache', async () => {
    const { work } = workspace;
    const snapshot = path.join(work, 'abs', 'snapshot');
    const env = envWith({
      SNAPSHOT_DIR: snapshot,
      IMAGE_CACHE_DIR: path.join(work, 'abs', 'images'),
      ASTRO_CACHE_DIR: path.join(work, 'abs', 'astro-cache'),
    });
    await sync(env);
    expect(existsSync(path.join(snapshot, 'tours.json'))).toBe(true);
    expect(existsSync(path.join(work, 'abs', 'images', 'manifest.json'))).toBe(true);
    // Not under the project root, where `path.join(root, dir)` used to put it.
    expect(existsSync(path.join(root, snapshot))).toBe(false);

    const dist = path.join(work, 'abs', 'dist');
    await astroBuild(dist, env);
    await expectBuiltFrom(snapshot, dist);
    expect(existsSync(path.join(work, 'abs', 'astro-cache'))).toBe(true);
  }, 600_000);

  // A relative folder that holds a snapshot is what `npm run build:sample` builds from (data/sample-snapshot).
  it('relative: resolved against the project root, also when the sync runs from another folder; a file missing there fails the build, naming it, and publishes nothing', async () => {
    const { work } = workspace;
    const relative = `data/test-snapshot-${process.pid}`;
    const snapshot = path.join(root, relative);
    try {
      const env = envWith({ SNAPSHOT_DIR: relative, IMAGE_CACHE_DIR: path.join(work, 'rel', 'images') });
      await sync(env, tmpdir());
      expect(existsSync(path.join(snapshot, 'tours.json'))).toBe(true);
      expect(existsSync(path.join(tmpdir(), relative))).toBe(false);

      // Instead of publishing an empty site with exit status 0.
      await rm(path.join(snapshot, 'tours.json'));
      const dist = path.join(work, 'rel', 'dist');
      await expect(astroBuild(dist, env)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          `The snapshot file ${path.join(snapshot, 'tours.json')} is missing. Run \`npm run sync\` first, with the same SNAPSHOT_DIR as the build.`,
        ),
      });
      expect(existsSync(path.join(dist, 'index.html'))).toBe(false);
    } finally {
      await rm(snapshot, { recursive: true, force: true });
    }
  }, 600_000);
});
