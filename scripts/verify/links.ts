/**
 * The links gate: every internal link and asset of every page (and every url() of the
 * stylesheets, every page of the sitemaps) resolves to a file of the built site, as a static host serves it; a link to an
 * anchor of one of our pages finds that anchor. Links to other sites are not fetched (the gate
 * runs offline and their state is not ours to publish or hold back).
 */
import type { Tag } from '../../src/integrations/html-scan.ts';
import { pagePathOf } from '../../src/integrations/site-files.ts';
import { isOwnSiteUrl } from '../../src/lib/visitor-links.ts';
import { AT_THE_SOURCE, isPageFile, pageName, TECHNICAL } from './editor.ts';
import type { Problem } from './problem.ts';

/** Where a tag refers to another resource. */
const REFERENCES: Record<string, string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  script: ['src'],
  iframe: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  form: ['action'],
  use: ['href', 'xlink:href'],
};
/** Share metadata whose URLs are the site's own pages and images. */
const META_URLS = new Set(['og:url', 'og:image', 'twitter:image']);

/** The references of a `srcset` (`a.avif 400w, b.avif 800w` → both URLs). */
export function srcsetUrls(value: string): string[] {
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/** Every URL a page refers to, with the tag that refers to it; anchors-only (`#x`) are kept for the anchor check. */
export function referencesOf(tags: readonly Tag[]): { url: string; tag: string; isNavigation: boolean }[] {
  const references: { url: string; tag: string; isNavigation: boolean }[] = [];
  for (const tag of tags) {
    if (tag.name === 'link' && /\b(preconnect|dns-prefetch)\b/i.test(tag.attributes.get('rel') ?? '')) continue;
    for (const attribute of REFERENCES[tag.name] ?? []) {
      const value = tag.attributes.get(attribute);
      if (value === undefined || value.trim() === '') continue;
      const urls = attribute === 'srcset' ? srcsetUrls(value) : [value.trim()];
      for (const url of urls) references.push({ url, tag: tag.name, isNavigation: tag.name === 'a' || tag.name === 'area' });
    }
    if (tag.name === 'meta') {
      const property = tag.attributes.get('property') ?? tag.attributes.get('name') ?? '';
      const content = tag.attributes.get('content');
      if (META_URLS.has(property) && content)
        references.push({ url: content.trim(), tag: `meta ${property}`, isNavigation: false });
    }
  }
  return references;
}

/** The url() and @import references of a stylesheet. */
export function cssReferences(css: string): string[] {
  const urls: string[] = [];
  for (const match of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')/g)) {
    const url = match[1] ?? match[2] ?? match[3] ?? match[4] ?? match[5] ?? '';
    if (url) urls.push(url);
  }
  return urls;
}

const PLACEHOLDER_ORIGIN = 'http://site.invalid';

const decodeXml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '',
  );

/**
 * The site path and anchor a reference points to, or null when it is not ours (another site,
 * mailto:, tel:, data:, the scripts gate's javascript:).
 */
export function internalTarget(
  url: string,
  fromPath: string,
  siteOrigin: string | null,
): { path: string; anchor: string } | null {
  if (/^(mailto|tel|sms|data|blob|javascript|about):/i.test(url)) return null;
  let resolved: URL;
  try {
    resolved = new URL(url, `${PLACEHOLDER_ORIGIN}${fromPath}`);
  } catch {
    return { path: url, anchor: '' };
  }
  // Our own address as the sync and the pages tell it (isOwnSiteUrl): its host with or without `www.`
  // and a trailing dot, either scheme; a lookalike ('<site>.evil.example') is another site.
  const isOurs = resolved.origin === PLACEHOLDER_ORIGIN || (siteOrigin !== null && isOwnSiteUrl(resolved.href, siteOrigin));
  if (!isOurs) return null;
  return { path: resolved.pathname, anchor: decodeURIComponent(resolved.hash.slice(1)) };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** 'a, b e c' */
const listWords = (words: readonly string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} e ${words.at(-1)}` : (words[0] ?? '');

/** Where a link is, for editors: 'na página /about', 'nas páginas /about e / (e mais 2)', 'no arquivo sitemap-0.xml'. */
function placesWords(files: readonly string[], shown: number): string {
  const parts: string[] = [];
  const pages = files.filter(isPageFile);
  const others = files.filter((file) => !isPageFile(file));
  const more = (count: number) => (count > shown ? ` (e mais ${count - shown})` : '');
  if (pages.length === 1) parts.push(`na página ${pageName(pages[0] ?? '')}`);
  if (pages.length > 1) parts.push(`nas páginas ${listWords(pages.slice(0, shown).map(pagePathOf))}${more(pages.length)}`);
  if (others.length > 0) {
    parts.push(
      `${others.length === 1 ? 'no arquivo' : 'nos arquivos'} ${listWords(others.slice(0, shown))}${more(others.length)}`,
    );
  }
  return listWords(parts);
}

/**
 * A broken link for editors: the link and the pages that have it. One in a page may come from an item's
 * text (a link to an item that left the site); one only in the site's own files is the build's.
 */
function brokenLinkForEditors(target: string, sources: readonly string[]): string {
  const link = `O link para ${target}, ${placesWords(sources, 3)}, leva a um endereço que não existe no site.`;
  return sources.some(isPageFile)
    ? `${link} Se o link está no texto de um item, corrija-o ou retire-o ${AT_THE_SOURCE}. Se não está, ${lowerFirst(TECHNICAL)}`
    : `${link} ${TECHNICAL}`;
}

export interface PageLinks {
  /** File of the page, relative to dist/. */
  file: string;
  /** Path the page is served at. */
  path: string;
  tags: readonly Tag[];
}

/**
 * Broken references across all pages and stylesheets, one problem per missing target (with how
 * many pages refer to it and a few of them), so a broken header link is one line, not hundreds.
 */
export function checkLinks(options: {
  pages: readonly PageLinks[];
  stylesheets: readonly { file: string; css: string }[];
  /** The sitemaps (`sitemap-*.xml`): every page they list must exist. */
  sitemaps?: readonly { file: string; xml: string }[];
  /** The file a site path is served from, or null. */
  resolve: (sitePath: string) => string | null;
  /** The site's canonical origin: absolute links to it are internal too. */
  siteOrigin: string | null;
}): Problem[] {
  const idsByFile = new Map<string, Set<string>>();
  for (const page of options.pages) {
    const ids = new Set<string>();
    for (const tag of page.tags) {
      const id = tag.attributes.get('id');
      if (id) ids.add(id);
      const name = tag.name === 'a' ? tag.attributes.get('name') : undefined;
      if (name) ids.add(name);
    }
    idsByFile.set(page.file, ids);
  }

  const broken = new Map<string, Set<string>>();
  const report = (target: string, from: string) => {
    const sources = broken.get(target) ?? new Set<string>();
    sources.add(from);
    broken.set(target, sources);
  };

  for (const page of options.pages) {
    for (const reference of referencesOf(page.tags)) {
      const target = internalTarget(reference.url, page.path, options.siteOrigin);
      if (!target) continue;
      const file = options.resolve(target.path);
      if (!file) {
        report(target.path, page.file);
        continue;
      }
      // Anchors are checked on pages only: '#top' style links that scripts handle are still ids. An SVG <use>
      // draws the page's own sprite icon (IconSprite.astro): its target must be in the page too.
      if ((reference.isNavigation || reference.tag === 'use') && target.anchor && file.endsWith('.html')) {
        const ids = idsByFile.get(file);
        if (ids && !ids.has(target.anchor)) report(`${target.path}#${target.anchor}`, page.file);
      }
    }
  }
  for (const sitemap of options.sitemaps ?? []) {
    for (const match of sitemap.xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
      const target = internalTarget(decodeXml(match[1] ?? ''), '/', options.siteOrigin);
      // The index lists the sitemaps themselves, which are files like any other.
      if (target && !options.resolve(target.path)) report(target.path, sitemap.file);
    }
  }
  for (const sheet of options.stylesheets) {
    for (const url of cssReferences(sheet.css)) {
      const target = internalTarget(url, `/${sheet.file}`, null);
      if (target && !options.resolve(target.path)) report(target.path, sheet.file);
    }
  }

  return [...broken].map(([target, sources]) => {
    const list = [...sources];
    const examples = list.slice(0, 3).join(', ') + (list.length > 3 ? ` and ${list.length - 3} more` : '');
    return {
      gate: 'links' as const,
      message: `${target} does not exist (linked from ${examples}).`,
      editor: brokenLinkForEditors(target, list),
    };
  });
}
