/**
 * Who offers an experience: the tours, tour providers, guides, agencies and drivers whose
 * records list it. A link to an experience's offers goes to the first list that has some, filtered
 * by the experience; an experience nobody offers gets no such link, never a list that answers
 * 'nenhum resultado'. Pure: takes the items as arguments.
 */
import { ENTITIES } from './entities.ts';
import { matchesExperiences } from './lists/filters.ts';
import type { Item, ItemKind } from './schemas/index.ts';

/** The kinds whose lists can be filtered by experience, in the order a visitor looks for an offer. */
const OFFER_KINDS = ['tour', 'tourProvider', 'guide', 'agency', 'driver'] as const satisfies readonly ItemKind[];
type OfferKind = (typeof OFFER_KINDS)[number];

/** The items of one kind that offer an experience. */
interface OfferGroup {
  kind: OfferKind;
  items: Item[];
  /** Their list, filtered by the experience. */
  href: string;
}

/** A kind's list filtered by one experience: '/all-guides?experience=Ecoturismo'. */
const experienceListPath = (kind: OfferKind, experience: string) =>
  `${ENTITIES[kind].listPath}?experience=${encodeURIComponent(experience)}`;

type Catalogue = Readonly<Record<ItemKind, readonly Item[]>>;

/** Offers already found per catalogue: every provider page links each of its experiences, and a city has thousands of items. */
const found = new WeakMap<Catalogue, Map<string, OfferGroup[]>>();

/** The groups of items that offer `experience`, in OFFER_KINDS order; kinds that offer none are left out. */
export function experienceOffers(experience: string, items: Catalogue): OfferGroup[] {
  let byExperience = found.get(items);
  if (!byExperience) {
    byExperience = new Map();
    found.set(items, byExperience);
  }
  let groups = byExperience.get(experience);
  if (!groups) {
    groups = OFFER_KINDS.flatMap((kind) => {
      const offering = items[kind].filter((item) => matchesExperiences(item.experiences, [experience]));
      return offering.length > 0 ? [{ kind, items: offering, href: experienceListPath(kind, experience) }] : [];
    });
    byExperience.set(experience, groups);
  }
  return groups;
}

/**
 * Where a link to an experience's offers goes: the `preferred` kind's list when it has some (a
 * provider's chip lists its peers), else the first list that has some; null when nobody offers it.
 */
export function experienceOffersPath(experience: string, items: Catalogue, preferred?: ItemKind): string | null {
  const groups = experienceOffers(experience, items);
  return (groups.find((group) => group.kind === preferred) ?? groups[0])?.href ?? null;
}

/** The button's words for a group: 'Ver passeios desta experiência', 'Ver guias desta experiência'. */
export const offersLabel = (kind: OfferKind) => `Ver ${ENTITIES[kind].plural.toLowerCase()} desta experiência`;
