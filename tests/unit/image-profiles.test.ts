import { describe, expect, it } from 'vitest';
import { sharpConfigFor } from '../../src/integrations/image-service.ts';
import {
  chosenWidth,
  collectImageUrls,
  FULL_WIDTH,
  fallbackWidth,
  htmlImageSources,
  imageUrlsInOrder,
  LARGE_BANNER_WIDTH,
  MEDIUM_WIDTH,
  PROFILES,
  replaceHtmlImages,
  SLIDE_PHONE_WIDTH,
  SMALL_WIDTH,
  sizesWidth,
  widthsFor,
} from '../../src/lib/images.ts';

describe('collectImageUrls', () => {
  it('takes image-like fields at any depth and the <img> of HTML, not thumbnails nor the site’s own files', () => {
    const entries = [
      {
        id: '1',
        image: 'https://cdn.example.com/a.jpg',
        banner: null,
        gallery: [{ large: '/sample-media/tours/b-large.jpg', thumb: '/sample-media/tours/b-thumb.jpg' }],
        contentHtml: '<p>x</p><img alt="y" src="https://cdn.example.com/c.png?w=1&amp;h=2"><img src=\'/images/placeholder.svg\'>',
      },
      { id: '2', avatar: 'https://cdn.example.com/a.jpg', image: '/images/placeholder.svg', imageUrl: 'javascript:alert(1)' },
    ];
    expect(collectImageUrls(entries)).toEqual([
      '/sample-media/tours/b-large.jpg',
      'https://cdn.example.com/a.jpg',
      'https://cdn.example.com/c.png?w=1&h=2',
    ]);
  });

  it('gives one record’s images in the order it names them, its own photo first, each once', () => {
    const tour = {
      id: '7',
      image: 'https://cdn.example.com/z-capa.jpg',
      banner: 'https://cdn.example.com/y-banner.jpg',
      gallery: [{ large: 'https://cdn.example.com/b.jpg' }, { large: 'https://cdn.example.com/a.jpg' }],
      descriptionHtml: '<img src="https://cdn.example.com/z-capa.jpg"><img src="https://cdn.example.com/0.jpg">',
    };
    expect(imageUrlsInOrder(tour)).toEqual([
      'https://cdn.example.com/z-capa.jpg',
      'https://cdn.example.com/y-banner.jpg',
      'https://cdn.example.com/b.jpg',
      'https://cdn.example.com/a.jpg',
      'https://cdn.example.com/0.jpg',
    ]);
    expect(collectImageUrls(tour)).toEqual([...imageUrlsInOrder(tour)].sort());
  });
});

describe('widthsFor', () => {
  it.each([
    { wanted: [400, 800], original: 1200, expected: [400, 800] },
    { wanted: [800, 1600], original: 1200, expected: [800, 1200] },
    { wanted: [800, 1600], original: 900, expected: [800] },
    { wanted: [400, 800], original: 300, expected: [300] },
    { wanted: [160], original: 160, expected: [160] },
  ])('$wanted from a $original px original → $expected', ({ wanted, original, expected }) => {
    expect(widthsFor(wanted, original)).toEqual(expected);
  });
});

describe('sharpConfigFor', () => {
  const config = {
    avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
    avifEffortByWidth: { 720: 1 },
    webp: { quality: 68, effort: 2 },
  };
  it.each([
    { width: 720, effort: 1 },
    { width: 1080, effort: 0 },
    { width: 721, effort: 0 },
    { width: undefined, effort: 0 },
  ])('AVIF $width px: effort $effort, the other options as configured', ({ width, effort }) => {
    expect(sharpConfigFor(config, width)).toEqual({
      avif: { quality: 50, effort, chromaSubsampling: '4:2:0' },
      webp: { quality: 68, effort: 2 },
    });
  });

  it('takes the effort a profile asks for over the width table', () => {
    expect(sharpConfigFor(config, 1080, 1).avif).toEqual({ quality: 50, effort: 1, chromaSubsampling: '4:2:0' });
    expect(sharpConfigFor(config, 720, 0).avif?.effort).toBe(0);
  });

  it("is Astro's configuration as it is without a table", () => {
    expect(sharpConfigFor({ avif: { effort: 3 } }, 720)).toEqual({ avif: { effort: 3 } });
  });
});

describe('fallbackWidth', () => {
  it.each([
    { widths: [400, 720], expected: 720 },
    { widths: [720, 1080], expected: 720 },
    { widths: [720, 1080, 1600], expected: 720 },
    { widths: [400], expected: 400 },
    { widths: [176], expected: 176 },
    // An original narrower than the ladder: its own width (widthsFor's answer).
    { widths: [400, 600], expected: 600 },
    { widths: [1000], expected: 1000 },
  ])('one WebP of $widths: $expected px', ({ widths, expected }) => {
    expect(fallbackWidth(widths)).toBe(expected);
  });

  it('is the same encode for every profile a 1600 px photo is drawn with that fits a phone at DPR 2', () => {
    const fallbacks = (['card', 'hero', 'article', 'slide', 'lightbox'] as const).map((profile) =>
      fallbackWidth(widthsFor(PROFILES[profile].widths, 1600)),
    );
    expect(new Set(fallbacks)).toEqual(new Set([MEDIUM_WIDTH]));
  });
});

describe('sizes and widths per layout', () => {
  it.each([
    // The layouts at a 390 px phone, a 412 px one (Lighthouse's), a tablet and a desktop.
    { profile: 'card', viewport: 390, width: 358 },
    { profile: 'card', viewport: 700, width: 350 },
    { profile: 'card', viewport: 1280, width: 400 },
    { profile: 'hero', viewport: 390, width: 358 },
    { profile: 'hero', viewport: 412, width: 380 },
    { profile: 'hero', viewport: 1280, width: 1168 },
    { profile: 'article', viewport: 430, width: 398 },
    { profile: 'article', viewport: 1280, width: 880 },
    { profile: 'slide', viewport: 390, width: 390 },
    { profile: 'thumb', viewport: 390, width: 195 },
    { profile: 'thumb', viewport: 1280, width: 200 },
    { profile: 'lightbox', viewport: 390, width: 358 },
    { profile: 'lightbox', viewport: 1440, width: 1200 },
  ] as const)('$profile at $viewport px is drawn $width px wide', ({ profile, viewport, width }) => {
    expect(sizesWidth(PROFILES[profile].sizes, viewport)).toBe(width);
  });

  it.each([
    // A 390-430 px phone at DPR 2 takes the 720 px photo for its LCP picture, at DPR 3 the 1080 px one;
    // Lighthouse's 412 px at DPR 1.75 the 720 px one. Never the 1600 px photo.
    { profile: 'hero', viewport: 390, dpr: 2, width: MEDIUM_WIDTH },
    { profile: 'hero', viewport: 430, dpr: 2, width: LARGE_BANNER_WIDTH },
    { profile: 'hero', viewport: 390, dpr: 3, width: LARGE_BANNER_WIDTH },
    { profile: 'hero', viewport: 412, dpr: 1.75, width: MEDIUM_WIDTH },
    { profile: 'article', viewport: 390, dpr: 2, width: MEDIUM_WIDTH },
    { profile: 'article', viewport: 430, dpr: 3, width: LARGE_BANNER_WIDTH },
    { profile: 'card', viewport: 390, dpr: 2, width: MEDIUM_WIDTH },
    { profile: 'card', viewport: 390, dpr: 3, width: MEDIUM_WIDTH },
    { profile: 'card', viewport: 1280, dpr: 1, width: SMALL_WIDTH },
    { profile: 'slide', viewport: 390, dpr: 2, width: SLIDE_PHONE_WIDTH },
    { profile: 'slide', viewport: 412, dpr: 1.75, width: SLIDE_PHONE_WIDTH },
    { profile: 'slide', viewport: 414, dpr: 2, width: SLIDE_PHONE_WIDTH },
    { profile: 'slide', viewport: 430, dpr: 2, width: LARGE_BANNER_WIDTH },
    { profile: 'slide', viewport: 360, dpr: 2, width: MEDIUM_WIDTH },
    { profile: 'slide', viewport: 1440, dpr: 1, width: FULL_WIDTH },
  ] as const)('$profile at $viewport px, DPR $dpr → the $width px photo', ({ profile, viewport, dpr, width }) => {
    const slot = sizesWidth(PROFILES[profile].sizes, viewport) as number;
    expect(chosenWidth(widthsFor(PROFILES[profile].widths, 1600), slot, dpr)).toBe(width);
  });

  it('encodes every profile from one ladder, so a photo used as a card and a banner shares its encodes', () => {
    const ladder = new Set([
      SMALL_WIDTH,
      MEDIUM_WIDTH,
      SLIDE_PHONE_WIDTH,
      LARGE_BANNER_WIDTH,
      FULL_WIDTH,
      PROFILES.avatar.widths[0],
    ]);
    for (const spec of Object.values(PROFILES)) for (const width of spec.widths) expect(ladder).toContain(width);
    // Only the full-bleed slideshow is encoded at 828 and 1600 px (the lightbox takes the banners' widths).
    for (const width of [SLIDE_PHONE_WIDTH, FULL_WIDTH]) {
      const users = Object.entries(PROFILES).filter(([, spec]) => spec.widths.includes(width));
      expect(users.map(([name]) => name)).toEqual(['slide']);
    }
  });

  it('reads nothing it does not know', () => {
    expect(sizesWidth('50em', 400)).toBeNull();
    expect(sizesWidth('(max-width: 600px) 100vw', 400)).toBeNull();
  });
});

describe('HTML images', () => {
  it('finds every <img> src and replaces only those the renderer handles', async () => {
    const html = '<p>a</p><img src="/x.jpg" alt="X"><p>b</p><img alt=\'Y\' src=\'/y.jpg\'>';
    expect(htmlImageSources(html)).toEqual(['/x.jpg', '/y.jpg']);
    const out = await replaceHtmlImages(html, async (src) => (src === '/x.jpg' ? '<picture>X</picture>' : null));
    expect(out).toBe("<p>a</p><picture>X</picture><p>b</p><img alt='Y' src='/y.jpg'>");
  });

  it('reads <img> as a browser does: a `>` in a value, references, unquoted and upper-case, not inside a comment', async () => {
    const html =
      '<!-- <img src="/no.jpg"> --><img alt="a > b" src="/a.jpg?w=1&amp;h=2"><IMG SRC=/b.jpg ALT=B><p>x</p><img alt="sem src">';
    expect(htmlImageSources(html)).toEqual(['/a.jpg?w=1&h=2', '/b.jpg']);
    const out = await replaceHtmlImages(html, async (src, tag) => `[${src} ${tag.attributes.get('alt')}]`);
    expect(out).toBe('<!-- <img src="/no.jpg"> -->[/a.jpg?w=1&h=2 a > b][/b.jpg B]<p>x</p><img alt="sem src">');
  });
});
