import { readFile, rm, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runVerify, type VerifyOptions } from '../../scripts/verify/run.ts';
import { scriptHash } from '../../scripts/verify/scripts.ts';
import { pagePolicy } from '../../src/integrations/csp.ts';
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
import { followOnHost, mirrorOf, resolveOnHost, treeOf } from '../../src/integrations/static-hosting.ts';
import { type Fixture, makeFixture, messages, OWN_INLINE, page, SITE_ORIGIN } from '../support/verify-site.ts';

let fixture: Fixture;
beforeEach(async () => {
  fixture = await makeFixture();
});
afterEach(async () => {
  await rm(fixture.root, { recursive: true, force: true });
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
