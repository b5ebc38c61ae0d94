/**
 * The compact JSON indexes the portals fetch on the visitor's first search, chip or page button
 * (`/news/index.json`, `/testimonials/index.json`): per entry, in the portal's order, its id, the
 * static page whose HTML holds its card (`/news`, `/news/page/2`, …) and what the search reads. The
 * cards themselves are never in the index: the browser takes them from those pages
 * (src/islands/PortalResults.tsx, src/lib/static-cards.ts), so each card is rendered once, by its .astro component.
 */
import type { NewsArticle, Testimonial } from '../schemas/index.ts';

/** What every portal index entry has: the id its card carries (`data-id`) and the static page of that card. */
interface PortalIndexEntry {
  id: string;
  /** The static portal page (1-based) whose HTML holds the card. */
  page: number;
}

/** One article of the news index. */
export interface NewsIndexEntry extends PortalIndexEntry {
  title: string;
  /** The whole summary: the search reads every word of it. */
  summary: string;
  category: string;
  tags: string[];
}

/** One testimonial of the testimonials index. */
export interface TestimonialIndexEntry extends PortalIndexEntry {
  name: string;
  /** 'Cuiabá – MT', or null. */
  place: string | null;
  title: string;
  /** The whole text: the search reads every word of it. */
  content: string;
  experience: string;
}

/** The news index entry of an article whose card is on static page `page` (portalPageOf). */
export function toNewsIndexEntry(article: NewsArticle, page: number): NewsIndexEntry {
  return {
    id: article.id,
    page,
    title: article.title,
    summary: article.summary,
    category: article.category,
    tags: article.tags,
  };
}

/** The testimonials index entry of a testimonial on static page `page`; `place` comes from the portal's own helper. */
export function toTestimonialIndexEntry(testimonial: Testimonial, page: number, place: string | null): TestimonialIndexEntry {
  return {
    id: testimonial.id,
    page,
    name: testimonial.name,
    place,
    title: testimonial.title,
    content: testimonial.content,
    experience: testimonial.experience,
  };
}
