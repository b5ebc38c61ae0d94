/**
 * The compact JSON indexes the portal islands fetch on the visitor's first search, chip or page
 * button (`/news/index.json`, `/testimonials/index.json`): only what a card shows and what the
 * search reads, so a thousand posts cost one small gzip download instead of cards in every page.
 */
import { newsPath, testimonialPath } from '../entities.ts';
import { formatDate, formatMonthYear } from '../format.ts';
import type { NewsArticle, Testimonial } from '../schemas/index.ts';

/** One article of the news index. */
export interface NewsIndexEntry {
  id: string;
  title: string;
  /** The whole summary (at most ~200 characters): the search reads all of it; cards cut it (240 large, 150 grid). */
  summary: string;
  category: string;
  tags: string[];
  /** ISO 8601, for <time datetime>. */
  publishedAt: string;
  /** dd/mm/yyyy in the site's time zone. */
  date: string;
  author: string;
  readTime: number;
  image: string;
  /** Site path of the article. */
  path: string;
  featured: boolean;
}

/** One testimonial of the testimonials index. */
export interface TestimonialIndexEntry {
  id: string;
  name: string;
  avatar: string | null;
  /** 'Cuiabá – MT', or null. */
  place: string | null;
  /** Null when the feedback has no rating (none is drawn). */
  rating: number | null;
  verified: boolean;
  featured: boolean;
  title: string;
  /** The whole text: the search reads all of it; cards cut it (400 large, 180 grid). */
  content: string;
  isAudio: boolean;
  experience: string;
  visitDate: string | null;
  /** 'jan. de 2025' or 'Data não informada'. */
  month: string;
  path: string;
}

/** The news index entry of an article. */
export function toNewsIndexEntry(article: NewsArticle, image: string = article.image): NewsIndexEntry {
  return {
    id: article.id,
    title: article.title,
    summary: article.summary,
    category: article.category,
    tags: article.tags,
    publishedAt: article.publishedAt,
    date: formatDate(article.publishedAt),
    author: article.author,
    readTime: article.readTime,
    image,
    path: newsPath(article.id),
    featured: article.featured,
  };
}

/** The testimonials index entry of a testimonial; `place` comes from the portal's own helper. */
export function toTestimonialIndexEntry(testimonial: Testimonial, place: string | null): TestimonialIndexEntry {
  return {
    id: testimonial.id,
    name: testimonial.name,
    avatar: testimonial.avatar,
    place,
    rating: testimonial.rating,
    verified: testimonial.verified,
    featured: testimonial.featured,
    title: testimonial.title,
    content: testimonial.content,
    isAudio: testimonial.isAudio,
    experience: testimonial.experience,
    visitDate: testimonial.visitDate,
    month: formatMonthYear(testimonial.visitDate),
    path: testimonialPath(testimonial.id),
  };
}
