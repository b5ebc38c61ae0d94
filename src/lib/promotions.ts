/**
 * What is on sale (docs/product.md, Promotions): the listed items whose sale price is lower than
 * their price (src/lib/facts.ts: displayPrice's discount), by kind in the portal's order, largest
 * discount first, of which the promotions page shows PROMOTIONS_PER_KIND per kind and links to the
 * kind's list filtered 'Em promoção' for the rest; the shared banner's words and the address it
 * leads to; the key under which the browser remembers that the visitor closed the banner
 * (src/lib/promo-closed.ts). Pure: takes the items as arguments.
 */
import { ENTITIES } from './entities.ts';
import { displayPrice } from './facts.ts';
import { slugify } from './format.ts';
import { KIND_ORDER } from './kinds.ts';
import { FILTER_PARAMS, ON_SALE_VALUE } from './lists/filters.ts';
import type { Item, ItemKind } from './schemas/index.ts';
import { countLabel } from './text.ts';

/** The page of every item on sale. */
export const PROMOTIONS_PATH = '/promocoes';

export { PROMO_CLOSED_KEY } from './promo-closed.ts';

/**
 * Cards per kind on the promotions page. The page stays the same size however much is on sale (it
 * grew with every offer, to the heaviest page of a large city); the kind's list filtered 'Em promoção'
 * has them all. 12 as the home's carousels, and it fills the grid's 1, 2, 3 and 4 columns.
 */
export const PROMOTIONS_PER_KIND = 12;

/** One kind's items on sale. */
interface PromotionGroup {
  kind: ItemKind;
  /** The section's anchor on the promotions page: 'passeios', 'hospedagens'. */
  id: string;
  /** Every item of the kind on sale, largest discount first. */
  items: Item[];
  /** The cards the page shows: the first PROMOTIONS_PER_KIND of `items`. */
  shown: Item[];
  /** 'Ver todas as 23 ofertas de passeios' to the kind's list filtered 'Em promoção', when `items` has more than `shown`. */
  more: { label: string; href: string } | null;
}

/** A kind's section on the promotions page: '/promocoes#passeios'. */
const promotionsAnchor = (kind: ItemKind): string => slugify(ENTITIES[kind].plural);

/** The discount a visitor sees on an item's card, or null when it is not on sale. */
const discountOf = (item: Item): number | null => displayPrice(item).discountPercent;

/** Whether an item's card shows a discount: what the promotions page and the lists' 'Em promoção' count as on sale. */
export const isOnSale = (item: Item): boolean => discountOf(item) !== null;

/** A kind's list filtered 'Em promoção': '/all-tours?promocao=1'. */
export const onSaleListPath = (kind: ItemKind): string => `${ENTITIES[kind].listPath}?${FILTER_PARAMS.onSale}=${ON_SALE_VALUE}`;

/** The link under a kind's cards when it has more on sale than the page shows; null when it shows them all. */
function moreOffers(kind: ItemKind, count: number): PromotionGroup['more'] {
  if (count <= PROMOTIONS_PER_KIND) return null;
  return {
    label: `Ver todas as ${countLabel(count, 'oferta', 'ofertas')} de ${ENTITIES[kind].plural.toLowerCase()}`,
    href: onSaleListPath(kind),
  };
}

/**
 * The items on sale, one group per kind in KIND_ORDER: the kinds always in it (ENTITIES'
 * `isAlwaysInPromotions`) even when empty, the others only when they have some; largest discount
 * first, then the upstream order; the page shows the first PROMOTIONS_PER_KIND of each.
 */
export function promotionGroups(items: Readonly<Record<ItemKind, readonly Item[]>>): PromotionGroup[] {
  return KIND_ORDER.flatMap((kind) => {
    const onSale = items[kind]
      .map((item, index) => ({ item, index, discount: discountOf(item) }))
      .filter((entry): entry is { item: Item; index: number; discount: number } => entry.discount !== null)
      .sort((a, b) => b.discount - a.discount || a.index - b.index)
      .map((entry) => entry.item);
    if (onSale.length === 0 && !ENTITIES[kind].isAlwaysInPromotions) return [];
    return [
      {
        kind,
        id: promotionsAnchor(kind),
        items: onSale,
        shown: onSale.slice(0, PROMOTIONS_PER_KIND),
        more: moreOffers(kind, onSale.length),
      },
    ];
  });
}

/** What the shared banner says, or null when nothing is on sale (then there is no banner at all). */
interface PromoBannerText {
  /** '23 ofertas com até 17% de desconto'. */
  summary: string;
  /** What a phone's one line has room for: 'até 17% de desconto'. */
  short: string;
  /** Changes with what is on sale: a banner closed for one set of promotions shows again for new ones. */
  signature: string;
}

/** The banner's words from the groups; null when no item is on sale. */
export function promoBanner(groups: readonly PromotionGroup[]): PromoBannerText | null {
  const onSale = groups.flatMap((group) => group.items);
  if (onSale.length === 0) return null;
  const best = Math.max(...onSale.map((item) => discountOf(item) ?? 0));
  const short = `${onSale.length === 1 ? '' : 'até '}${best}% de desconto`;
  const summary = `${countLabel(onSale.length, 'oferta', 'ofertas')} com ${short}`;
  return { summary, short, signature: hashText(onSale.map((item) => `${item.kind}:${item.id}:${discountOf(item)}`).join(',')) };
}

/** A short, stable fingerprint of a text (32-bit FNV-1a, base 36): not a secret, only a change detector. */
export function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
