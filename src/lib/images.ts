/**
 * How each kind of picture is served: the widths encoded (few, because every width is an AVIF and
 * a WebP encode at build time, and the benchmark builds thousands of images on 2 cores), the
 * `sizes` the browser picks a width with, and the box the placeholder keeps. Pure, so it is tested
 * without a build; ResponsiveImage.astro does the rendering.
 */

export type ImageProfile = 'card' | 'hero' | 'slide' | 'thumb' | 'square' | 'avatar';

export interface ProfileSpec {
  /** Widths encoded, ascending; only those the original can give without enlarging. */
  widths: readonly number[];
  /** The `sizes` attribute: how wide the picture is drawn at each viewport. */
  sizes: string;
  /** Width and height of the placeholder box (its aspect ratio is the layout's). */
  box: readonly [number, number];
}

/**
 * Widths are shared between profiles (400, 800, 1600) so that a photo used as a card and as a
 * detail banner is encoded once per width: Astro's transform hash is the same.
 */
export const PROFILES: Record<ImageProfile, ProfileSpec> = {
  // List and carousel cards: one column on phones, two to four from 640 px.
  card: { widths: [400, 800], sizes: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw', box: [600, 400] },
  // Detail banners and article photos: the container's width, 1200 px at most.
  hero: { widths: [800, 1600], sizes: '(min-width: 1248px) 1200px, 100vw', box: [1200, 800] },
  // The home slideshow: the whole viewport.
  slide: { widths: [800, 1600], sizes: '100vw', box: [1200, 800] },
  // Gallery thumbnails: two columns on a phone, about 200 px from tablets up.
  thumb: { widths: [400], sizes: '(min-width: 640px) 200px, 50vw', box: [400, 267] },
  // Podcast covers.
  square: { widths: [400], sizes: '(min-width: 640px) 320px, 50vw', box: [400, 400] },
  // Avatars are drawn at 56 to 88 px: one encode, sharp on 2x screens at the largest size.
  avatar: { widths: [176], sizes: '88px', box: [176, 176] },
};

/** The width of the large photo a lightbox or a favourite shows (WebP, shared with the banners' largest width). */
export const LARGE_WIDTH = 1600;

/** The site's own neutral pictures for a missing or broken image. */
export const PLACEHOLDERS = {
  default: '/images/placeholder.svg',
  news: '/images/news-placeholder.svg',
} as const;

/**
 * The widths to encode for an original `originalWidth` px wide: the wanted ones it can give, and
 * the original width itself instead of the larger ones (never enlarged, never two near-equal
 * encodes). At least one width.
 */
export function widthsFor(wanted: readonly number[], originalWidth: number): number[] {
  const fitting = wanted.filter((width) => width <= originalWidth);
  const largest = fitting.at(-1) ?? 0;
  // A photo a little wider than the largest fitting width adds that width only if it is worth it.
  if (fitting.length < wanted.length && originalWidth > largest * 1.25) fitting.push(originalWidth);
  return fitting.length > 0 ? fitting : [originalWidth];
}

/** Height of a picture `width` px wide with the original's aspect ratio. */
export function heightFor(width: number, original: { width: number; height: number }): number {
  return Math.max(1, Math.round((width * original.height) / original.width));
}

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>/gi;

/** The `src` of every <img> in an HTML fragment (entities `&amp;` decoded), in order. */
export function htmlImageSources(html: string): string[] {
  return [...html.matchAll(IMG_SRC)].map((match) => (match[1] ?? match[2] ?? '').replaceAll('&amp;', '&'));
}

/**
 * The HTML with each <img> replaced by what `render` gives for its `src` (and the whole tag, to
 * keep its alt); an <img> `render` returns null for is left as it is.
 */
export async function replaceHtmlImages(
  html: string,
  render: (src: string, tag: string) => Promise<string | null>,
): Promise<string> {
  const parts: string[] = [];
  let last = 0;
  for (const match of html.matchAll(IMG_SRC)) {
    const src = (match[1] ?? match[2] ?? '').replaceAll('&amp;', '&');
    parts.push(html.slice(last, match.index), (await render(src, match[0])) ?? match[0]);
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  return parts.join('');
}

/** The value of attribute `name` in an HTML tag, entities left as they are; null when absent. */
export function tagAttribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? '') : null;
}
