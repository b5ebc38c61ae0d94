/**
 * Upstream links to the portal's own address (scripts/sync/normalise/own-links.ts): in HTML, rewritten to
 * the one form of a page the build will have or unwrapped to their words; in link fields (a
 * provider's website, a post's address), left out.
 */
import { describe, expect, it } from 'vitest';
import { RawCitySchema, toCity } from '../../scripts/sync/normalise/city.ts';
import { RawItemSchema, toItem } from '../../scripts/sync/normalise/item.ts';
import { RawPostSchema, toNewsArticle } from '../../scripts/sync/normalise/news.ts';
import {
  isOwnSiteUrl,
  mapHtmlFields,
  notOwnSite,
  type OwnSite,
  ownLinksInEntries,
  ownLinksInHtml,
  ownLinkTarget,
} from '../../scripts/sync/normalise/own-links.ts';
import { anArticle, anItem } from '../fixtures/entries.ts';
import { contextFor } from '../support/record-context.ts';

const SITE_URL = 'https://turismo.example.com.br';
const SITE: OwnSite = {
  siteUrl: SITE_URL,
  pages: new Set(['/', '/all-tours', '/tour/101', '/news/11', '/busca']),
};

describe('isOwnSiteUrl', () => {
  it.each([
    ['https://turismo.example.com.br/tour/101', true],
    ['https://TURISMO.example.com.br', true],
    ['http://turismo.example.com.br/all-tours/', true],
    ['https://turismo.example.com.br:443/x', true],
    ['https://turismo.example.com.br:8443/x', false],
    // `www.` and a trailing dot name the same host.
    ['https://www.turismo.example.com.br/x', true],
    ['https://turismo.example.com.br./x', true],
    ['https://WWW.turismo.example.com.br./x', true],
    ['https://turismo.example.com.br.evil.example/x', false],
    ['https://www2.turismo.example.com.br/x', false],
    ['https://blog.turismo.example.com.br/x', false],
    ['https://blog.example.com/x', false],
    ['mailto:a@turismo.example.com.br', false],
    ['/tour/101', false],
    ['não é endereço', false],
  ])('%s → %s', (url, expected) => {
    expect(isOwnSiteUrl(url, SITE_URL)).toBe(expected);
  });
});

describe('ownLinkTarget', () => {
  it.each([
    // The one form of a page that will be built, site-relative like every link the site writes.
    ['https://turismo.example.com.br/tour/101', '/tour/101', null],
    ['https://turismo.example.com.br/tour/101/', '/tour/101', null],
    ['https://turismo.example.com.br/tour/101.html', '/tour/101', null],
    ['https://turismo.example.com.br/tour/101/index.html', '/tour/101', null],
    ['http://turismo.example.com.br/all-tours/', '/all-tours', null],
    ['https://turismo.example.com.br', '/', null],
    ['https://turismo.example.com.br/index.html', '/', null],
    ['https://turismo.example.com.br/busca/?q=pesca', '/busca?q=pesca', null],
    // Our host with `www.` or a trailing dot is our host.
    ['https://www.turismo.example.com.br/tour/101', '/tour/101', null],
    ['https://turismo.example.com.br./all-tours/', '/all-tours', null],
    // Written on an earlier night: checked again, kept while its page exists.
    ['/tour/101', '/tour/101', null],
    // A fragment: the page kept, the anchor left out and said.
    [
      'https://turismo.example.com.br/tour/101#missing',
      '/tour/101',
      'link "https://turismo.example.com.br/tour/101#missing": anchor "#missing" left out (the page\'s anchors are not known); links to /tour/101',
    ],
    // No such page: the words only.
    [
      'https://turismo.example.com.br/tour/999999',
      null,
      'link "https://turismo.example.com.br/tour/999999": no page "/tour/999999" on this site; its words kept',
    ],
    [
      'https://turismo.example.com.br/2026/11/outro-post/',
      null,
      'link "https://turismo.example.com.br/2026/11/outro-post/": no page "/2026/11/outro-post" on this site; its words kept',
    ],
    ['https://turismo.example.com.br/tour/999999#x', null, expect.stringContaining('no page "/tour/999999"')],
    ['https://turismo.example.com.br/Tour/101', null, expect.stringContaining('no page "/Tour/101"')],
    ['/tour/102', null, 'link "/tour/102": no page "/tour/102" on this site; its words kept'],
    ['/\\evil.example/x', null, 'link "/\\\\evil.example/x": not a page of this site; its words kept'],
  ])('%s → %s', (href, expected, reason) => {
    const problem = expected === null ? 'link-not-a-page' : 'link-anchor-dropped';
    const note = reason === null ? null : { reason, field: 'link', problem, value: expect.any(String) };
    expect(ownLinkTarget(href, SITE)).toEqual({ href: expected, note });
  });

  it.each([
    ['https://turismo.example.com.br/tour/101#missing', '"/tour/101#missing"'],
    ['https://turismo.example.com.br/tour/999999?x=1#y', '"/tour/999999?x=1"'],
    ['/\\evil.example/x', '"/\\\\evil.example/x"'],
  ])('shows the editors a link to a page of the portal by its path: %s → %s', (href, value) => {
    expect(ownLinkTarget(href, SITE)?.note?.value).toBe(value);
  });

  it.each([
    'https://blog.example.com/tour/999999',
    'https://turismo.example.com.br.evil.example/tour/999999',
    '#uc-abc123-nota',
    'mailto:contato@turismo.example.com.br',
    'tel:+556533611234',
  ])('leaves a link elsewhere as it is: %s', (href) => {
    expect(ownLinkTarget(href, SITE)).toBeUndefined();
  });
});

describe('ownLinksInHtml', () => {
  it.each([
    [
      'a valid page: its one form, without the rel of links elsewhere',
      '<p><a href="https://turismo.example.com.br/tour/101/" rel="nofollow noopener noreferrer">o passeio</a></p>',
      '<p><a href="/tour/101">o passeio</a></p>',
      0,
    ],
    [
      'a removed page: its words kept, markup inside too',
      '<p>Veja <a href="https://turismo.example.com.br/tour/999999" rel="nofollow noopener noreferrer">o <em>antigo</em> passeio</a>.</p>',
      '<p>Veja o <em>antigo</em> passeio.</p>',
      1,
    ],
    [
      'links elsewhere and in-page anchors untouched',
      '<p><a href="https://blog.example.com/x" rel="nofollow noopener noreferrer">x</a> <a href="#uc-abc123-n1">1</a></p>',
      '<p><a href="https://blog.example.com/x" rel="nofollow noopener noreferrer">x</a> <a href="#uc-abc123-n1">1</a></p>',
      0,
    ],
    ['no link at all', '<p>Só texto.</p>', '<p>Só texto.</p>', 0],
  ])('%s', (_name, html, expected, notes) => {
    const result = ownLinksInHtml(html, SITE);
    expect(result.html).toBe(expected);
    expect(result.notes).toHaveLength(notes);
  });

  it('gives back the very string when nothing changed (a kept snapshot stays byte for byte)', () => {
    const html = '<p><a href="/tour/101">o passeio</a> e <a href="https://blog.example.com/x">x</a></p>';
    expect(ownLinksInHtml(html, SITE).html).toBe(html);
  });
});

describe('mapHtmlFields', () => {
  it('reaches every …Html field, a FAQ answer and the info block, and nothing else', () => {
    const item = anItem({
      title: '<a href="/x">título</a>',
      descriptionHtml: 'd',
      includeHtml: 'i',
      faq: [{ question: 'q', answerHtml: 'a' }],
      info: { howToGetThere: 'h', howToVisit: null, operation: null, trackLevel: null, generalInfo: 'g' },
    });
    const seen: string[] = [];
    const mapped = mapHtmlFields(item, (html) => {
      seen.push(html);
      return `[${html}]`;
    });
    expect(seen.sort()).toEqual(['a', 'd', 'g', 'h', 'i']);
    expect(mapped).toMatchObject({
      title: '<a href="/x">título</a>',
      descriptionHtml: '[d]',
      faq: [{ question: 'q', answerHtml: '[a]' }],
      info: { howToGetThere: '[h]', howToVisit: null, generalInfo: '[g]' },
    });
  });

  it('notes each link it unwraps under the id of its record', () => {
    const { entries, notes } = ownLinksInEntries(
      [
        anArticle({ id: '11', contentHtml: '<p><a href="https://turismo.example.com.br/tour/999999">velho</a></p>' }),
        anArticle({ id: '12', contentHtml: '<p><a href="https://turismo.example.com.br/all-tours/">passeios</a></p>' }),
      ],
      SITE,
    );
    expect(entries.map((entry) => entry.contentHtml)).toEqual(['<p>velho</p>', '<p><a href="/all-tours">passeios</a></p>']);
    expect(notes).toEqual([expect.objectContaining({ id: '11', reason: expect.stringContaining('no page "/tour/999999"') })]);
  });
});

describe('link fields on the portal itself', () => {
  it.each([
    ['https://turismo.example.com.br', null],
    ['https://turismo.example.com.br/parceiros/pousada/', null],
    ['https://pousada.example.com.br', 'https://pousada.example.com.br'],
    [null, null],
  ])('notOwnSite(%s) → %s', (url, expected) => {
    const context = contextFor({ siteUrl: SITE_URL });
    expect(notOwnSite(url, 'provider.website', context)).toBe(expected);
    expect(context.notes).toEqual(
      url !== null && expected === null
        ? [`provider.website ${JSON.stringify(url)}: on the portal's own address (SITE_URL); left out`]
        : [],
    );
  });

  it("treats a provider's website, video and social profile on the portal as none", () => {
    const context = contextFor({ siteUrl: SITE_URL, baseUrl: 'https://provider.example.org/api/' });
    const item = toItem(
      RawItemSchema.parse({
        id: 101,
        title: 'Pousada',
        video: 'https://turismo.example.com.br/videos/pousada/',
        social: { facebook: 'https://turismo.example.com.br/pousada' },
        provider: { name: 'Pousada do Rio', website: 'turismo.example.com.br/parceiros/pousada/' },
      }),
      'accommodation',
      context,
    );
    expect(item.provider?.website).toBeNull();
    expect(item.provider?.name).toBe('Pousada do Rio');
    expect(item.video).toBeNull();
    expect(item.social.facebook).toBeNull();
    expect(context.notes).toEqual([
      `provider.website "https://turismo.example.com.br/parceiros/pousada/": on the portal's own address (SITE_URL); left out`,
      `social.facebook "https://turismo.example.com.br/pousada": on the portal's own address (SITE_URL); left out`,
      `video "https://turismo.example.com.br/videos/pousada/": on the portal's own address (SITE_URL); left out`,
    ]);
  });

  it("treats the city agency's site on the portal as none", () => {
    const context = contextFor({ siteUrl: SITE_URL });
    const raw = RawCitySchema.parse({ id: 1, name: 'Barra do Bugres', tourist_support_agency: { site: `${SITE_URL}/contato/` } });
    expect(toCity(raw, { name: 'Barra do Bugres', state: 'MT' }, context).agency.site).toBeNull();
    expect(context.notes).toEqual([expect.stringMatching(/^agency\.site ".+": on the portal's own address/)]);
  });

  it("treats a post's address on the portal as missing, and resolves its relative links against the blog", () => {
    const context = contextFor({ siteUrl: SITE_URL, baseUrl: 'https://blog.example.com/' });
    const article = toNewsArticle(
      RawPostSchema.parse({
        id: 2001,
        date_gmt: '2026-10-03T13:30:00',
        status: 'publish',
        title: { rendered: 'Festival' },
        content: { rendered: '<p><a href="leia-mais">Leia mais</a></p>' },
        link: `${SITE_URL}/2026/10/festival/`,
      }),
      context,
      ['blog.example.com', 'turismo.example.com.br'],
    );
    expect(article.link).toBeNull();
    expect(article.contentHtml).toContain('href="https://blog.example.com/leia-mais"');
    expect(context.notes).toEqual([`link "${SITE_URL}/2026/10/festival/": on the portal's own address (SITE_URL); left out`]);
  });
});

describe('links a visitor may not be sent to (src/lib/visitor-links.ts)', () => {
  it('leaves out a private host, a lookalike of the portal and an icon off its network, with a note each, and keeps the rest', () => {
    const context = contextFor({ siteUrl: SITE_URL, baseUrl: 'https://provider.example.org/api/' });
    const item = toItem(
      RawItemSchema.parse({
        id: 101,
        title: 'Pousada',
        video: 'https://[::1]/admin',
        social: {
          instagram: 'https://turismo.example.com.br.evil.example/login',
          facebook: 'https://www.facebook.com/pousada',
          youtube: 'https://evil.example/youtube',
        },
        provider: {
          name: 'Pousada do Rio',
          website: 'https://xn--turism-1qf.example.com.br/',
          social: { instagram: 'http://2130706433/' },
        },
      }),
      'accommodation',
      context,
    );
    expect(item.video).toBeNull();
    expect(item.social).toMatchObject({ instagram: null, facebook: 'https://www.facebook.com/pousada', youtube: null });
    expect(item.provider).toMatchObject({ name: 'Pousada do Rio', website: null, social: { instagram: null } });
    expect(context.notes).toEqual([
      `provider.website "https://xn--turism-1qf.example.com.br/": host xn--turism-1qf.example.com.br (turismо.example.com.br) passes for the portal's own (turismo.example.com.br); left out`,
      `provider.social.instagram "http://2130706433/": host 127.0.0.1 is a loopback address; left out`,
      `social.instagram "https://turismo.example.com.br.evil.example/login": host turismo.example.com.br.evil.example passes for the portal's own (turismo.example.com.br); left out`,
      `social.youtube "https://evil.example/youtube": host evil.example is not on youtube.com, youtu.be; left out`,
      `video "https://[::1]/admin": host ::1 is a loopback address; left out`,
    ]);
  });

  it("checks the city agency's site and each of its networks", () => {
    const context = contextFor({ siteUrl: SITE_URL });
    const raw = RawCitySchema.parse({
      id: 1,
      name: 'Barra do Bugres',
      tourist_support_agency: {
        site: 'http://192.168.0.10/',
        instagram: 'https://www.facebook.com/turismo',
        facebook: 'https://www.facebook.com/turismo',
      },
    });
    const agency = toCity(raw, { name: 'Barra do Bugres', state: 'MT' }, context).agency;
    expect(agency).toMatchObject({ site: null, instagram: null, facebook: 'https://www.facebook.com/turismo' });
    expect(context.notes).toEqual([
      expect.stringMatching(/^agency\.site "http:\/\/192\.168\.0\.10\/": host 192\.168\.0\.10 is a private \(RFC 1918\) address/),
      expect.stringMatching(/^agency\.instagram ".+": host www\.facebook\.com is not on instagram\.com/),
    ]);
  });
});
