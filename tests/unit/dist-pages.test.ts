import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, fileOf } from '../support/dist-pages.ts';

describe('fileOf: the file of dist/ a site path is served from', () => {
  it.each([
    ['/', 'index.html'],
    ['/tour/101', 'tour/101.html'],
    ['/all-tours?experience=Ecoturismo', 'all-tours.html'],
    ['/news/', 'news.html'],
    ['/sitemap-0.xml', 'sitemap-0.xml'],
    ['/experi%C3%AAncia', 'experiência.html'],
  ])('%s → %s', (sitePath, file) => {
    expect(fileOf(sitePath)).toBe(file);
  });
});

describe('assertBuilt', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails on a folder with no build, saying to run the sample build', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    expect(() => assertBuilt(dir)).toThrow(/run `npm run build:sample`/);
  });

  it('passes on a folder with a page and the build manifest', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'build-manifest.json'), '{}');
    expect(() => assertBuilt(dir)).not.toThrow();
  });
});
