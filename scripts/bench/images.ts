/**
 * The benchmark's image pool: `count` distinct JPEG photos-to-be (1200×800, a few shapes and a
 * grain so they weigh like camera pictures, not like flat colour), made with sharp once and kept
 * in a folder across runs.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const POOL_WIDTH = 1200;
export const POOL_HEIGHT = 800;

/** The SVG picture `index` of the pool: a sky, a horizon and a few shapes in its own colours. */
export function poolSvg(index: number): string {
  const hue = (index * 137.508) % 360;
  const shapes = Array.from({ length: 6 }, (_, shape) => {
    const x = (index * 97 + shape * 211) % POOL_WIDTH;
    const y = 300 + ((index * 53 + shape * 89) % 450);
    const r = 40 + ((index + shape * 31) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + shape * 40) % 360},55%,${35 + shape * 6}%)" opacity="0.8"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${POOL_WIDTH}" height="${POOL_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue},70%,75%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,30%)"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<path d="M0 ${420 + (index % 80)} Q 300 ${330 + (index % 120)} 600 ${430 + (index % 60)} T 1200 400 V 800 H 0 Z" fill="hsl(${(hue + 120) % 360},40%,28%)"/>
${shapes}
<text x="40" y="760" font-family="sans-serif" font-size="48" fill="white">bench ${index}</text>
</svg>`;
}

/** Path of picture `index` in the pool folder. */
export const poolFile = (dir: string, index: number) => path.join(dir, `${index}.jpg`);

/** Makes the pictures 0…count-1 that are not in `dir` yet; returns how many it made. */
export async function ensureImagePool(dir: string, count: number): Promise<number> {
  await mkdir(dir, { recursive: true });
  let made = 0;
  // One grain for every picture: making the noise is most of the cost of a picture.
  let grain: Buffer | undefined;
  for (let index = 0; index < count; index += 1) {
    const file = poolFile(dir, index);
    if (existsSync(file)) continue;
    grain ??= await sharp({
      create: {
        width: POOL_WIDTH,
        height: POOL_HEIGHT,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 12 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await sharp(Buffer.from(poolSvg(index)))
      .composite([{ input: grain, blend: 'soft-light' }])
      .jpeg({ quality: 82 })
      .toFile(file);
    made += 1;
  }
  return made;
}

/** Picture `index` of the pool, or undefined when it is not there. */
export async function readPoolImage(dir: string, index: number): Promise<Buffer | undefined> {
  try {
    return await readFile(poolFile(dir, index));
  } catch {
    return undefined;
  }
}
