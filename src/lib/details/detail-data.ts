/**
 * Pure helpers of the detail pages: which sections are filled, which items are related, the hero
 * image, and a duration under its kind's name (the cards' too). They take entries as arguments so the pages stay thin.
 */
import { scanPage } from '../../integrations/html-scan.ts';
import { ENTITIES } from '../entities.ts';
import { itemKeywords } from '../facts.ts';
import { PLACEHOLDERS } from '../images.ts';
import { durationNights } from '../lists/filters.ts';
import type { Item } from '../schemas/index.ts';
import { countLabel, fold } from '../text.ts';

/** True when sanitised HTML has something to read (text or an image), not just empty tags. */
export function isFilledHtml(html: string | null | undefined): html is string {
  if (!html) return false;
  // trim() takes the no-break space (&nbsp;) as whitespace too.
  const { tags, text } = scanPage(html);
  return tags.some((tag) => tag.name === 'img') || text.trim().length > 0;
}

/** 'Informações adicionais' of docs/product.md (info.how_to_get_there ...), in the documented order. */
const INFO_LABELS: Record<keyof Item['info'], string> = {
  howToGetThere: 'Como chegar',
  howToVisit: 'Como visitar',
  operation: 'Funcionamento',
  trackLevel: 'Nível de dificuldade',
  generalInfo: 'Informações gerais',
};

/**
 * The sections a provider's record may fill beyond its description (docs/product.md), each under its
 * own label: every provider page (tour providers, drivers, guides, agencies) shows the filled ones
 * (RecordSections.astro), so a guide's 'Agendamento com 24h de antecedência' is not dropped.
 */
export const RECORD_SECTIONS = [
  ['policiesHtml', 'Políticas'],
  ['scheduleHtml', 'Horários'],
  ['capacityHtml', 'Capacidade'],
  ['pricingHtml', 'Preços detalhados'],
  ['locationDetailsHtml', 'Detalhes da localização'],
  ['accessibilityHtml', 'Acessibilidade'],
  ['requirementsHtml', 'Requisitos'],
  ['cancellationHtml', 'Política de cancelamento'],
] as const satisfies readonly (readonly [keyof Item, string])[];

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

/** Each item's experiences and tags, folded once: relatedItems compares every item of a kind on each of its pages. */
const foldedTopics = new WeakMap<Item, string[]>();

function topicsOf(item: Item): string[] {
  let topics = foldedTopics.get(item);
  if (!topics) {
    topics = [...item.experiences, ...itemKeywords(item)].map(fold);
    foldedTopics.set(item, topics);
  }
  return topics;
}

/**
 * Up to `count` other items of the same kind, those sharing most experiences, tags and locality
 * first, then featured ones, then in list order. One pass keeping the best few: it runs on every
 * detail page over every item of the kind.
 */
export function relatedItems(item: Item, items: readonly Item[], count = 4): Item[] {
  if (count <= 0) return [];
  const own = new Set(topicsOf(item));
  const best: { other: Item; score: number }[] = [];
  for (const other of items) {
    if (other.id === item.id) continue;
    let score = (item.locality && other.locality === item.locality ? 1 : 0) + (other.isFeatured ? 1 : 0);
    for (const topic of topicsOf(other)) if (own.has(topic)) score += 2;
    // In list order, so an equal score never displaces an earlier item.
    if (best.length === count && score <= (best[count - 1] as { score: number }).score) continue;
    const at = best.findIndex((entry) => score > entry.score);
    best.splice(at === -1 ? best.length : at, 0, { other, score });
    if (best.length > count) best.pop();
  }
  return best.map(({ other }) => other);
}

/**
 * What an accommodation's price is for, under the price: 'Preço por noite', 'Preço por 3 noites' when
 * its duration is a count of nights; null for anything else ('2h', 'Dia inteiro', nothing), which is
 * not a stay and would make 'Preço por 2h' of a pousada.
 */
export function stayPriceNote(duration: string): string | null {
  const nights = durationNights(duration);
  if (nights === null || nights < 1) return null;
  return nights === 1 ? 'Preço por noite' : `Preço por ${countLabel(nights, 'noite', 'noites')}`;
}

/** An item's `duration` as its kind names it (durationFact). */
interface DurationFact {
  /** 'Duração', 'Estadia', 'Refeições' (the kind's `durationField`, src/lib/entities.ts). */
  label: string;
  /** The record's text, as given: '3 horas', '2 noites', 'Almoço/Jantar'. */
  value: string;
  /** A length of time, drawn with a clock; a stay's nights and a restaurant's meals are not. */
  isTime: boolean;
}

/**
 * An item's duration under the name it has for its kind ('Estadia: 2 noites', 'Refeições: Almoço'),
 * with the record's words; null when the record gives none, or gives a stay no count of nights
 * (a hotel's '2h' is not a stay: ENTITIES' durationField).
 */
export function durationFact(item: Pick<Item, 'kind' | 'duration'>): DurationFact | null {
  const value = item.duration.trim();
  if (!value) return null;
  const { label, unit } = ENTITIES[item.kind].durationField;
  if (unit === 'nights' && durationNights(value) === null) return null;
  return { label, value, isTime: unit === 'time' };
}

/** A chip of a detail page's hero (InfoChips.astro), as plain data. */
interface FactChip {
  icon?: 'clock';
  label: string;
  hiddenLabel?: string;
}

/**
 * An item's duration as a hero chip, under its kind's name (durationFact): a time beside a clock,
 * named 'Duração: ' to screen readers; anything else with its label in words ('Estadia: 2 noites',
 * 'Refeições: Almoço'), never a clock. Without one, `fallback` beside a clock (a tour's 'Duração não
 * informada'), else null.
 */
export function durationChip(item: Pick<Item, 'kind' | 'duration'>, fallback?: string): FactChip | null {
  const fact = durationFact(item);
  if (!fact) return fallback ? { icon: 'clock', label: fallback } : null;
  return fact.isTime
    ? { icon: 'clock', label: fact.value, hiddenLabel: `${fact.label}: ` }
    : { label: `${fact.label}: ${fact.value}` };
}
