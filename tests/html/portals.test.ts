/**
 * The news and testimonials pages (docs/product.md) in the static HTML of the sample build: the
 * fallbacks of records that miss data, and robots.txt. The portals' behaviour, what each width shows
 * and the accessibility sweep are tests/e2e/portals.spec.ts and portal-behaviour.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { byRole, byText, one, page, source, textOf } from '../support/dist-pages.ts';

/** A testimonial's sheet, the article that holds it (the page has one). */
const sheet = (path: string): Element => {
  const found = page(path).querySelector('article.sheet');
  if (!found) throw new Error(`${path} has no article.sheet`);
  return found;
};

describe('fallbacks and sample records that miss data', () => {
  it('a news article at or below id 1000 has no blog button; the default author is Redação', () => {
    expect(byRole(page('/news/987'), 'link', { name: /Ler matéria completa no blog/ })).toEqual([]);
    expect(textOf(one(page('/news/1207'), 'list', 'Sobre a notícia'))).toContain('Por Redação');
  });

  it('a news article without image shows the placeholder, as decoration', () => {
    const hero = page('/news/1102').querySelector('img.hero');
    expect(hero?.getAttribute('src')).toBe('/images/news-placeholder.svg');
    expect(hero?.getAttribute('alt')).toBe('');
  });

  it('an anonymous testimonial without photo shows initials; an audio one reads Mensagem de áudio', () => {
    expect(textOf(one(page('/testimonials/1008'), 'heading', 'Depoimento de Anônimo', { level: 1 }))).toBe(
      'Depoimento de Anônimo',
    );
    expect(textOf(sheet('/testimonials/1008')?.querySelector('.initials'))).toBe('A');
    expect(byRole(sheet('/testimonials/1008'), 'img', { name: 'Nota 3 de 5' })).toHaveLength(1);
    expect(textOf(sheet('/testimonials/1023')?.querySelector('blockquote'))).toBe('Mensagem de áudio');
    expect(textOf(sheet('/testimonials/1023')?.querySelector('.initials'))).toBe('EL');
  });

  it('a rating of 0 is shown as such, not replaced by a default', () => {
    expect(byRole(sheet('/testimonials/1021'), 'img', { name: 'Nota 0 de 5' })).toHaveLength(1);
  });
});

it('robots.txt allows everything and points at the sitemap index', () => {
  const robots = source('/robots.txt');
  expect(robots).toContain('User-agent: *');
  expect(robots).toContain('Allow: /');
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap-index\.xml$/m);
});

// The sample's news have categories enough for a row of chips; its testimonials, a single kind, have none.
it.each([
  ['/news', 1],
  ['/testimonials', 0],
])('%s offers its search and its chips only where scripts run: the static page could apply neither', (sitePath, rows) => {
  const document = page(sitePath);
  const [form] = byRole(document, 'search');
  expect(form?.querySelector('input[name="q"]')).not.toBeNull();
  expect(form?.closest('.js-only')).not.toBeNull();
  const chipRows = [...document.querySelectorAll('ul.chip-row')].filter((row) => row.querySelector('[data-chip]'));
  expect(chipRows).toHaveLength(rows);
  for (const row of chipRows) expect(row.closest('.js-only')).not.toBeNull();
  expect(byText(document, /precisam de JavaScript/, { includeHidden: true })).toEqual([]);
});
