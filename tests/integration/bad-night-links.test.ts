/**
 * A blog and a provider on the portal's own domain, end to end: their records link to the portal
 * (SITE_URL) in every form WordPress and provider back offices write, and the sync, the build and the
 * deploy gate all pass. The local upstream stands on the portal's host (SITE_URL is
 * `https://127.0.0.1:<its port>`), so the blog's own addresses are the portal's, as when WordPress
 * runs on the portal's domain. What must happen (scripts/sync/normalise/own-links.ts):
 * - a link to a page of the build becomes its one form (`/all-tours`, `/tour/108`), a fragment left out;
 * - a link to a page no build has (a removed tour, an unknown route) keeps only its words;
 * - a post whose address is on the portal is treated as having none (its relative links then resolve
 *   against the blog's address, which is the portal's too, and keep only their words);
 * - a provider's website on the portal is no website.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderReader } from '../../scripts/sync/fixture-upstream.ts';
import { type BuiltSite, buildSite, indexSearch, runVerifyScript, type VerifyRun } from '../support/build-site.ts';
import { DEFAULT_FIXTURE_DIR, startUpstreamServer, type UpstreamServer } from '../support/upstream-server.ts';

let server: UpstreamServer;
let site: BuiltSite;
let siteUrl: string;
let verify: VerifyRun;

/** What a page reads within a paragraph: its tags removed, its white space collapsed. */
const words = (html: string) => html.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ');

beforeAll(async () => {
  const fixtures = folderReader(DEFAULT_FIXTURE_DIR);
  server = await startUpstreamServer();
  siteUrl = `https://127.0.0.1:${new URL(server.origin).port}`;
  const tours = (await fixtures('provider/tours.json')) as Record<string, unknown>[];
  server.setFile('provider/tours.json', [
    ...tours.filter((tour) => tour.id !== 101),
    {
      ...tours.find((tour) => tour.id === 101),
      content:
        `<p>Saiba mais: <a href="${siteUrl}/tour/999999">o passeio que saiu do ar</a>, ` +
        `<a href="${siteUrl}/all-tours/">todos os passeios</a>, ` +
        `<a href="${siteUrl}/tour/999998#missing">um roteiro antigo</a>, ` +
        `<a href="${siteUrl}/tour/102#missing">a trilha da serra</a>, ` +
        `<a href="${siteUrl}/tour/108/">a pesca esportiva</a>.</p>`,
    },
  ]);
  const hotels = (await fixtures('provider/hotels.json')) as { hotels: Record<string, unknown>[] };
  server.setFile('provider/hotels.json', {
    hotels: hotels.hotels.map((hotel) =>
      hotel?.id === 201
        ? { ...hotel, provider: { name: 'Pousada Beira Rio Ltda', website: `${siteUrl}/parceiros/pousada-beira-rio/` } }
        : hotel,
    ),
  });
  const posts = (await fixtures('blog/posts.json')) as Record<string, unknown>[];
  server.setFile('blog/posts.json', [
    ...posts,
    {
      id: 2001,
      date_gmt: '2026-10-03T13:30:00',
      status: 'publish',
      title: { rendered: 'O blog mora no portal' },
      content: {
        rendered:
          '<p>Leia tambem <a href="/2026/10/outro-post/">o outro post</a> ' +
          `e <a href="${siteUrl}/tour/999999">o passeio removido</a>.</p>`,
      },
      link: `${siteUrl}/2026/10/o-blog-mora-no-portal/`,
    },
  ]);

  const env = { ...server.env, SITE_URL: siteUrl };
  site = await buildSite(env);
  await indexSearch(site);
  verify = await runVerifyScript(['--dist', site.dist, '--snapshot', site.snapshot], env);
}, 600_000);

afterAll(async () => {
  await server?.close();
  await site?.remove();
});

describe('links to the portal itself in upstream records', () => {
  it('pass the deploy gate', () => {
    expect(verify.output).toMatch(/verify: ok/);
    expect(verify.code).toBe(0);
  });

  it("rewrite a link to a page of the build to the page's one form, site-relative, without the fragment", async () => {
    const html = await site.page('/tour/101');
    expect(html).toContain('<a href="/all-tours">todos os passeios</a>');
    expect(html).toContain('<a href="/tour/108">a pesca esportiva</a>');
    expect(html).toContain('<a href="/tour/102">a trilha da serra</a>');
  });

  it('keep only the words of a link to a page no build has', async () => {
    const html = await site.page('/tour/101');
    expect(words(html)).toContain(
      'Saiba mais: o passeio que saiu do ar, todos os passeios, um roteiro antigo, a trilha da serra',
    );
    expect(html).not.toContain('999999');
    expect(html).not.toContain('999998');
    expect(html).not.toContain('#missing');
  });

  it("treat a post's address on the portal as missing: no link to it, its relative links keep their words", async () => {
    const html = await site.page('/news/2001');
    expect(words(html)).toContain('Leia tambem o outro post e o passeio removido.');
    expect(html).not.toContain('o-blog-mora-no-portal');
    expect(html).not.toContain('outro-post');
    expect(html).not.toContain('999999');
  });

  it("show no website for a provider whose website is the portal's", async () => {
    const html = await site.page('/accommodation/201');
    expect(html).toContain('Pousada Beira Rio Ltda');
    expect(html).not.toContain('parceiros');
  });

  it('say in the sync report what each record lost', () => {
    const notes = site.report.recordWarnings;
    expect(notes).toContain(
      `cityApi tours: repaired record 101: link "${siteUrl}/tour/999999": no page "/tour/999999" on this site; its words kept`,
    );
    expect(notes).toContainEqual(
      expect.stringMatching(/^cityApi tours: repaired record 101: link ".+\/tour\/999998#missing": no page/),
    );
    expect(notes).toContainEqual(
      expect.stringMatching(/^cityApi tours: repaired record 101: link ".+\/tour\/102#missing": anchor "#missing" left out/),
    );
    expect(notes).toContain(
      `cityApi accommodation: repaired record 201: provider.website "${siteUrl}/parceiros/pousada-beira-rio/": on the portal's own address (SITE_URL); left out`,
    );
    expect(notes).toContain(
      `blog news: repaired record 2001: link "${siteUrl}/2026/10/o-blog-mora-no-portal/": on the portal's own address (SITE_URL); left out`,
    );
    expect(notes).toContainEqual(
      expect.stringMatching(/^blog news: repaired record 2001: link ".+\/2026\/10\/outro-post\/": no page/),
    );
    expect(site.report.warnings).toEqual([]);
  });
});
