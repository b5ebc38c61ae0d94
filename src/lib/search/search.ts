/**
 * Site search: what each indexed page tells Pagefind (kind and locality filters; title,
 * image, price and event date meta, the date also as indexed words), the /busca URL, and the pure helpers the search dialog uses to turn
 * Pagefind's answers into what the visitor reads. No Astro and no DOM here, so tests need neither.
 */
import { ENTITIES } from '../entities.ts';
import { displayPrice, eventDatesFact, type Priced } from '../facts.ts';
import { KIND_ORDER } from '../kinds.ts';
import type { BlogPage, Experience, Item, ItemKind, NewsArticle, Testimonial } from '../schemas/index.ts';
import { decodeEntities, echoText, MAX_ECHO_CHARS } from '../text.ts';

/** Pagefind filter names (visible in /busca URLs, hence Portuguese). */
export const SEARCH_FILTERS = { kind: 'tipo', locality: 'localidade' } as const;

/** The route of the search page. */
export const SEARCH_PATH = '/busca';

/** The id of /busca's box, which the header's search entry focuses on that page. */
export const SEARCH_PAGE_BOX = 'busca-q';

/** The Pagefind bundle, written by scripts/index-search.ts next to the pages. */
export const PAGEFIND_PATH = '/pagefind/';

/** Kind labels of the `tipo` filter: the item kinds' own labels, then experiences, news, testimonials and the visitor's guide. */
export const SEARCH_KIND_LABELS = {
  ...(Object.fromEntries(Object.entries(ENTITIES).map(([kind, texts]) => [kind, texts.singular])) as Record<ItemKind, string>),
  experience: 'Experiência',
  news: 'Notícia',
  testimonial: 'Depoimento',
  visitorGuide: 'Guia do visitante',
} as const;

/** Order of the kind chips in the dialog: the items in the portal's order (experiences beside tours), then stories. */
export const SEARCH_KIND_ORDER: readonly string[] = [
  ...KIND_ORDER.flatMap((kind) =>
    kind === 'tour' ? [SEARCH_KIND_LABELS.tour, SEARCH_KIND_LABELS.experience] : [SEARCH_KIND_LABELS[kind]],
  ),
  SEARCH_KIND_LABELS.news,
  SEARCH_KIND_LABELS.testimonial,
  SEARCH_KIND_LABELS.visitorGuide,
];

/** What one indexed page gives Pagefind besides its text. */
export interface SearchRecord {
  /** `tipo` filter: 'Passeio', 'Notícia', ... */
  kind: string;
  /** `localidade` filter: the city part of the location; null when unknown or not a place. */
  locality: string | null;
  /** Result title (meta `title`). */
  title: string;
  /** Result image (meta `image`): a site path or URL; null when the page has only the placeholder. */
  image: string | null;
  /** Price as shown (meta `price`); null when the page has none. */
  price: string | null;
  /**
   * An event's dates as its page writes them ('16 a 25 de julho de 2027', eventDatesFact; meta `date`), also
   * indexed as words, so 'festival julho' finds it; null for any other page.
   */
  date: string | null;
}

/** The price a result shows: the one the card shows (the sale price when lower); none when the upstream stated none. */
export function searchPrice(item: Priced): string | null {
  const shown = displayPrice(item);
  return shown.isStated ? (shown.salePrice ?? shown.price) : null;
}

/** Search record of an item's detail page. */
export function itemSearchRecord(item: Item): SearchRecord {
  return {
    kind: SEARCH_KIND_LABELS[item.kind],
    locality: item.locality.trim() || null,
    title: item.title,
    image: item.image ?? item.gallery[0]?.thumb ?? item.banner ?? null,
    price: searchPrice(item),
    date: eventDatesFact(item),
  };
}

/** Search record of an experience's page. */
export function experienceSearchRecord(experience: Experience): SearchRecord {
  return {
    kind: SEARCH_KIND_LABELS.experience,
    locality: null,
    title: experience.title,
    image: experience.image,
    price: null,
    date: null,
  };
}

/** Search record of a news article. */
export function newsSearchRecord(article: NewsArticle): SearchRecord {
  return {
    kind: SEARCH_KIND_LABELS.news,
    locality: null,
    title: article.title,
    image: article.hasPlaceholderImage ? null : article.image,
    price: null,
    date: null,
  };
}

/** Search record of a page of the visitor's guide, in any of its languages. */
export function guideSearchRecord(page: BlogPage): SearchRecord {
  return { kind: SEARCH_KIND_LABELS.visitorGuide, locality: null, title: page.title, image: page.image, price: null, date: null };
}

/** Search record of a testimonial; its title names the visitor (the h1 of the page). */
export function testimonialSearchRecord(testimonial: Testimonial, title: string): SearchRecord {
  return {
    kind: SEARCH_KIND_LABELS.testimonial,
    locality: null,
    title,
    image: testimonial.image ?? testimonial.avatar,
    price: null,
    date: null,
  };
}

/**
 * The data-pagefind-* attributes of a search record, each on its own element (Pagefind reads an
 * inline `key:value` to the end of the attribute, so commas and colons in values are safe there).
 */
export function searchAttributes(record: SearchRecord): Record<string, string>[] {
  const attributes: Record<string, string>[] = [
    { 'data-pagefind-filter': `${SEARCH_FILTERS.kind}:${record.kind}` },
    { 'data-pagefind-meta': `title:${record.title}` },
  ];
  if (record.locality) attributes.push({ 'data-pagefind-filter': `${SEARCH_FILTERS.locality}:${record.locality}` });
  if (record.image) attributes.push({ 'data-pagefind-meta': `image:${record.image}` });
  if (record.price) attributes.push({ 'data-pagefind-meta': `price:${record.price}` });
  if (record.date) attributes.push({ 'data-pagefind-meta': `date:${record.date}` });
  return attributes;
}

/** A query on the search page, as read from or written to its URL. */
export interface SearchQuery {
  query: string;
  /** Selected `tipo`, or null for every kind. */
  kind: string | null;
}

/** The longest query the search takes, shows in its box and echoes in its messages (MAX_ECHO_CHARS, as every text a page takes from its address). */
export const MAX_QUERY_CHARS = MAX_ECHO_CHARS;

/**
 * A query as the search takes it and says it, from the address or a box: without control and bidi
 * characters, at most MAX_QUERY_CHARS characters, the last '…' when it was longer (echoText).
 */
export function cutQuery(query: string): string {
  return echoText(query, MAX_QUERY_CHARS);
}

/** Reads `?q=` (cutQuery) and `?tipo=` (unknown kinds are dropped so a stale link still searches). */
export function parseSearchQuery(search: string | URLSearchParams): SearchQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kind = params.get(SEARCH_FILTERS.kind);
  return { query: cutQuery(params.get('q') ?? ''), kind: kind && SEARCH_KIND_ORDER.includes(kind) ? kind : null };
}

/** The query string of a search on /busca (`q=pesca&tipo=Evento`, '' for none), as parseSearchQuery reads it. */
export function searchQueryString({ query, kind }: SearchQuery): string {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  if (kind) params.set(SEARCH_FILTERS.kind, kind);
  return params.toString();
}

/** The shareable /busca URL of a query. */
export function searchUrl(query: SearchQuery): string {
  const text = searchQueryString(query);
  return text ? `${SEARCH_PATH}?${text}` : SEARCH_PATH;
}

/** Pagefind result URLs end in `.html` (pages are files); the site links without it. */
export function resultPath(url: string): string {
  const [path = '', hash] = url.split('#');
  const clean = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '') || '/';
  return hash ? `${clean}#${hash}` : clean;
}

/** One run of an excerpt: matched words are `isMatch`. */
interface ExcerptPart {
  text: string;
  isMatch: boolean;
}

/**
 * Splits Pagefind's excerpt (escaped text with `<mark>` around matches) into text runs, so the
 * dialog renders them as text nodes and `<mark>` elements: nothing from the index becomes markup.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let last = 0;
  for (const match of excerpt.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: decodeEntities(stripTags(excerpt.slice(last, match.index))), isMatch: false });
    parts.push({ text: decodeEntities(stripTags(match[1] ?? '')), isMatch: true });
    last = match.index + match[0].length;
  }
  if (last < excerpt.length) parts.push({ text: decodeEntities(stripTags(excerpt.slice(last))), isMatch: false });
  return parts.filter((part) => part.text.length > 0);
}

/** Any other tag (Pagefind escapes content, so there should be none) is dropped, not rendered. */
function stripTags(text: string): string {
  return text.replace(/<\/?[a-z][^>]*>/gi, '');
}

/**
 * Kind chips of a result set: known kinds in the site's order, those with results and the selected
 * one even without (so a filter that no longer matches can still be seen and switched off).
 */
export function kindChips(
  counts: Readonly<Record<string, number>> | undefined,
  selected: string | null = null,
): { kind: string; count: number }[] {
  return SEARCH_KIND_ORDER.filter((kind) => (counts?.[kind] ?? 0) > 0 || kind === selected).map((kind) => ({
    kind,
    count: counts?.[kind] ?? 0,
  }));
}

/** 'Nenhum resultado para "…"', the query cut short (cutQuery). */
export const noResultsMessage = (query: string) => `Nenhum resultado para "${cutQuery(query)}"`;

/** The part of a Pagefind result fragment the dialog reads (pagefind.js `result.data()`). */
export interface PagefindFragment {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
  filters: Record<string, string[] | undefined>;
  /** The page's indexed text, and the positions (in words) of the words the query matched. */
  content?: string;
  locations?: number[];
}

/** The words of the page's text that Pagefind matched for the query. */
export function matchedWords(fragment: PagefindFragment): string[] {
  const words = fragment.content?.split(/\s+/) ?? [];
  return (fragment.locations ?? []).flatMap((location) => words[location] ?? []);
}

/** One result as the dialog shows it. */
export interface SearchHit {
  /** Site path of the page, without `.html`. */
  path: string;
  title: string;
  /** 'Passeio', 'Notícia', ... (empty if the page has no kind). */
  kind: string;
  locality: string | null;
  image: string | null;
  price: string | null;
  /** An event's dates ('16 a 25 de julho de 2027'); null for any other page. */
  date: string | null;
  excerpt: ExcerptPart[];
}

/** Turns a Pagefind fragment into a hit (title falls back to the path so a result is never blank). */
export function toHit(fragment: PagefindFragment): SearchHit {
  const path = resultPath(fragment.url);
  return {
    path,
    title: fragment.meta.title?.trim() || path,
    kind: fragment.filters[SEARCH_FILTERS.kind]?.[0] ?? '',
    locality: fragment.filters[SEARCH_FILTERS.locality]?.[0] ?? null,
    image: fragment.meta.image || null,
    price: fragment.meta.price || null,
    date: fragment.meta.date || null,
    excerpt: excerptParts(fragment.excerpt),
  };
}
