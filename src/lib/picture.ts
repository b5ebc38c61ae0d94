/**
 * The build side of the image cache: upstream URL → the cached original as an Astro local image
 * (virtual:image-cache, made by src/integrations/image-cache.ts from the sync's manifest).
 */

import { getImage } from 'astro:assets';
import { dimensions, failed, images } from 'virtual:image-cache';
import type { ImageMetadata } from 'astro';
import { fallbackWidth, heightFor, type ImageProfile, PLACEHOLDERS, PROFILES, replaceHtmlImages, widthsFor } from './images.ts';

/** The upstream images the sync could not make into a photo, with why (URL → reason); each is shown as the placeholder. */
export const failedImages: Readonly<Record<string, string>> = failed;

const warned = new Set<string>();

/** A cached original: the image for Astro's pipeline and its upright size. */
interface CachedPicture {
  src: ImageMetadata;
  width: number;
  height: number;
}

/** The cached original of `url`; null for no URL, a failed download or a URL the sync never saw. */
export function cachedImage(url: string | null | undefined): CachedPicture | null {
  if (!url) return null;
  const src = images[url];
  const size = dimensions[url];
  if (src && size) return { src, width: size[0], height: size[1] };
  // The sync warned about its failures already; a URL it never saw is a field it does not collect.
  if (!(url in failed) && !url.startsWith('/images/') && !warned.has(url)) {
    warned.add(url);
    console.warn(`[image-cache] ${url} is not in the image manifest: the placeholder is shown`);
  }
  return null;
}

/**
 * `compute()` once per key for the whole build: a photo is drawn on many pages (a card on every
 * list, a banner, a thumbnail), and getImage hashes its transform on every call. Safe because the
 * build gathers the transforms of every getImage in one list, whichever page asked first.
 */
function remember<T>(cache: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  let result = cache.get(key);
  if (!result) {
    result = compute();
    cache.set(key, result);
  }
  return result;
}

/** The encodes of a cached photo drawn with one profile. */
interface PictureSources {
  /** The `srcset` of the <source type="image/avif">: one AVIF per width. */
  avifSrcset: string;
  /** The AVIF of the largest width. */
  avifSrc: string;
  /** The one WebP (fallbackWidth) for browsers without AVIF: the <img>'s src. */
  webpSrc: string;
  /** The largest width and its height: the <img>'s width and height (its aspect ratio). */
  width: number;
  height: number;
  sizes: string;
}

async function encodeSources(image: CachedPicture, profile: ImageProfile): Promise<PictureSources> {
  const spec = PROFILES[profile];
  const widths = widthsFor(spec.widths, image.width);
  const width = widths.at(-1) ?? image.width;
  const height = heightFor(width, image);
  const webpWidth = fallbackWidth(widths);
  const [avif, webp] = await Promise.all([
    getImage({
      src: image.src,
      widths,
      width,
      height,
      format: 'avif',
      sizes: spec.sizes,
      ...(spec.avifEffort === undefined ? {} : { effort: spec.avifEffort }),
    }),
    getImage({ src: image.src, width: webpWidth, height: heightFor(webpWidth, image), format: 'webp' }),
  ]);
  return { avifSrcset: avif.srcSet.attribute, avifSrc: avif.src, webpSrc: webp.src, width, height, sizes: spec.sizes };
}

const sourcesByPicture = new Map<string, Promise<PictureSources>>();

/**
 * What a picture of `url` drawn with `profile` is made of: the AVIF widths of the profile and one
 * WebP, rather than every width in both formats (Astro's <Picture>): a WebP at each width would
 * double the build's encodes for the few browsers without AVIF. Null when the image is not cached.
 */
export async function pictureSources(url: string | null | undefined, profile: ImageProfile): Promise<PictureSources | null> {
  const image = cachedImage(url);
  if (!url || !image) return null;
  return remember(sourcesByPicture, `${profile} ${url}`, () => encodeSources(image, profile));
}

/**
 * The WebP of `url` drawn with `profile` (its <picture>'s fallback, so no other encode), for what is
 * used as a plain URL: a favourite's picture, a search result, the testimonials' avatars;
 * `fallback` when the image is not cached.
 */
export async function webpUrl<T extends string | null>(
  url: string | null | undefined,
  fallback: T,
  profile: ImageProfile,
): Promise<string | T> {
  return (await pictureSources(url, profile))?.webpSrc ?? fallback;
}

const squareThumbs = new Map<string, Promise<string>>();

/**
 * `url` cropped square (the middle of the photo, as `object-fit: cover` shows it) at `size` px,
 * one WebP at `quality`; null when the image is not cached. For a picture drawn small and square
 * from a plain URL: a search result (SEARCH_THUMB).
 */
export async function squareWebpUrl(
  url: string | null | undefined,
  { size, quality }: { size: number; quality: number },
): Promise<string | null> {
  const image = cachedImage(url);
  if (!url || !image) return null;
  return remember(
    squareThumbs,
    `${size} ${quality} ${url}`,
    async () => (await getImage({ src: image.src, width: size, height: size, fit: 'cover', format: 'webp', quality })).src,
  );
}

/**
 * An HTML fragment (an article body) with each cached <img> served like <ResponsiveImage
 * profile="article">: a <picture> with the AVIF widths and the WebP, its width and height, lazy. An
 * image the cache does not have becomes the placeholder, keeping its alt.
 */
export async function responsiveHtml(html: string): Promise<string> {
  if (!html.includes('<img')) return html;
  const spec = PROFILES.article;
  return replaceHtmlImages(html, async (src, tag) => {
    if (src.startsWith('/images/')) return null;
    const alt = escapeAttribute(tag.attributes.get('alt') ?? '');
    const sources = await pictureSources(src, 'article');
    if (!sources) {
      return `<img src="${PLACEHOLDERS.default}" alt="${alt}" width="${spec.box[0]}" height="${spec.box[1]}" loading="lazy" decoding="async" data-placeholder>`;
    }
    return (
      `<picture class="responsive-picture"><source type="image/avif" srcset="${sources.avifSrcset}" sizes="${sources.sizes}">` +
      `<img src="${sources.webpSrc}" alt="${alt}" width="${sources.width}" height="${sources.height}" loading="lazy" decoding="async"></picture>`
    );
  });
}

/** What a `<link rel="preload" as="image">` of a page's LCP picture carries. */
export interface ImagePreload {
  /** The AVIF of the largest width, for a browser that ignores imagesrcset. */
  href: string;
  srcset: string;
  sizes: string;
  type: 'image/avif';
}

/**
 * The preload of the LCP picture `url` drawn with `profile`: the same AVIF srcset and sizes as its
 * <ResponsiveImage> (the same encodes), so the browser fetches in the page's first bytes the very
 * file the <picture> then takes. Null when the image is not cached.
 */
export async function imagePreload(url: string | null | undefined, profile: ImageProfile): Promise<ImagePreload | null> {
  const sources = await pictureSources(url, profile);
  if (!sources) return null;
  return { href: sources.avifSrc, srcset: sources.avifSrcset, sizes: sources.sizes, type: 'image/avif' };
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const shareImages = new Map<string, Promise<string>>();

/**
 * The picture link previews show (og:image, twitter:image): a JPEG at most 1200 px wide from the
 * cache, because not every messaging app previews WebP; null when the image is not cached.
 */
export async function shareImageUrl(url: string | null | undefined): Promise<string | null> {
  const image = cachedImage(url);
  if (!url || !image) return null;
  return remember(shareImages, url, async () => {
    const width = widthsFor([1200], image.width).at(-1) ?? image.width;
    return (await getImage({ src: image.src, width, height: heightFor(width, image), format: 'jpg' })).src;
  });
}

/** The site's own public images (placeholders): served from dist as they are. */
const isPublicImage = (url: string) => url.startsWith('/images/');

/**
 * Structured data (JSON-LD) with every `image` our own copy: the cached JPEG previews use, or a
 * public file of the site, as an absolute URL. An upstream file is never linked (it may be gone,
 * slow or private tomorrow) and the sample's /sample-media/ is not published: an image we have no
 * copy of is left out, and an `image` list with none left is removed.
 */
export async function withOwnImages(value: unknown, absolute: (path: string) => string): Promise<unknown> {
  const own = async (url: unknown) => {
    if (typeof url !== 'string') return null;
    const copy = (await shareImageUrl(url)) ?? (isPublicImage(url) ? url : null);
    return copy && absolute(copy);
  };
  if (Array.isArray(value)) return Promise.all(value.map((entry) => withOwnImages(entry, absolute)));
  if (!value || typeof value !== 'object') return value;
  const entries = await Promise.all(
    Object.entries(value).map(async ([key, entry]): Promise<[string, unknown]> => {
      if (key !== 'image' || (typeof entry !== 'string' && !Array.isArray(entry))) {
        return [key, await withOwnImages(entry, absolute)];
      }
      const urls = (await Promise.all((Array.isArray(entry) ? entry : [entry]).map(own))).filter(Boolean);
      return [key, Array.isArray(entry) ? urls : urls[0]];
    }),
  );
  return Object.fromEntries(
    entries.filter(([key, entry]) => key !== 'image' || (Array.isArray(entry) ? entry.length > 0 : entry)),
  );
}
