/** Pure helpers of the testimonials portal and detail (docs/product.md). */

import { itemPath } from '../paths.ts';
import { leadFirst } from '../portal/portal.ts';
import type { ItemKind, Testimonial } from '../schemas/index.ts';
import { placeLabel } from '../text.ts';

/** docs/product.md: experience types and their labels, in the order of the portal's chips. */
const EXPERIENCE_LABELS = {
  tours: 'Passeios',
  restaurants: 'Restaurantes',
  accommodations: 'Hospedagens',
  events: 'Eventos',
  agencies: 'Agências',
} as const satisfies Record<string, string>;

type ExperienceType = keyof typeof EXPERIENCE_LABELS;

/** The kind of item each experience type is about, whose page a testimonial links, and how its page names it. */
const REVIEWED: Record<ExperienceType, { kind: ItemKind; about: string }> = {
  tours: { kind: 'tour', about: 'Sobre o passeio' },
  restaurants: { kind: 'restaurant', about: 'Sobre o restaurante' },
  accommodations: { kind: 'accommodation', about: 'Sobre a hospedagem' },
  events: { kind: 'event', about: 'Sobre o evento' },
  agencies: { kind: 'agency', about: 'Sobre a agência' },
};
const reviewedOf = (experience: string) =>
  (REVIEWED as Record<string, (typeof REVIEWED)[ExperienceType] | undefined>)[experience];

/** The line above what a testimonial is about: 'Sobre o passeio', 'Sobre o restaurante'; 'Sobre' for a type it does not know. */
export const reviewedAbout = (experience: string): string => reviewedOf(experience)?.about ?? 'Sobre';

/**
 * The page of what a testimonial is about ('/tour/90032'), when the site has it; null when the
 * feedback names no id, or an item the snapshot does not hold (its name is then plain text).
 */
export function reviewedItemPath(
  testimonial: Pick<Testimonial, 'experience' | 'experienceId'>,
  hasPage: (kind: ItemKind, id: string) => boolean,
): string | null {
  const kind = reviewedOf(testimonial.experience)?.kind;
  const id = testimonial.experienceId;
  return kind && id && hasPage(kind, id) ? itemPath(kind, id) : null;
}

/** The visitor-facing label of an experience type; the raw value when unknown. */
export function experienceLabel(experience: string): string {
  return (EXPERIENCE_LABELS as Record<string, string>)[experience] ?? experience;
}

/** Default sort (docs/product.md): written date, newest first; undated ones last. */
export function byWrittenDateDesc(testimonials: readonly Testimonial[]): Testimonial[] {
  return [...testimonials].sort((a, b) => (b.writtenDate ?? '').localeCompare(a.writtenDate ?? ''));
}

/**
 * The rating scale of the data, one for the whole collection and every page that draws it:
 * feedbacks are integers that upstream gives on 0–10 (featured at 9), so any rating above 5 means
 * the whole collection is on 10; otherwise it is read as stars on 5.
 */
export function ratingScale(testimonials: readonly Testimonial[]): 5 | 10 {
  return testimonials.some((testimonial) => (testimonial.rating ?? 0) > 5) ? 10 : 5;
}

/**
 * A rating on the collection's `scale` brought to the stars' 0–5 of every other rating on the site:
 * a 9 of 10 is 4,5 (every mark kept, as half stars); a rating on 5 stays.
 */
export const onFiveStars = (rating: number, scale: 5 | 10): number => (scale === 10 ? rating / 2 : rating);

/**
 * The experience chips worth offering: the types the testimonials name, in the labels' order; none
 * when there is only one, since its chip would list what 'Todas' lists.
 */
export function experienceChips(testimonials: readonly Testimonial[]): { label: string; value: string }[] {
  const present = new Set(testimonials.map((testimonial) => testimonial.experience));
  const chips = Object.entries(EXPERIENCE_LABELS)
    .filter(([value]) => present.has(value))
    .map(([value, label]) => ({ label, value }));
  return chips.length > 1 ? chips : [];
}

/** The portal's order: the newest featured testimonial first (the large card), then the rest newest first. */
export const testimonialsInPortalOrder = (testimonials: readonly Testimonial[]): Testimonial[] =>
  leadFirst(byWrittenDateDesc(testimonials), (testimonial) => testimonial.featured);

/**
 * Hero figures: total, average rating (one decimal, of the rated ones; null when none is rated) and
 * verified count (the feedbacks that say they were verified).
 */
export function testimonialStats(testimonials: readonly Testimonial[]): {
  total: number;
  average: number | null;
  verified: number;
} {
  const ratings = testimonials.flatMap((testimonial) => (testimonial.rating === null ? [] : [testimonial.rating]));
  const sum = ratings.reduce((acc, rating) => acc + rating, 0);
  return {
    total: testimonials.length,
    average: ratings.length ? Math.round((sum / ratings.length) * 10) / 10 : null,
    verified: testimonials.filter((testimonial) => testimonial.verified).length,
  };
}

/** Up to two initials for the avatar placeholder ('Fernanda Lopes' → 'FL', 'Anônimo' → 'A'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** Where the visitor comes from: 'Cuiabá – MT', 'Cuiabá', 'MT' or null. */
export function placeName(location: Testimonial['location']): string | null {
  return placeLabel({ name: location.city, state: location.state }) || null;
}

/** Testimonials shown on the home page. */
const TESTIMONIAL_LIMIT = 3;

/** Featured testimonials, newest visit first, filled with the newest others when fewer than `limit`. */
export function featuredTestimonials(testimonials: readonly Testimonial[], limit: number = TESTIMONIAL_LIMIT): Testimonial[] {
  const featured = byWrittenDateDesc(testimonials.filter((entry) => entry.featured));
  const others = byWrittenDateDesc(testimonials.filter((entry) => !entry.featured));
  return [...featured, ...others].slice(0, limit);
}
