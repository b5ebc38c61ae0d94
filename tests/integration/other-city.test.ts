/**
 * Another city is a configuration change: the sample data, rewritten to be about another city,
 * served by the local upstream server and built with CITY_NAME/CITY_STATE, gives a site with no
 * trace of Barra do Bugres in any page.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderReader } from '../../scripts/sync/fixture-upstream.ts';
import { runSync } from '../../scripts/sync/run.ts';
import { startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const CITY = { name: 'Pirenópolis', state: 'GO' };

/** Every string of the sample rewritten: the city, its state and every word built on its name. */
function moveToAnotherCity(value: unknown): unknown {
  if (typeof value === 'string') {
    return value
      .replace(/Barra do Bugres/g, CITY.name)
      .replace(/barradobugres/gi, 'pirenopolis')
      .replace(/bugres/gi, 'Almas')
      .replace(/^MT$/, CITY.state)
      .replace(/\bMT\b/g, CITY.state)
      .replace(/Mato Grosso/g, 'Goiás');
  }
  if (Array.isArray(value)) return value.map(moveToAnotherCity);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, moveToAnotherCity(entry)]));
  }
  return value;
}

async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(html|xml|txt|json|js|css|webmanifest)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

let server: UpstreamServer;
let work: string;
let dist: string;

beforeAll(async () => {
  const sample = folderReader(path.join(root, 'sample-data'));
  server = await startUpstreamServer({ reader: async (file) => moveToAnotherCity(await sample(file)), city: CITY });
  work = await mkdtemp(path.join(tmpdir(), 'other-city-'));
  const snapshot = path.join(work, 'snapshot');
  dist = path.join(work, 'dist');
  const env = { ...server.env, CITY_NAME: CITY.name, CITY_STATE: CITY.state };
  const report = await runSync({
    env,
    outDir: snapshot,
    sampleDir: path.join(root, 'sample-data'),
    logger: { info() {}, warn() {} },
  });
  expect(report.warnings).toEqual([]);
  await promisify(execFile)('npx', ['astro', 'build', '--outDir', dist], {
    cwd: root,
    env: { ...process.env, ...env, SNAPSHOT_DIR: snapshot },
    maxBuffer: 64 * 1024 * 1024,
  });
}, 300_000);

afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('a build for another city', () => {
  it('names the configured city on the home page', async () => {
    const home = await readFile(path.join(dist, 'index.html'), 'utf8');
    expect(home).toContain(CITY.name);
    expect(home).toContain(CITY.state);
  });

  it('has no trace of Barra do Bugres in any page, feed or script', async () => {
    const files = await textFiles(dist);
    expect(files.length).toBeGreaterThan(10);
    const traces: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      const match = text.match(/.{0,60}bugres.{0,60}/i);
      if (match) traces.push(`${path.relative(dist, file)}: …${match[0]}…`);
    }
    expect(traces).toEqual([]);
  });
});
