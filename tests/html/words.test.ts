/**
 * The words the static pages say, in the sample build's HTML: the agencies' button, a stay's price for
 * its nights, a tour's contact in its price card, the footer's plain facts, the head's links to the feed and the web
 * app manifest, no page in the sitemap that asks not to be indexed, a search bundle of only the files a search
 * fetches, no page on which a phone makes links of numbers by itself, and the promotions banner's link to
 * /promocoes, where every card is on sale. What a visitor does with the banner and how it is laid out:
 * tests/e2e/menus.spec.ts. The Content-Security-Policy is tests/html/csp.test.ts.
 */
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PROMOTIONS_LINK } from '../../src/lib/navigation.ts';
import { byRole, byText, DIST, one, page, region, source, textOf } from '../support/dist-pages.ts';

it("the agencies' button says 'Ver todas as agências de turismo'; a stay's price says for how many nights", () => {
  expect(one(page('/'), 'link', 'Ver todas as agências de turismo').getAttribute('href')).toBe('/all-agencies');
  expect(byText(page('/'), 'Ver Todos as Agências', { includeHidden: true })).toHaveLength(0);
  expect(byText(region(page('/accommodation/201'), 'Preço'), 'Preço por noite', { exact: true })).toHaveLength(1);
  expect(byText(region(page('/accommodation/203'), 'Preço'), 'Preço por 2 noites', { exact: true })).toHaveLength(1);
});

it("a tour without a booking link offers its contact in its price card, once on the page: WhatsApp, or without a phone 'Enviar e-mail'", () => {
  const hrefOf = (link: Element) => link.getAttribute('href');
  const whatsapp = byRole(region(page('/tour/101'), 'Preço'), 'link', { name: /^Conversar no WhatsApp/ });
  expect(whatsapp.map(hrefOf)).toEqual([expect.stringMatching(/^https:\/\/wa\.me\/5565992103388\?text=/)]);
  // The provider's card no longer repeats it (where it sits at each width: tests/e2e/hands.spec.ts).
  expect(byRole(page('/tour/101'), 'link', { name: /^Conversar no WhatsApp/ })).toHaveLength(1);
  // Tour 112 has no phone but an e-mail: written to (with neither, 'Fale Conosco': tests/html/details.test.ts).
  const email = byRole(region(page('/tour/112'), 'Preço'), 'link', { name: /^Enviar e-mail/ });
  expect(email.map(hrefOf)).toEqual([expect.stringMatching(/^mailto:eventos@turismobarradobugres\.com\.br\?subject=/)]);
});

it('the footer states the language and the currency as text, with no dead buttons', () => {
  const footer = page('/about').querySelector('footer') as Element;
  expect(byRole(footer, 'button', { name: /Português|BRA|R\$/, includeHidden: true })).toHaveLength(0);
  expect(byText(footer, 'Português', { exact: true })).toHaveLength(1);
  expect(byText(footer, 'Real (R$)', { exact: true })).toHaveLength(1);
});

it.each(['/', '/all-tours', '/news', '/news/1312', '/favoritos', '/offline'])(
  '%s links the feed and the manifest from its head',
  (path) => {
    const html = source(path);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="Notícias \| [^"]+" href="\/news\/rss\.xml">/);
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  },
);

it('the sitemap lists no page that asks search engines not to index it', () => {
  const sitemaps = readdirSync(DIST).filter((file) => /^sitemap-\d+\.xml$/.test(file));
  const index = source('/sitemap-index.xml');
  expect([...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname.slice(1)).sort()).toEqual(
    sitemaps.sort(),
  );
  const paths = sitemaps.flatMap((sitemap) =>
    [...source(`/${sitemap}`).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => new URL((match[1] ?? '').replace(/&amp;/g, '&')).pathname,
    ),
  );
  expect(paths.length).toBeGreaterThan(20);
  expect(paths.filter((path) => /name="robots" content="noindex/.test(source(path)))).toEqual([]);
});

it("the search bundle holds what a search fetches: the WebAssembly of the index's language, no worker, no ready-made UI", () => {
  const files = readdirSync(`${DIST}/pagefind`);
  expect(files.filter((file) => file.startsWith('wasm.'))).toEqual(['wasm.pt-br.pagefind']);
  expect(files.filter((file) => /^pagefind-.*\.(js|css)$/.test(file))).toEqual([]);
  expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-entry.json']));
});

it('every page, the redirects too, tells phones not to make a link of a number by themselves: the real ones are tel: links', () => {
  const pages = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.html') && !file.startsWith('pagefind'),
  );
  expect(pages.length).toBeGreaterThan(100);
  const without = pages.filter((file) => {
    const html = source(`/${file.replace(/\\/g, '/')}`);
    return !html.slice(0, html.indexOf('</head>')).includes('<meta name="format-detection" content="telephone=no">');
  });
  expect(without).toEqual([]);
});

it.each([
  ['/privacidade', ['fale com o atendimento ao turista (', 'endereçada ao atendimento ao turista (']],
  ['/acessibilidade', ['Fale com o atendimento ao turista da cidade (']],
])('%s names the office after the article of its role, never after a bare "a" or "é"', (path, phrases) => {
  const main = page(path).querySelector('main')?.textContent?.replace(/\s+/g, ' ') ?? '';
  for (const phrase of phrases) expect(main).toContain(phrase);
  // The sample's office is a 'Centro' (masculine) and holds a 'Secretaria' (feminine): no article may be guessed.
  expect(main).not.toMatch(/(endereçada a|Quem atende é|fale com|para) (Centro|Secretaria)/i);
});

it("the promotions banner leads to /promocoes, the header's 'Promoções' too, where every card shows its discount", () => {
  const banner = page('/about').querySelector('aside[aria-label="Promoções"]') as Element;
  expect(one(banner, 'link', 'Ver promoções').getAttribute('href')).toBe(PROMOTIONS_LINK.href);
  // Its close button is for pages where scripts run (hidden without them: tests/e2e/menus.spec.ts).
  expect(one(banner, 'button', 'Fechar o aviso de promoções').classList.contains('js-only')).toBe(true);
  const promotions = page(PROMOTIONS_LINK.href);
  expect(promotions.querySelector(`header.site-header a[href="${PROMOTIONS_LINK.href}"]`)).not.toBeNull();
  expect(region(promotions, 'Passeios')).toBeTruthy();
  const cards = [...promotions.querySelectorAll('main article.item-card')];
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(textOf(card.querySelector('.discount')), textOf(card.querySelector('h3'))).toMatch(/^-\d+%$/);
});
