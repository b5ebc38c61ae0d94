/**
 * The one rule of the links a visitor is sent to from upstream data (src/lib/visitor-links.ts): no
 * host that is not public, no lookalike of the portal's host, a social icon only to its own network,
 * and the portal's own address (with `www.` or a trailing dot) is no provider's site. The sync notes
 * each refusal (own-links.test.ts); the snapshot's schemas drop the same links when the pages read them.
 */
import { domainToASCII } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CitySchema, fallbackCity, ItemProviderSchema, SocialLinksSchema } from '../../src/lib/schemas/index.ts';
import {
  isLookalikeHost,
  isOwnSiteUrl,
  type LinkNetwork,
  lookalikeSkeleton,
  unicodeHost,
  visitorLink,
  visitorLinkRefusal,
} from '../../src/lib/visitor-links.ts';

const SITE_URL = 'https://turismo.example.com.br';
const refusal = (url: string, network?: LinkNetwork) => visitorLinkRefusal(url, { siteUrl: SITE_URL, network })?.problem ?? null;

describe('hosts that are not public', () => {
  it.each([
    'https://[::1]/admin',
    'http://[::ffff:127.0.0.1]/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://127.0.0.1/',
    'http://127.45.6.7:8080/painel',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.0.10/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    // Decimal, hexadecimal, octal and short forms of 127.0.0.1, as browsers read them.
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://localhost/',
    'http://LOCALHOST:3000/',
    'http://admin.localhost/',
    'http://impressora.local/',
    'http://painel.internal/',
    'http://roteador.home.arpa/',
    'http://intranet/',
    'http://localhost./',
  ])('%s is refused', (url) => {
    expect(refusal(url)).toBe('private-address');
  });

  it.each([
    'https://pousada.com.br/',
    'https://8.8.8.8/',
    'http://[2001:4860:4860::8888]/',
    'https://www.localhost-pousada.com.br/',
  ])('%s is public', (url) => {
    expect(refusal(url)).toBeNull();
  });

  it('says which address and why', () => {
    expect(visitorLinkRefusal('http://2130706433/x')?.reason).toBe('host 127.0.0.1 is a loopback address; left out');
  });
});

describe("lookalikes of the portal's host", () => {
  it.each([
    // Our host as labels of another's.
    'https://turismo.example.com.br.evil.example/login',
    'https://www.turismo.example.com.br.evil.example/',
    'https://login-turismo.example.com.br.evil.example/',
    'https://turismo.example.com.br-seguro.evil.example/',
    // IDN hosts that read as ours: Cyrillic о, т, а, Greek ο, an accent, fullwidth letters.
    `https://${domainToASCII('turismо.example.com.br')}/`,
    `https://${domainToASCII('тurismo.example.com.br')}/`,
    `https://${domainToASCII('turismo.exаmple.com.br')}/`,
    `https://${domainToASCII('turismο.example.com.br')}/`,
    `https://${domainToASCII('türismo.example.com.br')}/`,
    'https://turismо.example.com.br/',
    // And one as a subdomain of a lookalike.
    `https://${domainToASCII('www.turismо.example.com.br')}/`,
    `https://${domainToASCII('login.turismо.example.com.br')}/`,
    // ASCII that reads the same: a zero for an o, 'rn' for an 'm'.
    'https://turism0.example.com.br/',
    'https://turisrno.example.com.br/',
  ])('%s is refused', (url) => {
    expect(refusal(url)).toBe('lookalike-address');
  });

  it.each([
    'https://blog.turismo.example.com.br/',
    'https://turismo.example.com/',
    'https://example.com.br/',
    'https://turismo-mt.com.br/',
    'https://outroturismo.example.com.br.evil.example/',
    `https://${domainToASCII('pousada-árvore.com.br')}/`,
  ])('%s is another site', (url) => {
    expect(refusal(url)).toBeNull();
  });

  it('names the host as a browser shows it', () => {
    const host = domainToASCII('turismо.example.com.br');
    expect(visitorLinkRefusal(`https://${host}/`, { siteUrl: SITE_URL })?.reason).toBe(
      `host ${host} (turismо.example.com.br) passes for the portal's own (turismo.example.com.br); left out`,
    );
  });

  it('folds a lookalike of a site whose own address is an IDN or has www.', () => {
    const site = domainToASCII('turismo.pirenópolis.go.gov.br');
    expect(isLookalikeHost(domainToASCII('turismo.pirenópolis.go.gov.br.evil.example'), site)).toBe(true);
    expect(isLookalikeHost(site, site)).toBe(false);
    expect(isLookalikeHost('turismo.example.com.br.evil.example', 'www.turismo.example.com.br')).toBe(true);
  });
});

describe("the portal's own address", () => {
  it.each([
    ['https://turismo.example.com.br/tour/1', true],
    ['http://turismo.example.com.br/', true],
    ['https://www.turismo.example.com.br/x', true],
    ['https://turismo.example.com.br./x', true],
    ['https://www.turismo.example.com.br./x', true],
    // Fullwidth letters: the browser reads them as ours (URL parsing applies NFKC), and goes there.
    ['https://ｔｕｒｉｓｍｏ.example.com.br/x', true],
    ['https://turismo.example.com.br:8443/x', false],
    ['https://blog.turismo.example.com.br/x', false],
    ['ftp://turismo.example.com.br/x', false],
  ])('%s is ours: %s', (url, expected) => {
    expect(isOwnSiteUrl(url, SITE_URL)).toBe(expected);
    expect(isOwnSiteUrl(url, 'https://www.turismo.example.com.br')).toBe(expected);
  });

  it('is no provider site', () => {
    expect(refusal('https://www.turismo.example.com.br/parceiros')).toBe('own-site-address');
  });
});

describe('social icons', () => {
  it.each([
    ['instagram', 'https://www.instagram.com/pousada', null],
    ['instagram', 'https://instagram.com/pousada', null],
    ['instagram', 'https://instagr.am/p/x', null],
    ['instagram', 'https://instagram.com.evil.example/pousada', 'not-network-address'],
    ['instagram', 'https://evil.example/instagram.com/pousada', 'not-network-address'],
    ['instagram', 'https://www.facebook.com/pousada', 'not-network-address'],
    ['instagram', 'https://notinstagram.com/pousada', 'not-network-address'],
    ['facebook', 'https://www.facebook.com/pousada', null],
    ['facebook', 'https://m.facebook.com/pousada', null],
    ['facebook', 'https://fb.com/pousada', null],
    ['facebook', 'https://fb.me/pousada', null],
    ['facebook', 'https://facebook.com.br.evil.example/pousada', 'not-network-address'],
    ['youtube', 'https://www.youtube.com/@pousada', null],
    ['youtube', 'https://youtu.be/abc', null],
    ['youtube', 'https://vimeo.com/1', 'not-network-address'],
    ['tiktok', 'https://www.tiktok.com/@pousada', null],
    ['tiktok', 'https://vm.tiktok.com/x', null],
    ['linkedin', 'https://www.linkedin.com/in/pousada', null],
    ['linkedin', 'https://lnkd.in/x', null],
    ['whatsapp', 'https://wa.me/5565999123456', null],
    ['whatsapp', 'https://api.whatsapp.com/send?phone=5565999123456', null],
    ['whatsapp', 'https://wa.me.evil.example/5565', 'not-network-address'],
    // The other rules first: a private host is that, whatever the icon.
    ['instagram', 'http://127.0.0.1/instagram', 'private-address'],
  ] as const)('%s → %s: %s', (network, url, expected) => {
    expect(refusal(url, network)).toBe(expected);
  });
});

describe('visitorLink', () => {
  it('keeps a link a visitor may follow as written, and gives null for a refused one or none', () => {
    expect(visitorLink('https://pousada.com.br/reservas?x=1', { siteUrl: SITE_URL })).toBe('https://pousada.com.br/reservas?x=1');
    expect(visitorLink('https://[::1]/admin', { siteUrl: SITE_URL })).toBeNull();
    expect(visitorLink(null)).toBeNull();
    // Not an http(s) address: webUrl's rule, not this one's.
    expect(visitorLinkRefusal('mailto:a@b.c')).toBeNull();
  });
});

describe('Unicode hosts and the skeleton', () => {
  it.each([
    ['xn--turism-1qf.example', 'turismо.example'],
    ['WWW.xn--mnchen-3ya.de.', 'www.münchen.de'],
    ['xn--ab-!!.com', 'xn--ab-!!.com'],
    ['pousada.com.br', 'pousada.com.br'],
  ])('shows %s as %s', (host, expected) => {
    expect(unicodeHost(host)).toBe(expected);
  });

  it('folds lookalike letters, accents and digits, and leaves other hosts as they read', () => {
    expect(lookalikeSkeleton(domainToASCII('тurіѕmо.example'))).toBe('turismo.example');
    expect(lookalikeSkeleton(domainToASCII('Turísmo.example'))).toBe('turismo.example');
    expect(lookalikeSkeleton('pousada.com.br')).toBe('pousada.com.br');
  });

  it.each([
    ['Lisu letters', 'ꓑꓳꓴꓢꓮꓓꓮ.example'],
    ['a Cherokee P', 'ꮲousada.example'],
    ['Cyrillic р and а', 'рousаdа.example'],
    ['a small capital', 'ᴘousada.example'],
  ])('reads %s as the Latin letters they pass for (Unicode confusables)', (_, host) => {
    expect(lookalikeSkeleton(domainToASCII(host))).toBe('pousada.example');
  });
});

describe('the pages read the same rule from the snapshot', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("drops a refused social link or site as the schemas read a record, against this build's SITE_URL", () => {
    vi.stubEnv('SITE_URL', 'https://turismo.cidade.mt.gov.br/');
    const social = SocialLinksSchema.parse({
      instagram: 'https://instagram.com.evil.example/x',
      facebook: 'https://www.facebook.com/pousada',
      youtube: 'https://[::1]/admin',
      tiktok: null,
      linkedin: 'https://turismo.cidade.mt.gov.br.evil.example/in/x',
      whatsapp: 'https://wa.me/5565999123456',
    });
    expect(social).toEqual({
      instagram: null,
      facebook: 'https://www.facebook.com/pousada',
      youtube: null,
      tiktok: null,
      linkedin: null,
      whatsapp: 'https://wa.me/5565999123456',
    });
    const provider = {
      name: 'Pousada',
      contact: null,
      phone: null,
      email: null,
      cnpj: null,
      address: null,
      social: { instagram: null, facebook: null, youtube: null, tiktok: null, linkedin: null, whatsapp: null },
    };
    expect(ItemProviderSchema.parse({ ...provider, website: 'https://www.turismo.cidade.mt.gov.br/' }).website).toBeNull();
    expect(ItemProviderSchema.parse({ ...provider, website: 'https://pousada.com.br' }).website).toBe('https://pousada.com.br');
    const city = fallbackCity({ name: 'Barra do Bugres', state: 'MT' });
    const read = CitySchema.parse({
      ...city,
      agency: { ...city.agency, site: 'http://10.0.0.5/', instagram: 'https://fb.me/x' },
    });
    expect(read.agency.site).toBeNull();
    expect(read.agency.instagram).toBeNull();
  });
});
