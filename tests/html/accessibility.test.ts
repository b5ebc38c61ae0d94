/**
 * What eMAG 3.1 and the accessibility statement ask of the static HTML of the sample build: every page
 * starts with the four skip links (access keys 1-4) and has each of their targets; /acessibilidade says
 * what the site aims at and whom to tell; and, VLIBRAS being unset, no page mentions the VLibras widget.
 * What the links and the contrast toggle do in a browser is tests/e2e/accessibility.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanTags } from '../../src/integrations/html-scan.ts';
import { SKIP_LINKS } from '../../src/lib/navigation.ts';
import { accessibleName, byRole, DIST, one, page, source, textOf } from '../support/dist-pages.ts';

/** Every page of the build, by site path ('/tour/101'): its HTML files, but the search bundle's. */
const PAGES = readdirSync(DIST, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html') && !file.startsWith('pagefind'))
  .map(
    (file) =>
      `/${file
        .replace(/\\/g, '/')
        .replace(/(^|\/)index\.html$/, '')
        .replace(/\.html$/, '')}`,
  );

/** What Tab stops at, as the scanner sees the tags: links, enabled controls, summaries and tabindex ≥ 0. */
function isFocusable(name: string, attributes: Map<string, string>): boolean {
  const tabindex = attributes.get('tabindex');
  if (tabindex !== undefined) return Number(tabindex) >= 0;
  if (attributes.has('disabled') || attributes.has('hidden')) return false;
  if (name === 'a') return attributes.has('href');
  if (name === 'input') return attributes.get('type') !== 'hidden';
  return ['button', 'select', 'textarea', 'summary', 'iframe'].includes(name);
}

/** The pages with the site's layout: all but the redirects (a meta refresh and a link, nothing else). */
const LAID_OUT = PAGES.filter((sitePath) => !/<meta http-equiv="refresh"/.test(source(sitePath)));

describe('the skip links', () => {
  it('cover every page but the redirects', () => {
    expect(LAID_OUT.length).toBeGreaterThan(100);
    expect(PAGES.length - LAID_OUT.length).toBeLessThan(10);
  });

  it.each(LAID_OUT)('%s starts with the four skip links, access keys 1-4, and has each target', (sitePath) => {
    const html = source(sitePath);
    const tags = scanTags(html.slice(html.search(/<body[\s>]/)));
    const firstFour = tags.filter((tag) => isFocusable(tag.name, tag.attributes)).slice(0, 4);
    expect(firstFour.map((tag) => [tag.name, tag.attributes.get('href'), tag.attributes.get('accesskey')])).toEqual(
      SKIP_LINKS.map((link) => ['a', `#${link.target}`, link.key]),
    );
    const ids = new Set(tags.map((tag) => tag.attributes.get('id')));
    for (const link of SKIP_LINKS) expect(ids, `#${link.target}`).toContain(link.target);
  });

  it('read as eMAG writes them, each with its key', () => {
    const names = byRole(one(page('/about'), 'navigation', 'Atalhos'), 'link').map((link) => textOf(link));
    expect(names).toEqual(SKIP_LINKS.map((link) => `${link.label} ${link.key}`));
  });

  it('land on elements that take the focus: the main content, the menus, the search entry and the footer', () => {
    const document = page('/about');
    expect(document.getElementById('conteudo')?.tagName).toBe('MAIN');
    expect(document.getElementById('menu')?.getAttribute('tabindex')).toBe('-1');
    expect(document.getElementById('busca')?.matches('a[href="/busca"]')).toBe(true);
    expect(document.getElementById('rodape')?.matches('footer[tabindex="-1"]')).toBe(true);
  });
});

it.each(['/', '/tour/101', '/agenda', '/busca', '/404'])(
  '%s shows the symbol of access in its header, before any script runs, leading to /acessibilidade (LBI art. 63 § 1)',
  (sitePath) => {
    const header = page(sitePath).querySelector('header.site-header') as Element;
    const symbol = one(header, 'link', 'Acessibilidade');
    expect(symbol.getAttribute('href')).toBe('/acessibilidade');
    expect(symbol.closest('.js-only, .drawer, [hidden]')).toBeNull();
    expect(symbol.querySelector('svg')).not.toBeNull();
  },
);

it.each(['/', '/contato', '/privacidade', '/tour/101', '/event/401', '/dados', '/busca', '/news/1008', '/404'])(
  '%s names each landmark apart and keeps every link inside one, Voltar ao topo too',
  (sitePath) => {
    const document = page(sitePath);
    for (const role of ['region', 'navigation', 'form', 'search'] as const) {
      const names = byRole(document, role).map(accessibleName);
      expect(
        names.filter((name, index) => names.indexOf(name) !== index),
        `${role}s named alike`,
      ).toEqual([]);
    }
    const LANDMARKS =
      'main, header, footer, nav, aside, section[aria-label], section[aria-labelledby], form, search, [role="search"], [role="region"]';
    const outside = byRole(document, 'link').filter((link) => !link.parentElement?.closest(LANDMARKS));
    expect(outside.map(accessibleName)).toEqual([]);
    expect(one(document.querySelector('main') as Element, 'link', 'Voltar ao topo').getAttribute('href')).toBe('#top');
  },
);

it("the header's 'Alto contraste' is a toggle button, shown only where JavaScript runs", () => {
  const toggle = one(page('/'), 'button', 'Alto contraste');
  expect(toggle.getAttribute('aria-pressed')).toBe('false');
  expect(toggle.classList.contains('js-only')).toBe(true);
});

describe('/acessibilidade', () => {
  const statement = () => page('/acessibilidade').querySelector('main') as Element;

  it('names the standard, the access keys by browser, the contrast mode, the text size and what works offline', () => {
    const text = textOf(statement());
    for (const words of [
      'WCAG) 2.2, nível AA',
      'ABNT NBR 17225:2025',
      'eMAG 3.1',
      'Lei 13.146/2015, art. 63',
      'Alt + n',
      'Alt + Shift + n',
      'Control + Option + n',
      'Alto contraste',
      'zoom do navegador',
      'Você está offline',
    ]) {
      expect(text).toContain(words);
    }
    for (const link of SKIP_LINKS) expect(text).toContain(`${link.key} – ${link.label}`);
  });

  it('says what is known not to meet it, and gives the tourist office to write to', () => {
    expect(one(statement(), 'heading', 'O que ainda não está acessível', { level: 2 })).toBeTruthy();
    expect(textOf(statement())).toContain('sem descrição');
    const contact = byRole(statement(), 'link').map((link) => link.getAttribute('href') ?? '');
    expect(contact).toContain('/contato');
    expect(contact.some((href) => href.startsWith('mailto:'))).toBe(true);
  });

  it('has no script of its own and, VLIBRAS being unset, no word on Libras', () => {
    expect(textOf(statement())).not.toContain('Libras');
    expect(statement().querySelector('script')).toBeNull();
  });
});

it('no page mentions the VLibras widget when VLIBRAS is unset, nor does the host headers file', () => {
  const mentions = PAGES.filter((sitePath) => /vlibras/i.test(source(sitePath)));
  expect(mentions).toEqual([]);
  expect(readFileSync(path.join(DIST, '_headers'), 'utf8')).not.toMatch(/vlibras/i);
});
