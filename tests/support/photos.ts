/**
 * A photo for the image cache's tests (tests/unit/images.test.ts, image-schedule.test.ts), made with sharp.
 */
import sharp from 'sharp';

/** A photo-like JPEG: a gradient, so it is not trivially small. */
export async function jpeg(width: number, height: number, seed = 0): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#${(0x2a7 + seed).toString(16).padStart(3, '0')}"/><stop offset="1" stop-color="#fc3"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#135"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
