/** schema.org JSON-LD helpers for BaseLayout's `jsonLd` prop. */
import { canonicalPath } from './paths.ts';
import { SITE } from './site.ts';

/** An absolute URL on the site for a path or an already absolute URL. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${SITE.siteUrl}/`).href;
}

/** The absolute canonical URL of a page path. */
export function canonicalUrl(pathname: string): string {
  return absoluteUrl(canonicalPath(pathname));
}
