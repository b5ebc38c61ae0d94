/**
 * Images in the static HTML of the sample build: every upstream picture is a <picture> of AVIF widths
 * and one WebP with its width and height, the LCP picture eager with fetchpriority="high", the rest
 * lazy. What the browser takes and what a page costs a phone: tests/e2e/images.spec.ts.
 */
import { expect, it } from 'vitest';
import { jsonLd, page, region } from '../support/dist-pages.ts';

/** Every <img> of the page: its attributes and, inside a <picture>, the <source>s. */
function imagesOf(path: string) {
  return [...page(path).querySelectorAll('img')].map((image) => {
    const picture = image.parentElement?.tagName === 'PICTURE' ? image.parentElement : null;
    return {
      src: image.getAttribute('src') ?? '',
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      fetchpriority: image.getAttribute('fetchpriority'),
      srcset: image.getAttribute('srcset') ?? '',
      sources: picture
        ? [...picture.querySelectorAll('source')].map((source) => ({
            type: source.getAttribute('type'),
            srcset: source.getAttribute('srcset') ?? '',
            sizes: source.getAttribute('sizes'),
          }))
        : null,
    };
  });
}

it.each(['/', '/all-tours', '/accommodation/201', '/news/1271', '/testimonials', '/destination'])(
  '%s: every image has width and height; every photo is AVIF + WebP from /_astro/',
  (path) => {
    const images = imagesOf(path);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(Number(image.width), image.src).toBeGreaterThan(0);
      expect(Number(image.height), image.src).toBeGreaterThan(0);
      // Upstream photos never load from where the upstream put them (the sample's /sample-media/ is not in dist/).
      expect(image.src).not.toContain('sample-media');
      if (image.sources) {
        expect(image.sources).toEqual([
          { type: 'image/avif', srcset: expect.stringMatching(/^\/_astro\/\S+\.avif \d+w/), sizes: expect.any(String) },
        ]);
        // One WebP for browsers without AVIF: the widths are the AVIF's.
        expect(image.src).toMatch(/^\/_astro\/\S+\.webp$/);
        expect(image.srcset).toBe('');
      } else {
        // Not a photo: the logo, or a placeholder of the site's own.
        expect(image.src).toMatch(/^\/(logo\.svg|images\/[\w-]+\.svg)$/);
      }
    }
    // One LCP candidate at most is fetched at high priority.
    expect(images.filter((image) => image.fetchpriority === 'high').length).toBeLessThanOrEqual(1);
  },
);

it('home: the first slide is the LCP picture (eager, high priority), the other slides lazy', () => {
  const slides = [...region(page('/'), /^Fotos de /).querySelectorAll('img[alt]:not([alt=""])')];
  expect(slides.length).toBeGreaterThan(1);
  expect(slides[0]?.getAttribute('loading')).toBe('eager');
  expect(slides[0]?.getAttribute('fetchpriority')).toBe('high');
  for (const slide of slides.slice(1)) {
    expect(slide.getAttribute('loading')).toBe('lazy');
    expect(slide.hasAttribute('fetchpriority')).toBe(false);
  }
});

it('detail: the banner is eager and high priority; the gallery is lazy', () => {
  const document = page('/accommodation/201');
  const banner = [...document.querySelectorAll('img')].filter(
    (image) => image.getAttribute('alt') === 'Foto de Hotel Rio Paraguai',
  );
  expect(banner).toHaveLength(1);
  expect(banner[0]?.getAttribute('loading')).toBe('eager');
  expect(banner[0]?.getAttribute('fetchpriority')).toBe('high');
  const thumbnails = region(document, 'Galeria de fotos').querySelectorAll('img[alt]:not([alt=""])');
  expect(thumbnails).toHaveLength(6);
  for (const thumbnail of thumbnails) expect(thumbnail.getAttribute('loading')).toBe('lazy');
});

it('news article: the images of the body are pictures too, lazy, with their alt', () => {
  const body = [...page('/news/1271').querySelectorAll('.prose picture img')];
  expect(body.length).toBeGreaterThan(0);
  for (const image of body) {
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('alt')).toMatch(/\S/);
    expect(image.getAttribute('width')).toMatch(/^\d+$/);
  }
});

it.each(['/destination', '/contato'])(
  "%s names the city's first photo in its JSON-LD as our own copy (the share image the build made)",
  (path) => {
    const document = page(path);
    const [described] = jsonLd(document).filter((block) => block['@type'] !== 'BreadcrumbList');
    const shared = document.querySelector('meta[property="og:image"]')?.getAttribute('content');
    expect(shared).toMatch(/^https?:\/\/[^/]+\/_astro\/[\w.-]+\.jpg$/);
    expect(described?.image).toBe(shared);
  },
);
