/**
 * A build for one static host (src/integrations/hosts.ts): the folder copies it needs and no more
 * (one file per page on a file-first host), how the gate checks that every page is served as that
 * host serves it, and the host's limits.
 */
import { describe, expect, it } from 'vitest';
import { checkHostLimits, checkReachability, closestHostLimit } from '../../scripts/verify/hosting.ts';
import { DEFAULT_HOST, type HostName, hostNamed } from '../../src/integrations/hosts.ts';
import { mirrorsFor } from '../../src/integrations/static-hosting.ts';

/** A small build: the home, the 404 page, a list that is also a folder, its items, a page that is not. */
const FILES = ['index.html', '404.html', 'news.html', 'news/1.html', 'news/2.html', 'tour/101.html', 'contato.html'];

describe.each<[HostName, string[]]>([
  ['github-pages', []],
  ['cloudflare-pages', []],
  ['netlify', []],
  // Folder-first: /news is redirected to /news/ since news/ exists; /contato is not.
  ['gitlab', ['news/index.html']],
  ['any', ['news/index.html', 'news/1/index.html', 'news/2/index.html', 'tour/101/index.html', 'contato/index.html']],
])('a build for %s', (host, mirrors) => {
  it(`copies ${mirrors.length ? mirrors.join(', ') : 'no page'} into its folder form`, () =>
    expect(mirrorsFor(FILES, host).map(([, mirror]) => mirror)).toEqual(mirrors));

  it('serves every page as that host does, with those copies and without any other', () =>
    expect(checkReachability([...FILES, ...mirrors], () => true, host)).toEqual([]));

  if (mirrors.length > 0) {
    it('is refused without them', () => expect(checkReachability(FILES, () => true, host)).not.toEqual([]));
  }
});

describe('hostNamed', () => {
  it.each([
    [undefined, DEFAULT_HOST],
    ['', 'github-pages'],
    [' GitLab ', 'gitlab'],
    ['cloudflare-pages', 'cloudflare-pages'],
  ])('%j is %s', (name, host) => expect(hostNamed(name)).toBe(host));
  it('names the choices for another value', () => expect(() => hostNamed('vercel')).toThrow(/github-pages, cloudflare-pages/));
});

const GB = 1024 ** 3;
const files = (count: number, bytes = 1000, folder = 'tour') =>
  Array.from({ length: count }, (_, index) => ({ file: `${folder}/${index}.html`, bytes }));

describe.each<[string, HostName, { file: string; bytes: number }[], RegExp | null]>([
  [
    'a 1.1 GB site',
    'github-pages',
    [{ file: 'big.bin', bytes: 1.1 * GB }],
    /^dist\/ is 1\.10 GB, over the 1\.00 GB GitHub Pages publishes/,
  ],
  ['a 0.9 GB site', 'github-pages', [{ file: 'big.bin', bytes: 0.9 * GB }], null],
  ['20,001 files', 'cloudflare-pages', files(20_001, 10), /^dist\/ has 20,001 files, over the 20,000 Cloudflare Pages takes/],
  [
    'a 26 MiB file',
    'cloudflare-pages',
    [{ file: 'pagefind/x.pf_index', bytes: 26 * 1024 ** 2 }],
    /^pagefind\/x\.pf_index is 26\.0 MiB/,
  ],
  [
    '54,001 files in one folder',
    'netlify',
    files(54_001, 10),
    /^tour\/ holds 54,001 files, over the 54,000 Netlify takes in one folder/,
  ],
  ['54,000 files in one folder', 'netlify', files(54_000, 10), null],
  ['200,001 entries', 'gitlab', files(200_001, 10), /^dist\/ has 200,001 files, over the 200,000 GitLab Pages takes/],
  ['anything', 'any', files(60_000, 20_000), null],
])('%s on %s', (_name, host, sizes, expected) => {
  it(expected ? `is refused, the limit named (${expected})` : 'passes', () => {
    const messages = checkHostLimits(sizes, host).map((problem) => problem.message);
    if (expected) expect(messages).toEqual([expect.stringMatching(expected)]);
    else expect(messages).toEqual([]);
  });
});

describe.each<[string, HostName, { file: string; bytes: number }[], { share: number; text: string } | null]>([
  [
    'a 0.9 GB site',
    'github-pages',
    [{ file: 'big.bin', bytes: 0.9 * GB }],
    { share: 0.9, text: 'dist/ is 921.6 MiB, 90 % of the 1.00 GB GitHub Pages publishes' },
  ],
  [
    '15,000 small files',
    'cloudflare-pages',
    files(15_000, 10),
    { share: 0.75, text: 'dist/ has 15,000 files, 75 % of the 20,000 Cloudflare Pages takes' },
  ],
  [
    'a 20 MiB file among few',
    'cloudflare-pages',
    [...files(10, 10), { file: 'pagefind/x.pf_index', bytes: 20 * 1024 ** 2 }],
    { share: 0.8, text: 'pagefind/x.pf_index is 20.0 MiB, 80 % of the 25.0 MiB Cloudflare Pages takes in one file' },
  ],
  [
    'two folders',
    'netlify',
    [...files(100, 10, 'news'), ...files(27_000, 10, '_astro')],
    { share: 0.5, text: '_astro/ holds 27,000 files, 50 % of the 54,000 Netlify takes in one folder' },
  ],
  ['anything', 'any', files(60_000, 20_000), null],
])('the limit %s on %s comes closest to', (_name, host, sizes, expected) => {
  it('is named with its share', () => {
    const closest = closestHostLimit(sizes, host);
    if (!expected) return expect(closest).toBeNull();
    expect(closest?.text).toBe(expected.text);
    expect(closest?.share).toBeCloseTo(expected.share, 5);
  });
});
