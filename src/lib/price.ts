/** Which price of an item the visitor sees, shared by cards, detail pages, search results and JSON-LD. */
import { parsePrice } from './format.ts';
import type { Item } from './schemas/index.ts';

/** The prices the visitor sees: the original, and the sale price only when it is lower. */
export function displayPrice(item: Pick<Item, 'price' | 'priceValue' | 'salePrice' | 'discountPercent'>): {
  price: string;
  salePrice: string | null;
  discountPercent: number | null;
  /** The amount actually charged, for schema.org offers; null when the item has no price. */
  amount: number | null;
} {
  const isDiscounted = item.salePrice !== null && item.discountPercent !== null;
  const sale = isDiscounted ? parsePrice(item.salePrice) : null;
  const amount = sale ?? (item.priceValue > 0 ? item.priceValue : null);
  return {
    price: item.price,
    salePrice: isDiscounted ? item.salePrice : null,
    discountPercent: isDiscounted ? item.discountPercent : null,
    amount,
  };
}
