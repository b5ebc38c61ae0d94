import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { accessibleName, assertBuilt, byLabel, byRole, byText, fileOf, isHidden, one } from '../support/dist-pages.ts';

describe('fileOf: the file of dist/ a site path is served from', () => {
  it.each([
    ['/', 'index.html'],
    ['/tour/101', 'tour/101.html'],
    ['/all-tours?experience=Ecoturismo', 'all-tours.html'],
    ['/news/', 'news.html'],
    ['/sitemap-0.xml', 'sitemap-0.xml'],
    ['/experi%C3%AAncia', 'experiência.html'],
  ])('%s → %s', (sitePath, file) => {
    expect(fileOf(sitePath)).toBe(file);
  });
});

describe('assertBuilt', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails on a folder with no build, saying to run the sample build', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    expect(() => assertBuilt(dir)).toThrow(/run `npm run build:sample`/);
  });

  it('passes on a folder with a page and the build manifest', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'build-manifest.json'), '{}');
    expect(() => assertBuilt(dir)).not.toThrow();
  });
});

describe('queries by role, name, label and text, as the end-to-end tests read a page', () => {
  const { document } = new JSDOM(`<main>
    <section aria-labelledby="t"><h2 id="t">Preço <svg aria-hidden="true"></svg></h2>
      <a href="/a">Como chegar<span class="visually-hidden"> (abre em nova aba)</span></a>
      <a href="/b" aria-label="Instagram"><img alt="logo"></a></section>
    <details><summary>Filtros</summary><form aria-label="Filtros"><label>Mínimo <input name="min"></label></form></details>
    <p hidden>Escondido</p><div aria-hidden="true"><button>Fechar</button></div>
    <nav><ul><li><a href="/#experiencias">Experiências</a></li></ul></nav>
  </main>`).window;

  it('names an element by aria-labelledby, aria-label or its text, leaving hidden parts out', () => {
    expect(accessibleName(document.querySelector('section') as Element)).toBe('Preço');
    expect(byRole(document, 'link').map(accessibleName)).toEqual(['Como chegar (abre em nova aba)', 'Instagram', 'Experiências']);
  });

  it('names by its text only a role that takes its name from its content: not a list or a navigation', () => {
    expect(byRole(document, 'link', { name: 'Experiências' })).toHaveLength(1);
    expect(byRole(document, 'list', { name: 'Experiências' })).toEqual([]);
    expect(byRole(document, 'navigation', { name: 'Experiências' })).toEqual([]);
    expect(byRole(document, 'list').map(accessibleName)).toEqual(['']);
  });

  it('matches a name as getByRole does: whole with exact, else a part in any case, or a RegExp', () => {
    expect(byRole(document, 'link', { name: 'Como chegar', exact: true })).toHaveLength(0);
    expect(byRole(document, 'link', { name: 'como chegar' })).toHaveLength(1);
    expect(byRole(document, 'region', { name: /^Preço$/ })).toHaveLength(1);
    expect(() => one(document, 'link', 'Nada')).toThrow(/0 link elements/);
  });

  it('leaves out what is hidden, or in a closed <details> outside its summary, unless asked', () => {
    expect(isHidden(document.querySelector('summary') as Element)).toBe(false);
    expect(isHidden(document.querySelector('form') as Element)).toBe(true);
    expect(byRole(document, 'form')).toHaveLength(0);
    expect(byRole(document, 'form', { includeHidden: true })).toHaveLength(1);
    expect(byRole(document, 'button')).toHaveLength(0);
    expect(byText(document, 'Escondido')).toHaveLength(0);
    expect(byText(document, 'Escondido', { includeHidden: true })).toHaveLength(1);
  });

  it('finds a control by its label, and the innermost element of a text', () => {
    expect(byLabel(document, 'Mínimo').map((input) => input.name)).toEqual(['min']);
    expect(byText(document, 'Preço', { exact: true }).map((element) => element.tagName)).toEqual(['H2']);
  });
});
