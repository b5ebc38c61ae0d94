/** Which price of an item the visitor sees, shared by cards, detail pages, search results and JSON-LD. */
import type { Item } from './schemas/index.ts';

/** What displayPrice reads of an item. */
export type Priced = Pick<Item, 'price' | 'priceValue' | 'salePrice' | 'salePriceValue' | 'discountPercent'>;

/**
 * The prices the visitor sees: the original, and the sale price only when it is lower (SPEC
 * section 5: the discount shows only then; the normaliser sets discountPercent only then).
 */
export function displayPrice(item: Priced): {
  price: string;
  salePrice: string | null;
  discountPercent: number | null;
  /** The amount actually charged, for schema.org offers and search results; null when the item has no price. */
  amount: number | null;
} {
  const isDiscounted = item.salePrice !== null && item.salePriceValue !== null && item.discountPercent !== null;
  return {
    price: item.price,
    salePrice: isDiscounted ? item.salePrice : null,
    discountPercent: isDiscounted ? item.discountPercent : null,
    amount: isDiscounted ? item.salePriceValue : item.priceValue > 0 ? item.priceValue : null,
  };
}
