/**
 * A provider that answers the city lookup (`cities?name=`) with another city must not rename the
 * site: the city is then kept from the last good snapshot, or with none is the configured fallback
 * city, and the sync's report names both cities (scripts/sync/collections.ts, isConfiguredCity).
 */
import { describe, expect, it } from 'vitest';
import { isConfiguredCity, pickCity } from '../../scripts/sync/normalise/city.ts';
import type { City } from '../../src/lib/schemas/index.ts';
import { collectionOf, readSnapshot, readSnapshotText, setUpSyncSandbox, syncAgainst } from '../support/sync-helpers.ts';

const CONFIGURED = { name: 'Barra do Bugres', state: 'MT' };

describe('isConfiguredCity', () => {
  it.each([
    [{ name: 'Barra do Bugres', state: 'MT' }, true],
    [{ name: 'BARRA DO BUGRES', state: 'mt' }, true],
    [{ name: '  barra  do bugres ', state: ' MT ' }, true],
    [{ name: 'Barra do Bugres', state: 'Mato Grosso' }, true],
    [{ name: 'Barra do Bugres', state: 'MATO GROSSO' }, true],
    [{ name: 'Barra do Bugres', state: '' }, true],
    [{ name: 'Barra do Bugres' }, true],
    [{ name: 'Tangará da Serra', state: 'MT' }, false],
    [{ name: 'Barra do Bugres', state: 'MS' }, false],
    [{ name: 'Barra do Bugres', state: 'Mato Grosso do Sul' }, false],
    [{ name: 'Barra', state: 'MT' }, false],
    [{ state: 'MT' }, false],
  ])('%j → %s', (city, expected) => {
    expect(isConfiguredCity(city, CONFIGURED)).toBe(expected);
  });

  it('compares the configured name without accents and case too', () => {
    expect(isConfiguredCity({ name: 'Tangara da Serra', state: 'MT' }, { name: 'Tangará da Serra', state: 'mt' })).toBe(true);
    expect(isConfiguredCity({ name: 'Goiânia', state: 'Goiás' }, { name: 'goiania', state: 'GO' })).toBe(true);
  });
});

describe('pickCity with a state', () => {
  const cities = [
    { name: 'Santa Rita', state: 'PB' },
    { name: 'Santa Rita', state: 'MA' },
    { name: 'Outra', state: 'MA' },
  ];
  it.each([
    ['MA', cities[1]],
    ['Maranhão', cities[1]],
    ['PB', cities[0]],
    ['SP', cities[0]],
    [undefined, cities[0]],
  ])('Santa Rita – %s → %j', (state, expected) => {
    expect(pickCity(cities, 'Santa Rita', state)).toBe(expected);
  });
});

describe('the city lookup answering another city', () => {
  const sandbox = setUpSyncSandbox();
  const answer = (cities: unknown[]) =>
    sandbox.server.setFault(sandbox.server.paths.cities, {
      kind: 'body',
      body: JSON.stringify({ success: true, data: { page: 1, limit: 10, total: cities.length, cities } }),
    });
  const TANGARA = { id: 2, name: 'Tangará da Serra', state: 'MT', region: 'Centro-Oeste', country: 'BR' };

  it('keeps the last good city snapshot, and says which city answered', async () => {
    await syncAgainst(sandbox.server, sandbox.outDir);
    const before = await readSnapshotText(sandbox.outDir, 'city');
    expect(before).toContain('"name": "Barra do Bugres"');

    answer([TANGARA]);
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(await readSnapshotText(sandbox.outDir, 'city')).toBe(before);
    expect(collectionOf(report, 'city')).toMatchObject({ origin: 'snapshot', goodOrigin: 'upstream', failed: true, count: 1 });
    expect(report.warnings).toEqual([
      'cityApi city: another city in the answer, "Tangará da Serra – MT", not the configured "Barra do Bugres – MT"; keeping the last good snapshot (1 records)',
    ]);
  });

  it('without a last good snapshot, publishes the fallback city', async () => {
    answer([TANGARA]);
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);

    expect(await readSnapshot<City>(sandbox.outDir, 'city')).toEqual([
      expect.objectContaining({ id: '0', name: 'Barra do Bugres', state: 'MT', isFallback: true }),
    ]);
    expect(collectionOf(report, 'city')).toMatchObject({ origin: 'none', failed: true, count: 1 });
    expect(report.warnings).toEqual([
      'cityApi city: another city in the answer, "Tangará da Serra – MT", not the configured "Barra do Bugres – MT"; no last good snapshot, using the fallback city',
    ]);
  });

  it('refuses the configured name in another state', async () => {
    answer([{ ...TANGARA, name: 'Barra do Bugres', state: 'MS' }]);
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(report, 'city')).toMatchObject({ origin: 'none', failed: true });
    expect(report.warnings).toEqual([
      expect.stringContaining('another city in the answer, "Barra do Bugres – MS", not the configured "Barra do Bugres – MT"'),
    ]);
  });

  it('publishes the configured city however the provider spells it, and picks it among others', async () => {
    answer([TANGARA, { ...TANGARA, id: 1, name: 'BARRA DO BUGRES', state: 'Mato Grosso' }]);
    const { report } = await syncAgainst(sandbox.server, sandbox.outDir);
    expect(collectionOf(report, 'city')).toMatchObject({ origin: 'upstream', failed: false });
    expect(await readSnapshot<City>(sandbox.outDir, 'city')).toEqual([
      expect.objectContaining({ id: '1', name: 'BARRA DO BUGRES', isFallback: false }),
    ]);
    expect(report.warnings).toEqual([]);
  });
});
