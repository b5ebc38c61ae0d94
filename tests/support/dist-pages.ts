/**
 * The static HTML of the sample build in dist/, read without a browser (the Vitest project `html`,
 * tests/html). Each page is read and parsed once per test file (jsdom, scripts off), and queried with
 * helpers that follow the roles and names the end-to-end tests use: what a page says does not depend
 * on a browser or a width, so it is checked here; what a visitor does stays in tests/e2e.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { DIST } from './dist-dir.ts';

export { DIST };

/** Throws, saying what to run, when `dist` holds no build (the html project's globalSetup calls it). */
export function assertBuilt(dist: string = DIST): void {
  if (!existsSync(path.join(dist, 'index.html')) || !existsSync(path.join(dist, 'build-manifest.json'))) {
    throw new Error(
      `${dist} holds no site build: run \`npm run build:sample\` first (the html tests read the sample build's static HTML).`,
    );
  }
}

/** The file Astro wrote for a site path (`build.format: 'file'`): `/` is index.html, `/tour/101` tour/101.html. */
export function fileOf(sitePath: string): string {
  const pathname = decodeURIComponent(new URL(sitePath, 'http://x').pathname);
  if (pathname === '/') return 'index.html';
  if (/\.\w+$/.test(pathname)) return pathname.slice(1);
  return `${pathname.slice(1).replace(/\/$/, '')}.html`;
}

const sources = new Map<string, string>();
const documents = new Map<string, Document>();

/** The raw text of a file of dist/ (a page by its site path, or any file by its path). */
export function source(sitePath: string): string {
  const file = fileOf(sitePath);
  let text = sources.get(file);
  if (text === undefined) {
    assertBuilt();
    const full = path.join(DIST, file);
    if (!existsSync(full)) throw new Error(`dist/ has no ${file} for ${sitePath}`);
    text = readFileSync(full, 'utf8');
    sources.set(file, text);
  }
  return text;
}

/** The parsed page of a site path (the query and hash are ignored: the host serves the same file). */
export function page(sitePath: string): Document {
  const file = fileOf(sitePath);
  let document = documents.get(file);
  if (!document) {
    document = new JSDOM(source(sitePath)).window.document;
    documents.set(file, document);
  }
  return document;
}

/** Text as a visitor reads it: whitespace collapsed and trimmed. */
export const textOf = (node: Node | null | undefined): string => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * Out of the accessibility tree in the static HTML: under `hidden`, `aria-hidden="true"` or an inline
 * `display: none`, or in a closed <details> outside its <summary> (the header's drawer, a collapsed card).
 */
export function isHidden(element: Element): boolean {
  if (element.closest('[hidden], [aria-hidden="true"], [style*="display: none"], [style*="display:none"]')) return true;
  for (let details = element.closest('details'); details; details = details.parentElement?.closest('details') ?? null) {
    const summary = details.querySelector(':scope > summary');
    if (!details.hasAttribute('open') && !summary?.contains(element)) return true;
  }
  return false;
}

/** The text of a node for an accessible name: hidden parts left out, an image counted by its alt. */
function nameText(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1) return '';
  const element = node as Element;
  if (element.getAttribute('aria-hidden') === 'true' || element.hasAttribute('hidden')) return '';
  if (element.tagName === 'IMG') return element.getAttribute('alt') ?? '';
  if (element.tagName === 'svg' || element.tagName === 'SVG') return '';
  return [...element.childNodes].map(nameText).join('');
}

/**
 * Elements whose role takes its name from their content when they have no label, as browsers name
 * them: a list, a region, a form or a navigation without a label has no name (a menu's list is not
 * named by its links' text).
 */
const NAMED_BY_CONTENT =
  'a, button, h1, h2, h3, h4, h5, h6, summary, option, td, th, [role="button"], [role="link"], [role="heading"], [role="tab"], [role="menuitem"], [role="option"]';

/** The accessible name (aria-labelledby, aria-label, else its text where its role allows), as getByRole's `name` reads it. */
export function accessibleName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    return labelledBy
      .split(/\s+/)
      .map((id) => {
        const label = element.ownerDocument.getElementById(id);
        return label ? nameText(label) : '';
      })
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  }
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  if (element.tagName === 'IMG') return (element.getAttribute('alt') ?? '').trim();
  if (element.tagName === 'INPUT' || element.tagName === 'SELECT' || element.tagName === 'TEXTAREA') {
    const id = element.getAttribute('id');
    const labelFor = id ? element.ownerDocument.querySelector(`label[for="${id}"]`) : null;
    const wrapping = element.closest('label');
    return ((labelFor ?? wrapping) ? nameText((labelFor ?? wrapping) as Element) : '').replace(/\s+/g, ' ').trim();
  }
  return element.matches(NAMED_BY_CONTENT) ? nameText(element).replace(/\s+/g, ' ').trim() : '';
}

type Name = string | RegExp;
type Scope = Document | Element;

/** `name` as getByRole matches it: a string is a case-sensitive whole name with `exact`, else a case-insensitive part. */
function matchesName(actual: string, name: Name | undefined, exact: boolean): boolean {
  if (name === undefined) return true;
  if (name instanceof RegExp) return name.test(actual);
  return exact ? actual === name : actual.toLowerCase().includes(name.toLowerCase());
}

const ROLE_SELECTORS = {
  heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
  link: 'a[href], [role="link"]',
  button: 'button, [role="button"], input[type="submit"], input[type="button"]',
  region: 'section[aria-label], section[aria-labelledby], [role="region"]',
  navigation: 'nav, [role="navigation"]',
  listitem: 'li, [role="listitem"]',
  article: 'article, [role="article"]',
  alert: '[role="alert"]',
  form: 'form[aria-label], form[aria-labelledby], [role="form"]',
  searchbox: 'input[type="search"], [role="searchbox"]',
  search: 'search, form[role="search"], [role="search"]',
  img: 'img[alt]:not([alt=""]), [role="img"]',
  list: 'ul, ol, [role="list"]',
  main: 'main, [role="main"]',
} as const;

export type Role = keyof typeof ROLE_SELECTORS;

/** The elements of `role` under `scope` that are in the accessibility tree, like Playwright's getByRole. */
export function byRole(
  scope: Scope,
  role: Role,
  options: { name?: Name; exact?: boolean; level?: number; includeHidden?: boolean } = {},
): Element[] {
  return [...scope.querySelectorAll(ROLE_SELECTORS[role])].filter((element) => {
    if (!options.includeHidden && isHidden(element)) return false;
    if (options.level !== undefined) {
      const level = Number(element.getAttribute('aria-level') ?? element.tagName.slice(1));
      if (level !== options.level) return false;
    }
    return matchesName(accessibleName(element), options.name, options.exact ?? false);
  });
}

/**
 * The one element of `role` named `name` under `scope` (a whole name by default); fails when there is
 * none or more than one. `includeHidden` counts the content of a closed <details> too (the filter panel).
 */
export function one(
  scope: Scope,
  role: Role,
  name: Name,
  options: { exact?: boolean; level?: number; includeHidden?: boolean } = {},
): Element {
  const found = byRole(scope, role, { ...options, name, exact: options.exact ?? true });
  if (found.length !== 1) throw new Error(`${found.length} ${role} elements named ${String(name)}, expected one`);
  return found[0] as Element;
}

/** The form controls labelled `label` (a <label> or aria-label), like Playwright's getByLabel. */
export function byLabel(scope: Scope, label: Name, options: { exact?: boolean } = {}): HTMLInputElement[] {
  return [...scope.querySelectorAll<HTMLInputElement>('input, select, textarea')].filter((control) => {
    const labels = [...(control.labels ?? [])].map((element) => nameText(element).replace(/\s+/g, ' ').trim());
    const aria = control.getAttribute('aria-label');
    return [...labels, ...(aria ? [aria] : [])].some((name) => matchesName(name, label, options.exact ?? false));
  });
}

/** The region (a named section) with this exact name. */
export const region = (scope: Scope, name: Name): Element => one(scope, 'region', name);

/**
 * The innermost elements whose text is `text`, like Playwright's getByText: a string matches the whole
 * text with `exact`, else a case-insensitive part of it; a RegExp is tested against the text. Hidden
 * elements are left out unless `includeHidden` (getByText counts them: use it to check a text is absent).
 */
export function byText(scope: Scope, text: Name, options: { exact?: boolean; includeHidden?: boolean } = {}): Element[] {
  const matches = (element: Element) => {
    const content = textOf(element);
    if (text instanceof RegExp) return text.test(content);
    return options.exact ? content === text : content.toLowerCase().includes(text.toLowerCase());
  };
  return [...scope.querySelectorAll('body *, :scope *')].filter(
    (element) =>
      !['SCRIPT', 'STYLE', 'TEMPLATE'].includes(element.tagName) &&
      (options.includeHidden || !isHidden(element)) &&
      matches(element) &&
      ![...element.children].some((child) => matches(child)),
  );
}

/** The page's JSON-LD blocks, parsed, in order. */
export function jsonLd(document: Document): Record<string, unknown>[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>,
  );
}

/** The attribute of every element matching `selector` under `scope`. */
export const attributes = (scope: Scope, selector: string, name: string): (string | null)[] =>
  [...scope.querySelectorAll(selector)].map((element) => element.getAttribute(name));

/**
 * Puts the body of the built page of `address` in the test's own document (a jsdom test file, where a
 * browser module runs on it), at that address; `before` changes it first, as a visitor can before a
 * module comes. The page's scripts do not run: the test starts the module it checks.
 */
export function showBuiltPage(address: string, before?: (body: HTMLElement) => void): void {
  const { body } = new DOMParser().parseFromString(source(address), 'text/html');
  before?.(body);
  document.body.replaceWith(document.importNode(body, true));
  window.history.replaceState(null, '', address);
}
