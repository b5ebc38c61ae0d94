/**
 * Images an upstream has sent that the build could not encode or that published more than a
 * picture, made with sharp in a few bytes: for the image cache's unit tests and the bad-night
 * images build (tests/integration/bad-night-images.test.ts).
 */
import sharp from 'sharp';

/** Where a photo was taken, as a phone writes it in EXIF (Barra do Bugres). */
export const GPS_EXIF = {
  IFD0: { Make: 'Telefone', Model: 'Câmera traseira' },
  IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '15/1 4/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '57/1 11/1 0/1' },
} as const;

/** An 8×8 BigTIFF: sharp reads it, Astro's service refuses it ('UnsupportedImageFormat: … `bigtiff`'). */
export function bigTiff(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
    .tiff({ bigtiff: true })
    .toBuffer();
}

/**
 * A long screenshot, `width`×`height` (taller than WebP's 16,383 px), with the phone's GPS in its
 * EXIF: Astro's AVIF and WebP encodes of it fail, and it copied the JPEG into dist/ as it was.
 */
export function tallGpsJpeg(width = 300, height = 20_000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a55' } })
    .jpeg({ quality: 60 })
    .withExif(GPS_EXIF)
    .toBuffer();
}

/** A photo with the phone's GPS in its EXIF, turned by its orientation tag (6: a quarter clockwise). */
export function gpsPhoto(width = 120, height = 80, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#3a6' } }).jpeg();
  return (orientation ? image.withMetadata({ orientation }).withExifMerge(GPS_EXIF) : image.withExif(GPS_EXIF)).toBuffer();
}

/** An animated GIF of `frames` frames of 10×10, red then blue. */
export async function animatedGif(frames = 2): Promise<Buffer> {
  const colours = ['#f00', '#00f', '#0f0'];
  const pixels = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background: colours[index % colours.length] ?? '#000' } })
        .raw()
        .toBuffer(),
    ),
  );
  return sharp(Buffer.concat(pixels), { raw: { width: 10, height: 10 * frames, channels: 3, pageHeight: 10 } })
    .gif({ loop: 0, delay: Array.from({ length: frames }, () => 100) })
    .toBuffer();
}

/** A 1×40,000 px strip: within 16,383 px of height it would be under one pixel wide, so no picture keeps its shape. */
export function thinStrip(): Promise<Buffer> {
  return sharp({ create: { width: 1, height: 40_000, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
}
