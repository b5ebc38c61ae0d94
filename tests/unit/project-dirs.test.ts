/**
 * One rule for SNAPSHOT_DIR, IMAGE_CACHE_DIR and ASTRO_CACHE_DIR in every process (src/lib/project-dirs.ts),
 * and the check that makes the build fail on a missing or broken snapshot file instead of publishing
 * an empty site.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_DIRS, projectDir, snapshotFileProblem } from '../../src/lib/project-dirs.ts';
import { makeTempDir, removeDir } from '../support/sync-helpers.ts';

describe('projectDir', () => {
  it.each<[keyof typeof PROJECT_DIRS, string, string | undefined, string]>([
    ['snapshot', 'SNAPSHOT_DIR', undefined, '/site/data/snapshot'],
    ['snapshot', 'SNAPSHOT_DIR', '   ', '/site/data/snapshot'],
    ['snapshot', 'SNAPSHOT_DIR', 'data/sample-snapshot', '/site/data/sample-snapshot'],
    ['snapshot', 'SNAPSHOT_DIR', './data/x/', '/site/data/x'],
    ['snapshot', 'SNAPSHOT_DIR', '../shared/snapshot', '/shared/snapshot'],
    ['snapshot', 'SNAPSHOT_DIR', '/var/lib/turismo/snapshot', '/var/lib/turismo/snapshot'],
    ['snapshot', 'SNAPSHOT_DIR', ' /tmp/snap ', '/tmp/snap'],
    ['imageCache', 'IMAGE_CACHE_DIR', undefined, '/site/.cache/images'],
    ['imageCache', 'IMAGE_CACHE_DIR', '/var/cache/img', '/var/cache/img'],
    ['imageCache', 'IMAGE_CACHE_DIR', 'tmp/img', '/site/tmp/img'],
    ['astroCache', 'ASTRO_CACHE_DIR', undefined, '/site/.cache/astro'],
    ['astroCache', 'ASTRO_CACHE_DIR', '/var/cache/astro', '/var/cache/astro'],
  ])('%s from %s=%j is %s', (name, variable, value, expected) => {
    expect(PROJECT_DIRS[name].variable).toBe(variable);
    expect(projectDir({ [variable]: value }, name, '/site')).toBe(expected);
  });

  it('does not depend on the working folder', () => {
    const before = process.cwd();
    try {
      process.chdir('/tmp');
      expect(projectDir({ SNAPSHOT_DIR: 'data/snapshot' }, 'snapshot', '/site')).toBe('/site/data/snapshot');
    } finally {
      process.chdir(before);
    }
  });
});

describe('snapshotFileProblem', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir('snapshot-file-');
  });
  afterEach(() => removeDir(dir));

  it('accepts a JSON list, an empty one included', async () => {
    await writeFile(path.join(dir, 'tours.json'), '[{"id":"1"}]');
    await writeFile(path.join(dir, 'events.json'), '[]\n');
    expect(snapshotFileProblem(path.join(dir, 'tours.json'))).toBeNull();
    expect(snapshotFileProblem(path.join(dir, 'events.json'))).toBeNull();
  });

  it('names a missing file and says to run the sync', () => {
    const file = path.join(dir, 'tours.json');
    expect(snapshotFileProblem(file)).toBe(
      `The snapshot file ${file} is missing. Run \`npm run sync\` first, with the same SNAPSHOT_DIR as the build.`,
    );
  });

  it('names a folder in its place as unreadable', async () => {
    const file = path.join(dir, 'news.json');
    await mkdir(file);
    expect(snapshotFileProblem(file)).toBe(
      `The snapshot file ${file} cannot be read (EISDIR). Run \`npm run sync\` first, with the same SNAPSHOT_DIR as the build.`,
    );
  });

  it.each([
    ['{"tours":[]}', 'an object'],
    ['null', 'null'],
    ['"[]"', 'string'],
    ['42', 'number'],
    ['[{"id":"1"}', 'invalid JSON'],
    ['', 'invalid JSON'],
  ])('refuses %j: not a JSON list (%s)', async (text, found) => {
    const file = path.join(dir, 'city.json');
    await writeFile(file, text);
    expect(snapshotFileProblem(file)).toBe(
      `The snapshot file ${file} is not a JSON list (${found}). Run \`npm run sync\` to write it again.`,
    );
  });
});
