/**
 * The price the visitor sees (SPEC section 5: the discount shows only when the sale price is
 * lower), from the normaliser's numbers: cards, the price box, search results and JSON-LD share it.
 */
import { describe, expect, it } from 'vitest';
import { RawItemSchema, toItem } from '../../src/lib/normalise/item.ts';
import { displayPrice } from '../../src/lib/price.ts';
import { contextFor } from '../support/record-context.ts';

/** The price fields of a provider record as the sync keeps them. */
const priced = (price: unknown, sale_price: unknown) =>
  toItem(RawItemSchema.parse({ id: 1, title: 'Passeio', price, sale_price }), 'tour', contextFor());

describe.each([
  // price, sale_price → shown price, shown sale, discount, amount charged
  ['R$ 200,00', 'R$ 150,00', 'R$ 200,00', 'R$ 150,00', 25, 150],
  ['R$ 1.234,50', '999.90', 'R$ 1.234,50', 'R$ 999,90', 19, 999.9],
  [200, 250, 'R$ 200,00', null, null, 200],
  [200, 200, 'R$ 200,00', null, null, 200],
  ['150.00', undefined, 'R$ 150,00', null, null, 150],
  ['Sob consulta', undefined, 'R$ 0', null, null, null],
  [0, 50, 'R$ 0', null, null, null],
])('price %j, sale %j', (price, sale, shownPrice, shownSale, discount, amount) => {
  const item = priced(price, sale);
  it(`shows ${shownPrice}${shownSale ? ` and ${shownSale} (-${discount}%)` : ''}, charges ${amount}`, () =>
    expect(displayPrice(item)).toEqual({ price: shownPrice, salePrice: shownSale, discountPercent: discount, amount }));
});

describe.each([
  ['R$ 200,00', 'R$ 150,00', 150],
  ['R$ 200,00', 'R$ 250,00', 250],
  ['R$ 200,00', undefined, null],
  ['R$ 200,00', 'grátis', null],
])('salePriceValue of price %j, sale %j', (price, sale, expected) => {
  it(`is ${expected}: the number next to its text`, () => expect(priced(price, sale).salePriceValue).toBe(expected));
});
