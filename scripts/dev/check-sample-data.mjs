#!/usr/bin/env node
/**
 * Sanity check for the embedded sample data: every JSON file parses, every referenced
 * `/sample-media/...` image exists under `sample-data/media/`, feedbacks point at existing tours and
 * providers only name experiences that exist. Exits non-zero on any problem.
 *
 * Usage (from the project root): node scripts/dev/check-sample-data.mjs
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATA = join(ROOT, 'sample-data');
const problems = [];

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );

const parsed = {};
for (const file of walk(DATA)) {
  const text = readFileSync(file, 'utf8');
  try {
    parsed[file.slice(DATA.length + 1)] = JSON.parse(text);
  } catch (error) {
    problems.push(`${file}: ${error.message}`);
  }
  for (const [url] of text.matchAll(/\/sample-media\/[A-Za-z0-9._/-]+\.(?:jpe?g|png)/g)) {
    if (!existsSync(join(ROOT, 'sample-data', 'media', url.slice('/sample-media/'.length))))
      problems.push(`${file}: missing image ${url}`);
  }
}

const tours = parsed['provider/tours.json']?.data?.tours ?? [];
const tourIds = new Map(tours.map((t) => [String(t.id), t.title]));
for (const fb of parsed['provider/feedbacks.json']?.data?.feedbacks ?? []) {
  const title = tourIds.get(String(fb.tour?.id));
  if (title === undefined) problems.push(`feedback ${fb.id}: unknown tour ${fb.tour?.id}`);
  else if (title !== fb.tour.title) problems.push(`feedback ${fb.id}: tour title differs from tours.json`);
}

const experienceNames = new Set((parsed['provider/experiences.json']?.data?.experiences ?? []).map((x) => x.name));
for (const type of ['drivers', 'guides', 'agencies', 'tours']) {
  for (const p of parsed[`provider/providers-${type}.json`]?.data?.providers ?? []) {
    for (const name of [...(p.expriences ?? []), ...(p.experiences ?? [])]) {
      if (!experienceNames.has(name)) problems.push(`providers-${type} ${p.id}: unknown experience "${name}"`);
    }
  }
}
for (const t of tours) {
  for (const name of t.experiences ?? []) {
    if (!experienceNames.has(name)) problems.push(`tour ${t.id}: unknown experience "${name}"`);
  }
}

const mediaDir = join(ROOT, 'sample-data', 'media');
const sizeOf = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) => sum + (e.isDirectory() ? sizeOf(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  );
const mediaBytes = existsSync(mediaDir) ? sizeOf(mediaDir) : 0;
if (mediaBytes > 3 * 1024 * 1024) problems.push(`sample-data/media is ${mediaBytes} bytes (budget 3 MiB)`);

console.log(`${Object.keys(parsed).length} JSON files, sample-data/media ${(mediaBytes / 1024).toFixed(0)} KiB`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('sample data OK');
