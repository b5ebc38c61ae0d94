/**
 * Who offers an experience: the items whose records list it (ENTITIES' `offerOrder`: tours,
 * attraction operators, guides, agencies, drivers, and events still to come). A link to an
 * experience's offers goes to the first list that has some, filtered by the experience; an
 * experience nobody offers gets no such link, never a list that answers 'nenhum resultado'. Pure:
 * takes the items and the build's time as arguments.
 */
import { ENTITIES } from './entities.ts';
import { isEventOver } from './facts.ts';
import { matchesExperiences } from './lists/filters.ts';
import type { Item, ItemKind } from './schemas/index.ts';

/** The kinds whose records list experiences, in the order a visitor looks for an offer (ENTITIES' `offerOrder`). */
const OFFER_KINDS: readonly ItemKind[] = (Object.keys(ENTITIES) as ItemKind[])
  .flatMap((kind) => {
    const order = ENTITIES[kind].offerOrder;
    return order === null ? [] : [{ kind, order }];
  })
  .sort((a, b) => a.order - b.order)
  .map(({ kind }) => kind);

/** The items of one kind that offer an experience. */
interface OfferGroup {
  kind: ItemKind;
  items: Item[];
  /** Their list, filtered by the experience. */
  href: string;
}

/** A kind's list filtered by one experience: '/all-guides?experience=Ecoturismo'. */
const experienceListPath = (kind: ItemKind, experience: string) =>
  `${ENTITIES[kind].listPath}?experience=${encodeURIComponent(experience)}`;

type Catalogue = Readonly<Record<ItemKind, readonly Item[]>>;

/** Offers already found per catalogue: every provider page links each of its experiences, and a city has thousands of items. */
const found = new WeakMap<Catalogue, Map<string, OfferGroup[]>>();

/**
 * Whether an item still offers what it lists on `now`: an event that is over ('Evento encerrado',
 * isEventOver) no longer does; an undated one, and any other item, does.
 */
const isOffered = (item: Item, now: Date) => !isEventOver(item, now);

/**
 * The groups of items that offer `experience` on `now` (the build's time), in OFFER_KINDS order, each in
 * its list's order (events soonest first: ITEMS); kinds that offer none are left out.
 */
export function experienceOffers(experience: string, items: Catalogue, now: Date): OfferGroup[] {
  let byExperience = found.get(items);
  if (!byExperience) {
    byExperience = new Map();
    found.set(items, byExperience);
  }
  const key = `${now.getTime()} ${experience}`;
  let groups = byExperience.get(key);
  if (!groups) {
    groups = OFFER_KINDS.flatMap((kind) => {
      const offering = items[kind].filter((item) => matchesExperiences(item.experiences, [experience]) && isOffered(item, now));
      return offering.length > 0 ? [{ kind, items: offering, href: experienceListPath(kind, experience) }] : [];
    });
    byExperience.set(key, groups);
  }
  return groups;
}

/**
 * Where a link to an experience's offers goes: the `preferred` kind's list when it has some (a
 * provider's chip lists its peers), else the first list that has some; null when nobody offers it.
 */
export function experienceOffersPath(experience: string, items: Catalogue, now: Date, preferred?: ItemKind): string | null {
  const groups = experienceOffers(experience, items, now);
  return (groups.find((group) => group.kind === preferred) ?? groups[0])?.href ?? null;
}

/** The button's words for a group: 'Ver passeios desta experiência', 'Ver guias desta experiência'. */
export const offersLabel = (kind: ItemKind) => `Ver ${ENTITIES[kind].plural.toLowerCase()} desta experiência`;
