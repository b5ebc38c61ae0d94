/**
 * Text helpers every page, island and the sync share: how two texts are compared regardless of
 * accents, case and spacing.
 */

/**
 * Lower case without accents, spaces trimmed and runs of white space made one, so 'Almoço ',
 * 'ALMOCO' and 'almoço' compare equal. Every combining mark goes (`\p{M}`), not only the
 * U+0300–U+036F block.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
