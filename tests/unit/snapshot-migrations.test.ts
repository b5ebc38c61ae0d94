/**
 * The snapshot's version and its migrations (src/lib/snapshot-migrations.ts): each step on a snapshot
 * in the shape its version wrote, the chain from the oldest version to the current one, on disk as the
 * sync reads a last good snapshot (scripts/sync/snapshot.ts), the last published build manifest's
 * counts, a visitor's saved list, and a version this code does not know, refused.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../scripts/sync/collections.ts';
import { migrateSnapshotDir, readPreviousEntries, readPreviousStatus, readSnapshotVersion } from '../../scripts/sync/snapshot.ts';
import { readManifest } from '../../scripts/verify/manifest.ts';
import { snapshotVersionProblem } from '../../src/integrations/snapshot-version.ts';
import { itemPath } from '../../src/lib/entities.ts';
import { parseFavourites } from '../../src/lib/favourite.ts';
import {
  CollectionStatusSchema,
  ITEM_KINDS,
  ItemSchema,
  SNAPSHOT_SCHEMAS,
  TestimonialSchema,
} from '../../src/lib/schemas/index.ts';
import {
  eventDateOnTheCityClock,
  migrateCollectionKeys,
  migrateSnapshot,
  SNAPSHOT_MIGRATIONS,
  SNAPSHOT_VERSION,
  SnapshotVersionError,
  type StoredSnapshot,
  storedSnapshotVersion,
  UNVERSIONED_SNAPSHOT,
} from '../../src/lib/snapshot-migrations.ts';
import { anItem, aStatus, aTestimonial } from '../fixtures/entries.ts';

/** An event as version 2 wrote it: its dates as UTC instants (a day without a time as the noon in Cuiabá), highlights, no attributes. */
function eventOfVersion2() {
  const { attributes: _attributes, ...event } = anItem({ id: '501', kind: 'event' });
  return { ...event, highlights: ['Shows'], startDate: '2027-07-16T16:00:00.000Z', endDate: '2027-07-19T16:00:00.000Z' };
}

/** An attraction operator as version 1 wrote it: kind `attraction`, in attractions.json. */
const operatorOfVersion1 = () => ({
  ...anItem({ id: '901', kind: 'tourProvider', startDate: null, endDate: null }),
  kind: 'attraction',
});

/** A testimonial as versions 1 to 3 wrote it: when it was written under the name `visitDate`. */
function testimonialOfVersion3() {
  const { writtenDate, ...testimonial } = aTestimonial({ id: '7', writtenDate: '2026-10-04' });
  return { ...testimonial, visitDate: writtenDate };
}

/** A line of status.json as versions 1 to 3 wrote it: the city data API was the source 'provider'. */
const statusOfVersion3 = (id: string) => ({ ...aStatus({ id, count: 1 }), source: 'provider' });

/** A snapshot in the shape version 1 wrote (no version file). */
const SNAPSHOT_V1: StoredSnapshot = {
  attractions: [operatorOfVersion1()],
  events: [eventOfVersion2()],
  testimonials: [testimonialOfVersion3()],
  status: [statusOfVersion3('attractions'), statusOfVersion3('events'), { ...aStatus({ id: 'news' }), source: 'blog' }],
};

/** The same data as version 2 wrote it: the attraction operators renamed, the dates still instants. */
const SNAPSHOT_V2: StoredSnapshot = {
  tourProviders: [{ ...operatorOfVersion1(), kind: 'tourProvider' }],
  events: [eventOfVersion2()],
  testimonials: SNAPSHOT_V1.testimonials,
  status: [statusOfVersion3('tourProviders'), statusOfVersion3('events'), { ...aStatus({ id: 'news' }), source: 'blog' }],
};

/** As version 3 wrote it: event dates on the city's clock. */
const SNAPSHOT_V3: StoredSnapshot = {
  ...SNAPSHOT_V2,
  events: [{ ...eventOfVersion2(), startDate: '2027-07-16', endDate: '2027-07-19' }],
};

/** And as version 4 (the current one) has it: testimonials' `writtenDate`, the source 'cityApi'; nothing else moved. */
const SNAPSHOT_V4: StoredSnapshot = {
  ...SNAPSHOT_V3,
  testimonials: [aTestimonial({ id: '7', writtenDate: '2026-10-04' })],
  status: [
    aStatus({ id: 'tourProviders', count: 1 }),
    aStatus({ id: 'events', count: 1 }),
    { ...aStatus({ id: 'news' }), source: 'blog' },
  ],
};

const BY_VERSION: Record<number, StoredSnapshot> = { 1: SNAPSHOT_V1, 2: SNAPSHOT_V2, 3: SNAPSHOT_V3, 4: SNAPSHOT_V4 };
const CURRENT = SNAPSHOT_V4;

describe('the versions', () => {
  it('one step per version, in order, up to the current version', () => {
    expect(SNAPSHOT_MIGRATIONS.map((step) => step.from)).toEqual(
      Array.from({ length: SNAPSHOT_VERSION - UNVERSIONED_SNAPSHOT }, (_, index) => UNVERSIONED_SNAPSHOT + index),
    );
    expect(Object.keys(BY_VERSION).map(Number)).toEqual(
      Array.from({ length: SNAPSHOT_VERSION }, (_, index) => UNVERSIONED_SNAPSHOT + index),
    );
  });

  describe.each(SNAPSHOT_MIGRATIONS.map((step) => [step.from, step] as const))('the step from version %i', (from, step) => {
    it(`gives the snapshot of version ${from + 1}`, () => {
      expect(step.migrate(BY_VERSION[from] ?? {})).toEqual(BY_VERSION[from + 1]);
    });

    // A snapshot without a version may be in any shape up to the current one (UNVERSIONED_SNAPSHOT).
    it('leaves a snapshot already in a later shape as it is', () => {
      for (let later = from + 1; later <= SNAPSHOT_VERSION; later += 1) {
        expect(step.migrate(BY_VERSION[later] ?? {})).toEqual(BY_VERSION[later]);
      }
    });

    it('renames only to collections and kinds of today, from none of today', () => {
      for (const [former, now] of Object.entries(step.renamedCollections)) {
        expect(Object.keys(SNAPSHOT_SCHEMAS)).toContain(now);
        expect(Object.keys(SNAPSHOT_SCHEMAS)).not.toContain(former);
      }
      for (const [former, now] of Object.entries(step.renamedKinds)) {
        expect(ITEM_KINDS).toContain(now);
        expect(ITEM_KINDS).not.toContain(former);
      }
    });

    it.each(Object.entries(step.renamedKinds))("keeps a visitor's saved %s, as a %s", (former, now) => {
      const kind = now as (typeof ITEM_KINDS)[number];
      const page = itemPath(kind, '901');
      const stored = JSON.stringify([{ kind: former, id: '901', title: 'Barco', image: null, path: page }]);
      expect(parseFavourites(stored)).toEqual([{ kind: now, id: '901', title: 'Barco', image: null, path: page }]);
    });
  });
});

describe('the chain', () => {
  it.each([1, 2, 3, 4])(
    'from version %i gives the current snapshot, whose items the schemas read with no entry lost',
    (version) => {
      const current = migrateSnapshot(BY_VERSION[version] ?? {}, version);
      expect(current).toEqual(CURRENT);
      const events = (current.events as unknown[]).map((event) => ItemSchema.parse(event));
      expect(events).toEqual([expect.objectContaining({ startDate: '2027-07-16', endDate: '2027-07-19', attributes: [] })]);
      expect(events[0]).not.toHaveProperty('highlights');
      expect((current.tourProviders as unknown[]).map((item) => ItemSchema.parse(item).kind)).toEqual(['tourProvider']);
      expect((current.testimonials as unknown[]).map((entry) => TestimonialSchema.parse(entry).writtenDate)).toEqual([
        '2026-10-04',
      ]);
      expect((current.status as unknown[]).map((line) => CollectionStatusSchema.parse(line).source)).toEqual([
        'cityApi',
        'cityApi',
        'blog',
      ]);
    },
  );

  it("a file under the current name wins over one under the former, and the manifest's counts are renamed", () => {
    const both = { ...SNAPSHOT_V1, tourProviders: [anItem({ id: '902', kind: 'tourProvider' })] };
    expect((migrateSnapshot(both, 1).tourProviders as { id: string }[]).map((item) => item.id)).toEqual(['902']);
    expect(migrateCollectionKeys({ tours: 40, attractions: 5 }, 1)).toEqual({ tours: 40, tourProviders: 5 });
    expect(migrateCollectionKeys({ tours: 40, tourProviders: 5 }, SNAPSHOT_VERSION)).toEqual({ tours: 40, tourProviders: 5 });
  });
});

describe.each([
  // A day without a time was stored as noon in Cuiabá.
  ['2027-07-16T16:00:00.000Z', '2027-07-16'],
  // A time was stored as its instant: back on the city's clock, with the offset.
  ['2027-04-17T00:00:00.000Z', '2027-04-16T20:00:00-04:00'],
  ['2026-12-27T23:00:00.000Z', '2026-12-27T19:00:00-04:00'],
  // Version 3's shapes and anything else are left to the schema.
  ['2027-07-16', '2027-07-16'],
  ['2026-12-27T19:00:00-04:00', '2026-12-27T19:00:00-04:00'],
  [null, null],
  [42, 42],
])('eventDateOnTheCityClock(%j)', (stored, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(eventDateOnTheCityClock(stored)).toEqual(expected));
});

describe.each([
  [undefined, UNVERSIONED_SNAPSHOT],
  [{ version: 2 }, 2],
  [{ version: SNAPSHOT_VERSION }, SNAPSHOT_VERSION],
])('a version file %j', (stored, version) => {
  it(`is version ${version}`, () => expect(storedSnapshotVersion(stored, 'x')).toBe(version));
});

describe.each([
  [
    { version: SNAPSHOT_VERSION + 1 },
    `The snapshot in x is of snapshot version ${SNAPSHOT_VERSION + 1}, newer than this code reads`,
  ],
  [{ version: '3' }, 'The snapshot in x says it is of snapshot version "3", which is no version.'],
  [{ version: 0 }, 'which is no version'],
  [null, 'which is no version'],
])('a version file %j', (stored, message) => {
  it('is refused, in one line', () => {
    expect(() => storedSnapshotVersion(stored, 'The snapshot in x')).toThrow(SnapshotVersionError);
    expect(() => storedSnapshotVersion(stored, 'The snapshot in x')).toThrow(message);
  });
});

describe('on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'snapshot-migrations-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const write = (name: string, value: unknown) => writeFile(path.join(dir, `${name}.json`), JSON.stringify(value));
  const read = async (name: string) => JSON.parse(await readFile(path.join(dir, `${name}.json`), 'utf8')) as unknown;
  const writeSnapshot = (snapshot: StoredSnapshot) =>
    Promise.all(Object.entries(snapshot).map(([name, value]) => write(name, value)));
  const spec = COLLECTIONS.find((collection) => collection.name === 'tourProviders');
  if (!spec) throw new Error('no tourProviders collection');

  it('a last good snapshot of version 1 is read in the current format, and left as it is until a sync writes', async () => {
    await writeSnapshot(SNAPSHOT_V1);
    expect(await readPreviousEntries(dir, spec)).toEqual([expect.objectContaining({ id: '901', kind: 'tourProvider' })]);
    expect([...(await readPreviousStatus(dir)).keys()]).toEqual(['tourProviders', 'events', 'news']);
    expect((await readdir(dir)).sort()).toEqual(['attractions.json', 'events.json', 'status.json', 'testimonials.json']);
    expect(snapshotVersionProblem(dir)).toBe(
      `The snapshot in ${dir} is of version 1; the build reads version ${SNAPSHOT_VERSION}. ` +
        'Run `npm run sync` (or `npm run sync -- --images-only`, which asks no source) with the same SNAPSHOT_DIR: it migrates the snapshot.',
    );
  });

  // The sync's check (scripts/sync/check.ts) diffs the upstream against these: read under today's names,
  // a data branch of version 3 whose data is the upstream's is no change, and no status line is lost.
  it('a last good snapshot of version 3 is read with its testimonials and every status line under the current names', async () => {
    await writeSnapshot(SNAPSHOT_V3);
    await write('snapshot', { version: 3 });
    const testimonials = COLLECTIONS.find((collection) => collection.name === 'testimonials');
    if (!testimonials) throw new Error('no testimonials collection');
    expect(await readPreviousEntries(dir, testimonials)).toEqual(CURRENT.testimonials);
    const statuses = await readPreviousStatus(dir);
    expect([...statuses.values()].map((line) => [line.id, line.source])).toEqual([
      ['tourProviders', 'cityApi'],
      ['events', 'cityApi'],
      ['news', 'blog'],
    ]);
  });

  it('migrateSnapshotDir writes it once in the current format, with its version, which the build reads', async () => {
    await writeSnapshot(SNAPSHOT_V1);
    expect(await migrateSnapshotDir(dir)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual([
      'events.json',
      'snapshot.json',
      'status.json',
      'testimonials.json',
      'tourProviders.json',
    ]);
    expect(await read('snapshot')).toEqual({ version: SNAPSHOT_VERSION });
    expect(await read('events')).toEqual(CURRENT.events);
    expect(await read('tourProviders')).toEqual(CURRENT.tourProviders);
    expect(await read('testimonials')).toEqual(CURRENT.testimonials);
    expect(await readSnapshotVersion(dir)).toBe(SNAPSHOT_VERSION);
    expect(snapshotVersionProblem(dir)).toBeNull();
    // Once: the current version is left as it is.
    expect(await migrateSnapshotDir(dir)).toBeNull();
  });

  it('an empty folder gets the version file before a sync writes into it, and is no snapshot to refuse', async () => {
    expect(snapshotVersionProblem(dir)).toBeNull();
    expect(await migrateSnapshotDir(dir)).toBeNull();
    expect(await readdir(dir)).toEqual(['snapshot.json']);
  });

  it('a snapshot of a newer version is refused by the sync and the build, and left as it is', async () => {
    await writeSnapshot(CURRENT);
    await write('snapshot', { version: SNAPSHOT_VERSION + 1 });
    const line = `The snapshot in ${dir} is of snapshot version ${SNAPSHOT_VERSION + 1}, newer than this code reads (${SNAPSHOT_VERSION}): run a newer version of the portal.`;
    await expect(migrateSnapshotDir(dir)).rejects.toThrow(line);
    await expect(readPreviousEntries(dir, spec)).rejects.toThrow(SnapshotVersionError);
    expect(snapshotVersionProblem(dir)).toBe(line);
    expect(await read('snapshot')).toEqual({ version: SNAPSHOT_VERSION + 1 });
  });

  it("the last published manifest's counts, built from a snapshot without a version, are under the current names", async () => {
    const file = path.join(dir, 'build-manifest.json');
    await write('build-manifest', {
      version: 1,
      builtAt: '2026-11-20T03:10:00.000Z',
      snapshotDir: 'data/snapshot',
      counts: { tours: 40, attractions: 5 },
      digests: { tours: 'a', attractions: 'b' },
    });
    expect(await readManifest(file)).toMatchObject({
      counts: { tours: 40, tourProviders: 5 },
      digests: { tours: 'a', tourProviders: 'b' },
    });
    await write('build-manifest', {
      version: 1,
      snapshotVersion: SNAPSHOT_VERSION + 1,
      builtAt: '',
      snapshotDir: '',
      counts: {},
    });
    await expect(readManifest(file)).rejects.toThrow(`${file} is of snapshot version ${SNAPSHOT_VERSION + 1}`);
  });
});
