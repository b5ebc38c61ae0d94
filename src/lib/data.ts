/**
 * The snapshot's collections, read once per build (at module top level) and handed to pages as
 * plain typed arrays. Pages stay thin: they pick from here and call pure helpers.
 */
import { getCollection } from 'astro:content';
import { ENTITIES } from './entities.ts';
import { byEventDate } from './facts.ts';
import { projectDir } from './project-dirs.ts';
import { promotionGroups } from './promotions.ts';
import { type City, type CollectionStatus, fallbackCity, ITEM_KINDS, type Item, type ItemKind } from './schemas/index.ts';

import { BUILT_AT, SITE } from './site.ts';
import { readRefusal } from './status/refusal.ts';

export { BUILT_AT, SITE };

const data = <T>(entries: { data: T }[]) => entries.map((entry) => entry.data);

const cities = await getCollection('city');

/** The configured city; the fallback city when the snapshot has none. */
export const CITY: City = cities[0]?.data ?? fallbackCity({ name: SITE.cityName, state: SITE.cityState });

/** Every item that has a page, by kind, from the snapshot collection ENTITIES names; events in date order. */
export const ITEM_PAGES = Object.fromEntries(
  await Promise.all(
    ITEM_KINDS.map(async (kind) => {
      const items = data<Item>(await getCollection(ENTITIES[kind].collection));
      return [kind, kind === 'event' ? byEventDate(items, BUILT_AT) : items];
    }),
  ),
) as Record<ItemKind, Item[]>;

const pageIds = Object.fromEntries(ITEM_KINDS.map((kind) => [kind, new Set(ITEM_PAGES[kind].map((item) => item.id))])) as Record<
  ItemKind,
  Set<string>
>;
/** Whether the site has the page of this item (listed or not): for links from elsewhere, such as a testimonial's tour. */
export const hasItemPage = (kind: ItemKind, id: string): boolean => pageIds[kind].has(id);

/**
 * The items the portal lists, links and offers for contact (lists, home, related items, search,
 * experience offers): every item but a provider whose status is not active or published, whose
 * page still answers its old links and says why it is not listed.
 */
export const ITEMS = Object.fromEntries(
  ITEM_KINDS.map((kind) => [kind, ITEM_PAGES[kind].filter((item) => item.isListed)]),
) as Record<ItemKind, Item[]>;
/** The listed items on sale, by kind (src/lib/promotions.ts): the promotions page and the shared banner. */
export const PROMOTIONS = promotionGroups(ITEMS);
export const EXPERIENCES = data(await getCollection('experiences'));
export const TESTIMONIALS = data(await getCollection('testimonials'));
/** Newest first. */
export const NEWS = data(await getCollection('news')).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
export const EPISODES = data(await getCollection('episodes'));
/** The blog's pages, each placed on the portal by the sync (src/lib/visitor-guide/placement.ts): /destination, /about, the guide. */
export const BLOG_PAGES = data(await getCollection('blogPages'));

/** How the last sync went, per collection, in the sync's order (status.json): /status shows all of it. */
export const STATUSES = data(await getCollection('status'));
const statuses = new Map(STATUSES.map((status) => [status.id, status]));

/** The note a refused update left beside the snapshot (src/lib/status/refusal.ts), or null. The build runs from the project root. */
export const REFUSAL = readRefusal(projectDir(process.env, 'snapshot', process.cwd()));

/** How the last sync went for a collection (drives 'Erro ao carregar ...'). */
export function statusOf(collection: string): CollectionStatus | undefined {
  return statuses.get(collection);
}

/** True when the collection is empty because its source failed (not because it has no records). */
export function hasLoadError(collection: string): boolean {
  const status = statusOf(collection);
  return Boolean(status?.failed && status.count === 0);
}
