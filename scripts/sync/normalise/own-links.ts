/**
 * Upstream links to the portal's own address (SITE_URL). A blog or a provider on the portal's domain
 * writes `https://<site>/tour/101/`, `…/all-tours/` or `…/tour/999999` (a tour since removed); the
 * deploy gate treats every such link as one of ours (scripts/verify/links.ts, hosting.ts) and refuses
 * the build for any that is not the one form of a page that exists.
 *
 * The sanitiser runs per record, before the sync knows which pages the build will have, so links in
 * HTML are settled here once every collection is (scripts/sync/run/publish.ts): each becomes its page's one
 * form (`canonicalPath`, src/lib/seo.ts), site-relative like every link the site writes, or, when no
 * such page will be built, loses its link and keeps its words. A link field (a website, a video, a
 * social profile, a post's address) on the portal's address is not the provider's or the blog's own:
 * it is left out when the record is normalised (`notOwnSite`), and so is a link a visitor follows
 * that goes to a host that is not public, to a lookalike of the portal's host, or (a social icon)
 * off its network (`checkedVisitorLink`, the rule of src/lib/visitor-links.ts).
 */

import { canonicalPath } from '../../../src/lib/paths.ts';
import type { SocialLinks } from '../../../src/lib/schemas/index.ts';
import { isOwnSiteUrl, type LinkNetwork, visitorLinkRefusal } from '../../../src/lib/visitor-links.ts';
import type { NoteDetail, RecordContext, RecordNote } from './context.ts';
import { noteField } from './fields.ts';
import { rewriteLinks } from './html.ts';
import { quoted } from './values.ts';

/** What decides a link to the portal itself: its address and the pages the build will have. */
export interface OwnSite {
  /** SITE_URL: http(s) links on its host (and port) are the portal's own. */
  siteUrl: string;
  /** Every page path of the build in the one form: '/', '/all-tours', '/tour/101'. */
  pages: ReadonlySet<string>;
}

/** SITE_URL's links, as the pages and the gate tell them too (src/lib/visitor-links.ts): its host with or without `www.`. */
export { isOwnSiteUrl };

/** What a link lost, as a record note says it. */
interface LinkNote extends NoteDetail {
  reason: string;
}

/** An own link settled: the href it gets (null: the link is unwrapped) and, when something was lost, why. */
interface OwnLink {
  href: string | null;
  note: LinkNote | null;
}

/**
 * The note of a link that lost something: 'link "…": no page "/tour/9" on this site; its words kept'.
 * The editors are shown `shown`: a link to a page of the portal by its path, which the reports would
 * otherwise cut to its host (src/lib/status/excerpt.ts), and the path is what to fix.
 */
function linkNote(href: string, problem: NoteDetail['problem'], what: string, shown = href): LinkNote {
  return { reason: `link ${quoted(href)}: ${what}`, field: 'link', problem, value: quoted(shown) };
}

/**
 * What a link of sanitised upstream HTML becomes when it points at the portal: the one form of its
 * page with its query (a fragment is dropped: the sync cannot know which anchors a page of ours will
 * have, and the gate refuses a missing one), or no link when no such page will be built. Undefined
 * for a link elsewhere, which stays as it is. A site-relative href ('/tour/101') can only be one this
 * function wrote on an earlier night (the sanitiser resolves or drops every relative link): it is
 * checked again, since its page may be gone.
 */
export function ownLinkTarget(href: string, site: OwnSite): OwnLink | undefined {
  const value = href.trim();
  const isSiteRelative = value.startsWith('/') && !value.startsWith('//');
  if (!isSiteRelative && !isOwnSiteUrl(value, site.siteUrl)) return undefined;
  const url = URL.parse(value, site.siteUrl);
  // '/\\host' is another host to a browser: not ours, and not a page of ours either.
  if (!url || !isOwnSiteUrl(url.href, site.siteUrl))
    return { href: null, note: linkNote(value, 'link-not-a-page', 'not a page of this site; its words kept') };
  let path: string;
  try {
    path = canonicalPath(decodeURIComponent(url.pathname));
  } catch {
    path = url.pathname;
  }
  if (!site.pages.has(path))
    return {
      href: null,
      note: linkNote(value, 'link-not-a-page', `no page ${quoted(path)} on this site; its words kept`, `${path}${url.search}`),
    };
  const target = `${path}${url.search}`;
  const fragment = url.hash.length > 1 ? url.hash : '';
  return {
    href: target,
    note: fragment
      ? linkNote(
          value,
          'link-anchor-dropped',
          `anchor ${quoted(fragment)} left out (the page's anchors are not known); links to ${target}`,
          `${target}${fragment}`,
        )
      : null,
  };
}

/** Sanitised HTML with its links to the portal settled (`ownLinkTarget`), and a note per link changed for the worse. */
export function ownLinksInHtml(html: string, site: OwnSite): { html: string; notes: LinkNote[] } {
  const notes: LinkNote[] = [];
  if (!html.includes('<a')) return { html, notes };
  const rewritten = rewriteLinks(html, (href) => {
    const link = ownLinkTarget(href, site);
    if (link?.note) notes.push(link.note);
    return link?.href;
  });
  return { html: rewritten, notes };
}

/**
 * `value` with every sanitised-HTML field passed through `rewrite`: the fields named `…Html` at any
 * depth (a FAQ's `answerHtml` too) and every string of an item's `info` block (ItemInfoSchema),
 * as the schemas of src/lib/schemas/ name them.
 */
export function mapHtmlFields<T>(value: T, rewrite: (html: string) => string): T {
  const walk = (node: unknown, isHtml: boolean): unknown => {
    if (typeof node === 'string') return isHtml ? rewrite(node) : node;
    if (Array.isArray(node)) return node.map((entry) => walk(entry, isHtml));
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, entry]) => [key, walk(entry, isHtml || key.endsWith('Html') || key === 'info')]),
      );
    }
    return node;
  };
  return walk(value, false) as T;
}

/** Entries with the links of their HTML fields to the portal settled, and a note per record for each link changed for the worse. */
export function ownLinksInEntries<Entry extends { id: string }>(
  entries: readonly Entry[],
  site: OwnSite,
): { entries: Entry[]; notes: RecordNote[] } {
  const notes: RecordNote[] = [];
  const settled = entries.map((entry) =>
    mapHtmlFields(entry, (html) => {
      const result = ownLinksInHtml(html, site);
      for (const note of result.notes) notes.push({ id: entry.id, ...note });
      return result.html;
    }),
  );
  return { entries: settled, notes };
}

/**
 * A link field checked by `webUrl` (a website, a video, a post's address): null, with a note, when it
 * is on the portal's own address, which is no provider's or blog's own site (and, as a link of ours,
 * would be held to the gate's rules for our pages); else as it was.
 */
export function notOwnSite(url: string | null, label: string, context: Pick<RecordContext, 'siteUrl' | 'note'>): string | null {
  if (url === null || !context.siteUrl || !isOwnSiteUrl(url, context.siteUrl)) return url;
  noteField(context, label, url, 'own-site-address', "on the portal's own address (SITE_URL); left out");
  return null;
}

/**
 * A link a visitor follows to another site (a provider's or the office's site, a video, a social
 * profile of `network`), checked by the one rule of the pages and the gate (visitorLinkRefusal,
 * src/lib/visitor-links.ts): null, with a note, when it is on the portal's own address, on a host
 * that is not public, a lookalike of the portal's host, or (a social icon) off its network's domains;
 * else as it was. The record keeps its other fields.
 */
export function checkedVisitorLink(
  url: string | null,
  label: string,
  context: Pick<RecordContext, 'siteUrl' | 'note'>,
  network?: LinkNetwork,
): string | null {
  if (url === null) return null;
  const refusal = visitorLinkRefusal(url, { siteUrl: context.siteUrl, network });
  if (!refusal) return url;
  noteField(context, label, url, refusal.problem, refusal.reason);
  return null;
}

/** Social links without those a visitor may not be sent to (`checkedVisitorLink`, each to its own network). */
export function checkedSocialLinks(
  links: SocialLinks,
  label: string,
  context: Pick<RecordContext, 'siteUrl' | 'note'>,
): SocialLinks {
  const kept = { ...links };
  for (const network of Object.keys(links) as (keyof SocialLinks)[]) {
    kept[network] = checkedVisitorLink(links[network], `${label}.${network}`, context, network);
  }
  return kept;
}
