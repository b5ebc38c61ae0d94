/**
 * How each kind of picture is served: the widths encoded as AVIF (few, because the benchmark
 * encodes thousands of photos on 2 cores), the one WebP fallback, the `sizes` the browser picks a
 * width with, and the box the placeholder keeps. Pure, so it is tested without a build;
 * src/lib/picture.ts makes the encodes and ResponsiveImage.astro renders them.
 */
import { scanTags, type Tag } from '../integrations/html-scan.ts';

export type ImageProfile = 'card' | 'hero' | 'article' | 'slide' | 'thumb' | 'lightbox' | 'square' | 'avatar';

interface ProfileSpec {
  /** Widths encoded, ascending; only those the original can give without enlarging. */
  widths: readonly number[];
  /** The `sizes` attribute: how wide the picture is drawn at each viewport. */
  sizes: string;
  /** Width and height of the placeholder box (its aspect ratio is the layout's). */
  box: readonly [number, number];
  /** AVIF encoder effort of this profile's widths, where it differs from the width's (astro.config.mjs). */
  avifEffort?: number;
}

/**
 * The widths photos are encoded at, one ladder for every profile, so that a photo used as a card, a
 * detail banner and a gallery thumbnail is encoded once per width (Astro's transform hash is the
 * same). Chosen for the phones the site is made for (390-430 px at DPR 2-3, on slow connections):
 * a phone at DPR 2 takes MEDIUM_WIDTH for a banner or a card (358 px × 2 = 716), one at DPR 3
 * LARGE_BANNER_WIDTH (358 × 3 = 1074); SMALL_WIDTH serves desktop cards (≤ 400 px) and thumbnails.
 * FULL_WIDTH is only for the full-bleed home slideshow on a desktop (a few slides).
 */
export const SMALL_WIDTH = 400;
export const MEDIUM_WIDTH = 720;
export const LARGE_BANNER_WIDTH = 1080;
export const FULL_WIDTH = 1600;
/**
 * The home slideshow's phone width: a slide is the whole viewport, so 375-414 px phones at DPR 2
 * (750-828 device px) and Lighthouse's 412 px at DPR 1.75 (721) would otherwise take the 1080 px
 * encode. The narrower encode is nearly a third lighter and still covers those phones' pixels, so the
 * home's LCP photo fits in about one TCP window (docs/performance.md, *Image encoding*). Slides only:
 * a handful of photos.
 */
export const SLIDE_PHONE_WIDTH = 828;

/**
 * The phone layout's side padding: the .container of global.css (16 px each side). Cards, detail
 * banners and article photos are as wide as the container's content on a phone.
 */
const CONTAINER = 'calc(100vw - 32px)';

export const PROFILES: Record<ImageProfile, ProfileSpec> = {
  // List and carousel cards (global.css .grid: columns of at least 280 px): one column on phones,
  // two from 640 px, 280-400 px from 1024 px.
  card: {
    widths: [SMALL_WIDTH, MEDIUM_WIDTH],
    sizes: `(min-width: 1024px) 400px, (min-width: 640px) 50vw, ${CONTAINER}`,
    box: [600, 400],
  },
  // Detail banners (DetailHero: the container, 1,168 px at most).
  hero: {
    widths: [MEDIUM_WIDTH, LARGE_BANNER_WIDTH],
    sizes: `(min-width: 1200px) 1168px, ${CONTAINER}`,
    box: [1200, 800],
  },
  // A news article's photo and the photos of an article's body (the article column, 880 px at most).
  article: {
    widths: [MEDIUM_WIDTH, LARGE_BANNER_WIDTH],
    sizes: `(min-width: 912px) 880px, ${CONTAINER}`,
    box: [1200, 800],
  },
  // The home slideshow: the whole viewport.
  // Effort 1 at every width: a handful of photos, and the first is the home's LCP image, which phones take at 828,
  // 1080 or 1600 px, where effort 0 makes it half as large again (docs/performance.md, *Image encoding*).
  slide: {
    widths: [MEDIUM_WIDTH, SLIDE_PHONE_WIDTH, LARGE_BANNER_WIDTH, FULL_WIDTH],
    sizes: '100vw',
    box: [1200, 800],
    avifEffort: 1,
  },
  // Gallery thumbnails: two columns on a phone, about 200 px from tablets up.
  thumb: { widths: [SMALL_WIDTH], sizes: '(min-width: 640px) 200px, 50vw', box: [400, 267] },
  // The gallery's large photo in the lightbox (Gallery.astro: 1,200 px at most, 16 px padding each
  // side): the banners' widths, so a photo that is also a banner costs no other encode.
  lightbox: {
    widths: [MEDIUM_WIDTH, LARGE_BANNER_WIDTH],
    sizes: `(min-width: 1232px) 1200px, ${CONTAINER}`,
    box: [1200, 800],
  },
  // Podcast covers.
  square: { widths: [SMALL_WIDTH], sizes: '(min-width: 640px) 320px, 50vw', box: [400, 400] },
  // Avatars are drawn at 56 to 88 px: one encode, sharp on 2x screens at the largest size.
  avatar: { widths: [176], sizes: '88px', box: [176, 176] },
};

/**
 * The `sizes` of a news card's photo once the portal's filtered results make it the large card
 * (NewsCard.astro's `.lead`: from 900 px the photo is 1.3 of 2.3 columns of the 1,168 px container,
 * else the container's width). The card keeps its own widths (400 and 720 px); this lets the browser
 * take the 720 px one where the large card needs it.
 */
export const NEWS_LEAD_CARD_SIZES = `(min-width: 1200px) 660px, (min-width: 900px) 57vw, ${CONTAINER}`;

/**
 * The width in CSS px a `sizes` attribute of this site gives at a viewport `viewport` px wide: the
 * first entry whose `(min-width: Npx)` matches, else the last; a length of `px`, `vw` or
 * `calc(100vw - Npx)` (the forms PROFILES uses). Null for anything else.
 */
export function sizesWidth(sizes: string, viewport: number): number | null {
  for (const entry of sizes.split(',').map((part) => part.trim())) {
    const match = /^(?:\(min-width:\s*(\d+)px\)\s+)?(.+)$/.exec(entry);
    if (!match) return null;
    const [, min, length = ''] = match;
    if (min !== undefined && viewport < Number(min)) continue;
    const px = /^(\d+(?:\.\d+)?)px$/.exec(length);
    if (px) return Number(px[1]);
    const vw = /^(\d+(?:\.\d+)?)vw$/.exec(length);
    if (vw) return (viewport * Number(vw[1])) / 100;
    const calc = /^calc\(100vw - (\d+)px\)$/.exec(length);
    if (calc) return viewport - Number(calc[1]);
    return null;
  }
  return null;
}

/**
 * The width a browser takes from a `w` srcset of `widths` for a slot `slot` CSS px wide on a screen
 * of `dpr` device pixels per CSS px: the smallest that covers slot × dpr, else the largest.
 */
export function chosenWidth(widths: readonly number[], slot: number, dpr: number): number {
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.find((width) => width >= slot * dpr) ?? (sorted.at(-1) as number);
}

/**
 * A search result's photo: search.css draws it 72 × 72 px (`object-fit: cover`), so it is encoded
 * once, cropped square at twice that for screens at DPR 2, as one WebP (a plain URL in the index's
 * meta, so no AVIF with a fallback): a quarter of the 400 px gallery thumbnail's bytes, which a first
 * search took eight of (docs/offline-and-search.md). Quality 50 rather than the site's 68: lighter
 * still, with no difference to see at 72 px (docs/performance.md, *Image encoding*).
 */
export const SEARCH_THUMB = { size: 144, quality: 50 } as const;

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

/**
 * The width of the one WebP a picture encoded at `widths` (widthsFor's answer) carries for browsers
 * without AVIF (few, and on any screen they get a photo a phone at DPR 2 would take): the largest
 * up to MEDIUM_WIDTH, else the smallest. Every WebP of the site is one of these, so a WebP used as a
 * plain URL (a favourite's picture, a search result, the lightbox without AVIF) is no other encode.
 */
export function fallbackWidth(widths: readonly number[]): number {
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.filter((width) => width <= MEDIUM_WIDTH).at(-1) ?? (sorted[0] as number);
}

/** Height of a picture `width` px wide with the original's aspect ratio. */
export function heightFor(width: number, original: { width: number; height: number }): number {
  return Math.max(1, Math.round((width * original.height) / original.width));
}

/** The <img> start tags of an HTML fragment that have a `src`, in order (html-scan.ts: values decoded). */
function htmlImages(html: string, options: { locations?: boolean } = {}): Tag[] {
  return scanTags(html, options).filter((tag) => tag.name === 'img' && tag.attributes.has('src'));
}

/** The `src` of every <img> in an HTML fragment (entities decoded), in order. */
export function htmlImageSources(html: string): string[] {
  return htmlImages(html).map((tag) => tag.attributes.get('src') ?? '');
}

/**
 * The HTML with each <img> replaced by what `render` gives for its `src` (and the tag, to keep its
 * alt); an <img> `render` returns null for is left as it is.
 */
export async function replaceHtmlImages(
  html: string,
  render: (src: string, tag: Tag) => Promise<string | null>,
): Promise<string> {
  const parts: string[] = [];
  let last = 0;
  for (const tag of htmlImages(html, { locations: true })) {
    const [start, end] = tag.span ?? [last, last];
    parts.push(html.slice(last, start), (await render(tag.attributes.get('src') ?? '', tag)) ?? html.slice(start, end));
    last = end;
  }
  parts.push(html.slice(last));
  return parts.join('');
}

const IMAGE_KEYS = new Set(['image', 'banner', 'avatar', 'imageUrl', 'large', 'logo', 'photo', 'cover']);

/**
 * Every image URL in snapshot entries: the values of image-like keys at any depth (item image and
 * banner, gallery `large`, avatars, episode covers...) and the <img> of HTML values. Gallery `thumb`s are left out: the build
 * makes every size from the large photo. The site's own `/images/...` files are not upstream images.
 */
export function collectImageUrls(entries: unknown): string[] {
  return imageUrlsInOrder(entries).sort();
}

/**
 * The image URLs of `value` as collectImageUrls finds them, in the order the value names them, each
 * once: for one snapshot entry, its own photo (`image`, then `banner`) before its gallery, which is
 * the order the image step ranks a record's photos in (scripts/sync/images/schedule.ts, `planImageOrder`).
 */
export function imageUrlsInOrder(data: unknown): string[] {
  const urls = new Set<string>();
  const walk = (value: unknown, key: string | null) => {
    if (typeof value === 'string') {
      if (key && IMAGE_KEYS.has(key) && isUpstreamImageUrl(value)) urls.add(value);
      // Images inside HTML (article bodies) go through the same pipeline (responsiveHtml in src/lib/picture.ts).
      if (value.includes('<img')) for (const src of htmlImageSources(value)) if (isUpstreamImageUrl(src)) urls.add(src);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value && typeof value === 'object') {
      for (const [name, item] of Object.entries(value)) walk(item, name);
    }
  };
  walk(data, null);
  return [...urls];
}

/** http(s) or site-relative, and not one of the site's own files under /images/. */
function isUpstreamImageUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/images/'));
}
