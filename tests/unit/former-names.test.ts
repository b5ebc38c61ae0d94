/**
 * What an earlier version wrote under a former name (src/lib/former-names.ts) is read under the
 * current one: the last good snapshot's file and its entries' kind, the last published manifest's
 * counts, a visitor's saved list.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../scripts/sync/collections.ts';
import { readPreviousEntries, readPreviousStatus } from '../../scripts/sync/snapshot.ts';
import { readManifest } from '../../scripts/verify/manifest.ts';
import { parseFavourites } from '../../src/lib/favourite.ts';
import {
  currentKindName,
  currentSnapshotName,
  FORMER_KIND_NAMES,
  FORMER_SNAPSHOT_NAMES,
  formerSnapshotName,
} from '../../src/lib/former-names.ts';
import { ITEM_KINDS, SNAPSHOT_SCHEMAS } from '../../src/lib/schemas/index.ts';
import { anItem } from '../fixtures/entries.ts';

describe.each(Object.entries(FORMER_KIND_NAMES))('the former kind %s', (former, now) => {
  it(`is the kind ${now} now, and no kind of today`, () => {
    expect(ITEM_KINDS).toContain(now);
    expect(ITEM_KINDS).not.toContain(former);
    expect(currentKindName(former)).toBe(now);
  });
});

describe.each(Object.entries(FORMER_SNAPSHOT_NAMES))('the former collection %s', (former, now) => {
  it(`is the collection ${now} now, and no collection of today`, () => {
    expect(Object.keys(SNAPSHOT_SCHEMAS)).toContain(now);
    expect(Object.keys(SNAPSHOT_SCHEMAS)).not.toContain(former);
    expect(currentSnapshotName(former)).toBe(now);
    expect(formerSnapshotName(now)).toBe(former);
  });
});

describe.each([['tour'], ['news'], ['constructor'], ['__proto__'], ['toString']])('a name never renamed: %s', (name) => {
  it('is read as it is', () => {
    expect(currentKindName(name)).toBe(name);
    expect(currentSnapshotName(name)).toBe(name);
  });
});

describe('what an earlier version wrote', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'former-names-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const spec = COLLECTIONS.find((collection) => collection.name === 'tourProviders');
  if (!spec) throw new Error('no tourProviders collection');

  it("the last good snapshot's attractions.json, kind 'attraction', is the last good tourProviders", async () => {
    const stored = { ...anItem({ id: '901', kind: 'tourProvider' }), kind: 'attraction' };
    await writeFile(path.join(dir, 'attractions.json'), JSON.stringify([stored]));
    await writeFile(
      path.join(dir, 'status.json'),
      JSON.stringify([
        {
          id: 'attractions',
          source: 'provider',
          origin: 'upstream',
          goodOrigin: 'upstream',
          count: 1,
          failed: false,
          error: null,
          syncedAt: '2026-11-20T03:00:00.000Z',
        },
      ]),
    );
    const entries = await readPreviousEntries(dir, spec);
    expect(entries).toEqual([expect.objectContaining({ id: '901', kind: 'tourProvider' })]);
    const statuses = await readPreviousStatus(dir);
    expect([...statuses.keys()]).toEqual(['tourProviders']);
  });

  it('a file under the current name wins over one under the former', async () => {
    await writeFile(path.join(dir, 'attractions.json'), JSON.stringify([anItem({ id: '901', kind: 'tourProvider' })]));
    await writeFile(path.join(dir, 'tourProviders.json'), JSON.stringify([anItem({ id: '902', kind: 'tourProvider' })]));
    const entries = await readPreviousEntries(dir, spec);
    expect(entries?.map((entry) => entry.id)).toEqual(['902']);
  });

  it("the last published manifest's counts of attractions are those of tourProviders", async () => {
    const file = path.join(dir, 'build-manifest.json');
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        builtAt: '2026-11-20T03:10:00.000Z',
        snapshotDir: 'data/snapshot',
        counts: { tours: 40, attractions: 5 },
      }),
    );
    expect((await readManifest(file))?.counts).toEqual({ tours: 40, tourProviders: 5 });
  });

  it("a saved favourite of kind 'attraction' is kept, as a tourProvider", () => {
    const stored = JSON.stringify([{ kind: 'attraction', id: '901', title: 'Barco', image: null, path: '/provider-tour/901' }]);
    expect(parseFavourites(stored)).toEqual([
      { kind: 'tourProvider', id: '901', title: 'Barco', image: null, path: '/provider-tour/901' },
    ]);
  });
});
