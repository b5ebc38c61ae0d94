/** schema.org JSON-LD helpers for BaseLayout's `jsonLd` prop. */
import { SITE } from './site.ts';

/** An absolute URL on the site for a path or an already absolute URL. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${SITE.siteUrl}/`).href;
}

/**
 * The one form of a page's path: no '.html', no 'index', no trailing slash ('/all-tours',
 * '/tour/101', '/'). Pages are built as files (build.format 'file'), so static hosts serve this
 * path without a redirect, and links, canonical URLs, JSON-LD and share links all use it.
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/(?:\/index)?\.html$/, '').replace(/\/+$/, '');
  return path === '' || path === '/index' ? '/' : path;
}

/** The absolute canonical URL of a page path. */
export function canonicalUrl(pathname: string): string {
  return absoluteUrl(canonicalPath(pathname));
}
