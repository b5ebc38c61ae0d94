/**
 * The deploy gate's checks one by one: the collections against the last good snapshot, secrets in
 * every encoding, HTML scanning, paths, the content security policy, the size gate, secrets in what
 * people and the search read, and the configuration a production build should have. The gate as a
 * whole is in verify.test.ts, the hosts' layouts in verify-hosting.test.ts.
 */
import { Buffer } from 'node:buffer';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { close as closePagefind, createIndex } from 'pagefind';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configurationWarnings } from '../../scripts/verify/configuration.ts';
import { cssReferences, internalTarget, srcsetUrls } from '../../scripts/verify/links.ts';
import { type BuildManifest, checkCollections } from '../../scripts/verify/manifest.ts';
import { formatReport } from '../../scripts/verify/report.ts';
import { runVerify } from '../../scripts/verify/run.ts';
import { scriptHash } from '../../scripts/verify/scripts.ts';
import { decompressPagefind, encodingsOf, secretsFromEnv } from '../../scripts/verify/secrets.ts';
import { checkPageSizes, DEFAULT_PAGE_SIZE_LIMITS, formatBytes, parseBytes } from '../../scripts/verify/sizes.ts';
import type { Snapshot } from '../../src/integrations/build-manifest.ts';
import { CSP_DIRECTIVES, contentSecurityPolicy, inlineScriptHashes } from '../../src/integrations/csp.ts';
import { preparePublication } from '../../src/integrations/publication.ts';
import { pagePathOf, resolveSitePath } from '../../src/integrations/site-files.ts';
import { readSiteConfig } from '../../src/lib/config.ts';
import { BASE_ENV, exec, type Fixture, makeFixture, messages, page, ROOT, SECRET, SITE_ORIGIN } from '../support/verify-site.ts';

let fixture: Fixture;
beforeEach(async () => {
  fixture = await makeFixture();
});
afterEach(async () => {
  await rm(fixture.root, { recursive: true, force: true });
});

describe('checkCollections', () => {
  const manifest = (counts: BuildManifest['counts']): BuildManifest => ({ version: 1, builtAt: '', snapshotDir: 's', counts });
  const snapshotOf = (counts: Record<string, number>): Snapshot =>
    Object.fromEntries(
      Object.entries(counts).map(([name, count]) => [name, Array.from({ length: count }, (_, id) => ({ id: String(id) }))]),
    );

  it.each([
    ['the same counts', { city: 1, tours: 10 }, { city: 1, tours: 10 }, []],
    ['exactly half', { city: 1, tours: 10 }, { city: 1, tours: 5 }, []],
    [
      'less than half',
      { city: 1, tours: 10 },
      { city: 1, tours: 4 },
      ['The collection tours has 4 entries, less than half of the 10'],
    ],
    [
      'emptied',
      { city: 1, tours: 10, news: 3 },
      { city: 1, tours: 10, news: 0 },
      ['The collection news is empty, but the last published site had 3'],
    ],
    ['grown from nothing', { city: 1, tours: 0 }, { city: 1, tours: 3 }, []],
    [
      'grown a hundredfold (40 → 4,000)',
      { city: 1, tours: 40 },
      { city: 1, tours: 4000 },
      ['The collection tours has 4000 entries, 3960 more than the 40 the last published site had (over 10 times'],
    ],
    ['grown tenfold by 500 exactly (50 → 550)', { city: 1, tours: 50 }, { city: 1, tours: 550 }, []],
    ['grown elevenfold by 510 (51 → 561)', { city: 1, tours: 51 }, { city: 1, tours: 561 }, ['The collection tours has 561']],
    ['a small collection grown more than tenfold (3 → 40)', { city: 1, news: 3 }, { city: 1, news: 40 }, []],
    ['a large collection grown by 600 (2,000 → 2,600)', { city: 1, tours: 2000 }, { city: 1, tours: 2600 }, []],
    ['grown from nothing by 500 (0 → 500)', { city: 1, tours: 0 }, { city: 1, tours: 500 }, []],
    [
      'grown from nothing by 501 (0 → 501)',
      { city: 1, tours: 0 },
      { city: 1, tours: 501 },
      ['The collection tours has 501 entries, 501 more than the 0'],
    ],
    ['an empty site', { city: 1, tours: 0 }, { city: 1, tours: 0 }, ['Every collection is empty']],
    [
      'no city',
      { city: 1, tours: 2 },
      { city: 0, tours: 2 },
      ['The collection city is empty', 'The collection city is empty, but'],
    ],
  ])('%s', (_name, before, now, expected) => {
    const snapshot = snapshotOf(now);
    const problems = checkCollections({
      snapshot,
      built: manifest(snapshotToCounts(snapshot)),
      previous: manifest(before),
      allowShrink: false,
      allowGrowth: false,
    });
    expect(problems.map((problem) => problem.message)).toEqual(expected.map((start) => expect.stringContaining(start)));
  });

  it.each([
    ['neither', false, false, ['--allow-growth (ALLOW_GROWTH=true; the deploy workflow\'s "allow_growth" input)']],
    ['only shrinking', true, false, ['--allow-growth (ALLOW_GROWTH=true; the deploy workflow\'s "allow_growth" input)']],
    ['growth', false, true, []],
  ])('a sudden growth with %s allowed', (_name, allowShrink, allowGrowth, expected) => {
    const snapshot = snapshotOf({ city: 1, tours: 4000, news: 2 });
    const problems = checkCollections({
      snapshot,
      built: manifest(snapshotToCounts(snapshot)),
      previous: manifest({ city: 1, tours: 40, news: 2 }),
      allowShrink,
      allowGrowth,
    });
    expect(problems.map((problem) => problem.message)).toEqual(expected.map((end) => expect.stringContaining(end)));
  });

  function snapshotToCounts(snapshot: Snapshot): BuildManifest['counts'] {
    return Object.fromEntries(Object.entries(snapshot).map(([name, entries]) => [name, entries?.length ?? 0]));
  }
});

describe('secrets', () => {
  it('takes the known secrets, credential-like names and an opaque Spotify client id; skips short values', () => {
    const { secrets, tooShort } = secretsFromEnv({
      PROVIDER_API_TOKEN: SECRET,
      SPOTIFY_CLIENT_ID: 'a1b2c3d4e5f6a7b8c9d0a1b2c3d4e5f6',
      SPOTIFY_CLIENT_SECRET: 'spotify-secret-value',
      DEPLOY_API_KEY: 'k-1234567890',
      REBUILD_TOKEN: 'abc',
      CITY_NAME: 'Barra do Bugres',
    });
    expect(secrets.map((secret) => secret.name)).toEqual([
      'PROVIDER_API_TOKEN',
      'SPOTIFY_CLIENT_SECRET',
      'DEPLOY_API_KEY',
      'SPOTIFY_CLIENT_ID',
      'the Spotify client credentials (HTTP Basic)',
    ]);
    expect(tooShort).toEqual(['REBUILD_TOKEN']);
    expect(secretsFromEnv({ SPOTIFY_CLIENT_ID: 'portal' }).secrets).toEqual([]);
  });

  it('searches each distinct encoding once', () => {
    expect(encodingsOf('plain-value-1').map((encoding) => encoding.form)).toEqual(['as it is', 'base64-encoded']);
    expect(encodingsOf('a/b"c&d~~~?').map((encoding) => encoding.text)).toContain('YS9iImMmZH5-fj8');
    expect(encodingsOf('a/b"c&d~~~?').map((encoding) => encoding.form)).toEqual([
      'as it is',
      'URL-encoded',
      'JSON-escaped',
      'base64-encoded',
      'base64url-encoded',
      'HTML-escaped',
    ]);
  });
});

describe('paths', () => {
  it.each([
    ['index.html', '/'],
    ['tour/101.html', '/tour/101'],
    ['news/page/2.html', '/news/page/2'],
    ['docs/index.html', '/docs'],
  ])('%s is served at %s', (file, sitePath) => {
    expect(pagePathOf(file)).toBe(sitePath);
  });

  it('resolves site paths as a static host does, never outside the site', () => {
    expect(resolveSitePath(fixture.dist, '/tour/101')).toBe(path.join(fixture.dist, 'tour/101.html'));
    expect(resolveSitePath(fixture.dist, '/')).toBe(path.join(fixture.dist, 'index.html'));
    expect(resolveSitePath(fixture.dist, '/_astro/page.js')).toBe(path.join(fixture.dist, '_astro/page.js'));
    expect(resolveSitePath(fixture.dist, '/../snapshot/city.json')).toBeNull();
    expect(resolveSitePath(fixture.dist, '/%E0%A4%A')).toBeNull();
  });

  it.each([
    ['/tour/1', '/about', { path: '/tour/1', anchor: '' }],
    ['1#fotos', '/tour/2', { path: '/tour/1', anchor: 'fotos' }],
    [`${SITE_ORIGIN}/news?page=2`, '/', { path: '/news', anchor: '' }],
    // Our host with `www.` or a trailing dot is ours, as the sync reads it (src/lib/visitor-links.ts); a lookalike is not.
    [`${SITE_ORIGIN.replace('://', '://www.')}/tour/9#x`, '/', { path: '/tour/9', anchor: 'x' }],
    [`${SITE_ORIGIN}./news`, '/', { path: '/news', anchor: '' }],
    [`${SITE_ORIGIN}.evil.example/news`, '/', null],
    ['https://wa.me/5565', '/', null],
    ['mailto:a@b.c', '/', null],
    ['data:image/png;base64,AA', '/', null],
  ])('%s from %s', (url, from, expected) => {
    expect(internalTarget(url, from, SITE_ORIGIN)).toEqual(expected);
  });

  it('reads srcset candidates and stylesheet references', () => {
    expect(srcsetUrls('/a.avif 400w, /b.avif 800w')).toEqual(['/a.avif', '/b.avif']);
    expect(cssReferences(`a{b:url(/x.svg)} @import "./y.css"; c{d:url('z.woff2') url( "w.png" )}`)).toEqual([
      '/x.svg',
      './y.css',
      'z.woff2',
      'w.png',
    ]);
  });
});

describe('the content security policy', () => {
  it('hashes our is:inline scripts verbatim and leaves out what cannot be hashed from the source', async () => {
    const source = path.join(fixture.root, 'src');
    await mkdir(path.join(source, 'pages'), { recursive: true });
    await writeFile(
      path.join(source, 'pages/a.astro'),
      [
        '---\n// JSON in a <script> must not close it.\nconst open = (value) => "<script>" + value;\n---',
        '{items.map((item) => <script type="application/ld+json" set:html={json(item)} />)}',
        '<script is:inline data-shell="x">\n  go(a > b);\n</script><script>bundled()</script>',
        '<script is:inline define:vars={{ x: 1 > 0 }}>x</script><script type="application/ld+json" is:inline>{}</script>',
      ].join('\n'),
    );
    expect(inlineScriptHashes(source)).toEqual([scriptHash('\n  go(a > b);\n')]);
  });

  it('allows our files, WebAssembly for the search and the two embed hosts, nothing else', () => {
    const csp = contentSecurityPolicy(path.join(ROOT, 'src'));
    expect(csp.scriptDirective.resources).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(CSP_DIRECTIVES).toContain('frame-src https://www.google.com https://maps.google.com https://open.spotify.com');
    expect(CSP_DIRECTIVES.join(';')).not.toMatch(/unsafe-inline|unsafe-eval'|\*|https:(?!\/\/)/);
    expect(CSP_DIRECTIVES).toContain("object-src 'none'");
  });
});
describe('the size gate', () => {
  it('refuses a page of one record over 1 MB, naming it and its size; a list page has a larger limit', async () => {
    const big = 'x'.repeat(1_200_000);
    await fixture.write('tour/102.html', page(`<p>${big}</p>`));
    await fixture.write('all-tours.html', page(`<ul id="lista"><li><a href="/tour/101">101</a></li></ul><p>${big}</p>`));
    await preparePublication(fixture.dist, 'any');
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'sizes')).toEqual([
      'tour/102.html is 1.2 MB, over the 1 MB limit for a page of one record: some upstream data is far larger than the site expects. ' +
        'Fix it at its source, or raise VERIFY_MAX_PAGE_BYTES (--max-page-bytes) if the size is intended.',
    ]);
    const lower = await runVerify(fixture.options({ pageSizeLimits: { recordPage: 2_000_000, listPage: 1_000_000 } }));
    expect(messages(lower.problems, 'sizes')).toEqual([
      expect.stringMatching(/^all-tours\.html is 1\.2 MB, over the 1 MB limit for a page that lists a collection/),
    ]);
  });

  it('takes its limits from the command line or the environment', async () => {
    await fixture.write('tour/102.html', page(`<p>${'x'.repeat(300_000)}</p>`));
    await preparePublication(fixture.dist, 'any');
    const env = { ...BASE_ENV, SNAPSHOT_DIR: fixture.snapshot };
    const args = ['scripts/verify.ts', '--dist', fixture.dist];
    await exec(process.execPath, args, { cwd: ROOT, env });
    const failed = await exec(process.execPath, args, { cwd: ROOT, env: { ...env, VERIFY_MAX_PAGE_BYTES: '250kB' } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Pages over the size limit \(1\):\n {2}- tour\/102\.html is 30\d kB/),
    });
    const flag = await exec(process.execPath, [...args, '--max-page-bytes', 'lots'], { cwd: ROOT, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(flag).toMatchObject({ code: 1, stderr: expect.stringContaining('is "lots", which is not a size') });
  });

  it.each([
    ['1500000', 1_500_000],
    ['1.5MB', 1_500_000],
    ['800 kB', 800_000],
    ['0', null],
    ['-1', null],
    ['1 MiB', null],
  ])('reads %s as %s bytes', (text, bytes) => {
    expect(parseBytes(text)).toBe(bytes);
  });

  it('is silent at the limit and formats sizes for people', () => {
    expect(
      checkPageSizes([{ file: 'tour/1.html', bytes: DEFAULT_PAGE_SIZE_LIMITS.recordPage }], DEFAULT_PAGE_SIZE_LIMITS),
    ).toEqual([]);
    expect([formatBytes(999), formatBytes(87_000), formatBytes(16_000_000)]).toEqual(['999 B', '87 kB', '16 MB']);
  });
});

describe('secrets in what people and the search read', () => {
  const half = SECRET.length / 2;
  it.each([
    [
      'split by markup',
      `chave ${SECRET.slice(0, half)}<span class="x">${SECRET.slice(half)}</span>`,
      'in its text with the tags removed',
    ],
    [
      'split by a comment and an entity',
      `${SECRET.slice(0, half)}<!-- x -->&#${SECRET.charCodeAt(half)};${SECRET.slice(half + 1)}`,
      'in its text with the tags removed',
    ],
    [
      'split by a line break and a zero-width space',
      `${SECRET.slice(0, half)}\n<b>&#8203;${SECRET.slice(half)}</b>`,
      'in its text with the tags removed',
    ],
    [
      'entity-encoded in an attribute',
      `<img src="/images/logo.svg" alt="${[...SECRET].map((char) => `&#${char.charCodeAt(0)};`).join('')}">`,
      'in an attribute of <img>',
    ],
  ])('refuses a page with a secret %s, without printing it', async (_name, markup, where) => {
    await fixture.write('news/1008.html', page(`<p>${markup}</p>`));
    await preparePublication(fixture.dist, 'any');
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'secrets')).toEqual([`news/1008.html contains the value of PROVIDER_API_TOKEN (${where}).`]);
    expect(formatReport(problems)).not.toContain(SECRET);
  });

  it('refuses a secret that only the decompressed search index holds (a real Pagefind index)', async () => {
    const { index } = await createIndex();
    if (!index) throw new Error('Pagefind did not start');
    await index.addHTMLFile({
      url: '/news/1008',
      content: `<html lang="pt-BR"><body><main data-pagefind-body><h1>Notícia</h1><p>chave ${SECRET.slice(0, half)}<span>${SECRET.slice(half)}</span></p></main></body></html>`,
    });
    await index.writeFiles({ outputPath: path.join(fixture.dist, 'pagefind') });
    await closePagefind();

    const { problems } = await runVerify(fixture.options());
    const found = messages(problems, 'secrets');
    expect(found.length).toBeGreaterThan(0);
    for (const message of found) {
      expect(message).toMatch(
        /^pagefind\/\S+\.pf_\w+ contains the value of PROVIDER_API_TOKEN \(in the search index, decompressed\)\.$/,
      );
    }
    expect(found.some((message) => message.startsWith('pagefind/fragment/'))).toBe(true);
    expect(formatReport(problems)).not.toContain(SECRET);
  }, 60_000);

  it('decompresses only what carries the Pagefind signature', async () => {
    const { gzipSync } = await import('node:zlib');
    expect(decompressPagefind(gzipSync(Buffer.from('pagefind_dcd{"a":1}')))?.toString()).toBe('{"a":1}');
    expect(decompressPagefind(gzipSync(Buffer.from('other')))).toBeNull();
    expect(decompressPagefind(Buffer.from('pagefind_dcd plain'))).toBeNull();
  });
});
describe('configurationWarnings: what a production build should configure', () => {
  const config = (env: Record<string, string>) => readSiteConfig(env);
  it('says nothing for the sample or a test build (the example address)', () => {
    expect(configurationWarnings(config({}))).toEqual([]);
  });
  it('names the missing encarregado and controller of a real site', () => {
    const warnings = configurationWarnings(config({ SITE_URL: 'https://turismo.nobres.mt.gov.br' }));
    expect(warnings).toEqual([
      expect.stringMatching(/^PRIVACY_OFFICER_NAME and PRIVACY_OFFICER_EMAIL are not set/),
      expect.stringMatching(/^CITY_BODY is not set/),
    ]);
  });
  it('is quiet once both are configured', () => {
    const env = {
      SITE_URL: 'https://turismo.nobres.mt.gov.br',
      CITY_BODY: 'Prefeitura Municipal de Nobres',
      PRIVACY_OFFICER_NAME: 'Ana Souza',
      PRIVACY_OFFICER_EMAIL: 'dpo@nobres.mt.gov.br',
    };
    expect(configurationWarnings(config(env))).toEqual([]);
  });
  it('refuses half an officer, or an e-mail that is not one', () => {
    expect(() => config({ PRIVACY_OFFICER_NAME: 'Ana' })).toThrow(/PRIVACY_OFFICER_EMAIL \(""\): falta, e vai junto/);
    expect(() => config({ PRIVACY_OFFICER_NAME: 'Ana', PRIVACY_OFFICER_EMAIL: 'ana' })).toThrow(/is not an e-mail address/);
    expect(() => config({ TRANSPARENCY_URL: 'javascript:alert(1)' })).toThrow(
      /TRANSPARENCY_URL \("javascript:alert\(1\)"\): só endereços http/,
    );
  });
});
