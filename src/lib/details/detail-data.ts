/**
 * Pure helpers of the detail pages: which sections are filled, which items are related and the
 * hero image. They take entries as arguments so the pages stay thin.
 */
import { PLACEHOLDERS } from '../images.ts';
import type { Item } from '../schemas/index.ts';
import { fold } from '../text.ts';

/** True when sanitised HTML has something to read (text or an image), not just empty tags. */
export function isFilledHtml(html: string | null | undefined): html is string {
  if (!html) return false;
  if (/<img\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim().length > 0
  );
}

/** 'Informações adicionais' of SPEC section 2 (info.how_to_get_there ...), in the spec's order. */
export const INFO_LABELS: Record<keyof Item['info'], string> = {
  howToGetThere: 'Como chegar',
  howToVisit: 'Como visitar',
  operation: 'Funcionamento',
  trackLevel: 'Nível de dificuldade',
  generalInfo: 'Informações gerais',
};

/** The filled entries of an item's info block, as [label, html] pairs. */
export function infoEntries(info: Item['info']): [label: string, html: string][] {
  return (Object.keys(INFO_LABELS) as (keyof Item['info'])[]).flatMap((key) => {
    const html = info[key];
    return isFilledHtml(html) ? [[INFO_LABELS[key], html] as [string, string]] : [];
  });
}

/** The banner of a detail page: the item's banner, image or first photo; the placeholder when none. */
export function heroImage(item: Item, prefer: 'banner' | 'image' | 'gallery' = 'image'): string {
  const first = item.gallery[0]?.large ?? null;
  const order =
    prefer === 'banner'
      ? [item.banner, item.image, first]
      : prefer === 'gallery'
        ? [first, item.image, item.banner]
        : [item.image, first, item.banner];
  return order.find((url): url is string => Boolean(url)) ?? PLACEHOLDERS.default;
}

/**
 * Up to `count` other items of the same kind, those sharing most experiences, tags and locality
 * first, then featured ones, then in list order.
 */
export function relatedItems(item: Item, items: readonly Item[], count = 4): Item[] {
  const own = new Set([...item.experiences, ...item.tags].map(fold));
  const score = (other: Item) =>
    [...other.experiences, ...other.tags].filter((value) => own.has(fold(value))).length * 2 +
    (item.locality && other.locality === item.locality ? 1 : 0) +
    (other.isFeatured ? 1 : 0);
  return items
    .map((other, index) => ({ other, index, score: score(other) }))
    .filter(({ other }) => other.id !== item.id)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map(({ other }) => other);
}
