/**
 * Another city is a configuration change: the sample data, rewritten to be about another city,
 * served by the local upstream server and built with CITY_NAME/CITY_STATE, gives a site with no
 * trace of Barra do Bugres in any page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderReader } from '../../scripts/sync/fixture-upstream.ts';
import { type BuiltSite, buildSite } from '../support/build-site.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

const CITY = { name: 'Pirenópolis', state: 'GO' };

/** Every string of the sample rewritten: the city, its state and every word built on its name. */
function moveToAnotherCity(value: unknown): unknown {
  if (typeof value === 'string') {
    return value
      .replace(/Barra do Bugres/g, CITY.name)
      .replace(/barradobugres/gi, 'pirenopolis')
      .replace(/bugres/gi, 'Almas')
      .replace(/\bMT\b/g, CITY.state)
      .replace(/Mato Grosso/g, 'Goiás');
  }
  if (Array.isArray(value)) return value.map(moveToAnotherCity);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, moveToAnotherCity(entry)]));
  }
  return value;
}

let server: UpstreamServer;
let site: BuiltSite;

beforeAll(async () => {
  const sample = folderReader(path.resolve(import.meta.dirname, '../../sample-data'));
  server = await startUpstreamServer({ reader: async (file) => moveToAnotherCity(await sample(file)), city: CITY });
  site = await buildSite({ ...server.env, CITY_NAME: CITY.name, CITY_STATE: CITY.state });
}, 300_000);

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

describe('a build for another city', () => {
  it('syncs every collection from the upstream without a warning', () => {
    expect(site.report.warnings).toEqual([]);
  });

  it('names the configured city on the home page', async () => {
    const home = await site.page('/');
    expect(home).toContain(CITY.name);
    expect(home).toContain(CITY.state);
  });

  it('has no trace of Barra do Bugres in any page, feed or script', async () => {
    const files = await site.textFiles();
    expect(files.length).toBeGreaterThan(100);
    const traces: string[] = [];
    for (const file of files) {
      const match = (await readFile(file, 'utf8')).match(/.{0,60}bugres.{0,60}/i);
      if (match) traces.push(`${path.relative(site.dist, file)}: …${match[0]}…`);
    }
    expect(traces).toEqual([]);
  });
});
