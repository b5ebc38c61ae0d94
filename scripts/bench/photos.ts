/**
 * Real photographs for the benchmarks. Upstream photos are 1600×1000 camera JPEGs of 90-700 KB; a
 * flat drawing encodes to a few KB and hides what a photo costs the build and the visitor. No photo
 * may be committed (licence), so they come from Debian's `plasma-workspace-wallpapers` package
 * (KDE's wallpapers, a large download), fetched at bench time with apt into a cache folder under the OS temp
 * folder, and `count` distinct 1600×1000 JPEGs are derived from its photographs with sharp: each one
 * its own crop (scale and offset), mirror, tone and JPEG quality, kept between runs.
 *
 * The derivation parameters are pure (`photoDerivation`) and tested; the rest does files and apt.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp, { type OutputInfo } from 'sharp';
import type { UpstreamServer } from '../../tests/support/upstream-server.ts';

const run = promisify(execFile);

export const PHOTO_WIDTH = 1600;
export const PHOTO_HEIGHT = 1000;
/** What the provider's real photos weigh, bytes. */
export const PHOTO_MIN_BYTES = 90 * 1024;
export const PHOTO_MAX_BYTES = 700 * 1024;

/** The Debian package and, in it, the wallpapers that are photographs (the others are digital art). */
const PHOTO_PACKAGE = 'plasma-workspace-wallpapers';
export const PHOTO_WALLPAPERS = [
  'BytheWater',
  'ColdRipple',
  'ColorfulCups',
  'DarkestHour',
  'EveningGlow',
  'FallenLeaf',
  'Grey',
  'Kite',
  'OneStandsOut',
  'Path',
  'summer_1am',
] as const;
/** The file of each wallpaper used: 2560×1600, the provider photos' 16:10. */
const WALLPAPER_FILE = 'contents/images/2560x1600.jpg';

/** Where the package and the derived photos are kept between runs. */
export const PHOTO_CACHE = path.join(tmpdir(), 'bench-real-photos');

/** How photo `index` is cut from its source. */
interface PhotoDerivation {
  /** Index in the list of source photos. */
  source: number;
  /** Width of the crop as a fraction of the source's width (the crop keeps 16:10). */
  scale: number;
  /** Where the crop starts, as a fraction of the room left on each axis (0…1). */
  left: number;
  top: number;
  /** Mirrored left to right. */
  flop: boolean;
  /** Brightness and saturation multipliers, hue rotation in degrees: a different exposure. */
  brightness: number;
  saturation: number;
  hue: number;
  /** JPEG quality the derived photo is first encoded at (raised or lowered to land in 90-700 KB). */
  quality: number;
}

/** The crop scales, from the source's own pixels (1600 of 2560) to its whole width. */
export const PHOTO_SCALES = [0.625, 0.7, 0.775, 0.85, 0.925, 1] as const;

const fraction = (value: number) => value - Math.floor(value);

/**
 * The parameters of photo `index` of a pool made from `sources` photos. Consecutive indices go to
 * different sources; along one source, the mirror, the scale and the offset (a golden-ratio
 * sequence, so offsets never repeat and stay spread) change, so every index is a distinct picture.
 */
export function photoDerivation(index: number, sources: number): PhotoDerivation {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`photo index ${index} is not a natural number`);
  if (!Number.isInteger(sources) || sources < 1) throw new RangeError(`${sources} source photos`);
  const source = index % sources;
  const round = Math.floor(index / sources);
  const flop = round % 2 === 1;
  const step = Math.floor(round / 2);
  const scale = PHOTO_SCALES[step % PHOTO_SCALES.length] as number;
  // The whole source has no room to move: its crops differ by tone and mirror only, so the offset
  // sequence is taken per scale and the tone still changes with `step`.
  const n = Math.floor(step / PHOTO_SCALES.length);
  const left = scale === 1 ? 0 : fraction(0.5 + n * 0.618_033_988_75);
  const top = scale === 1 ? 0 : fraction(0.5 + n * 0.754_877_666_25);
  return {
    source,
    scale,
    left: Math.round(left * 1000) / 1000,
    top: Math.round(top * 1000) / 1000,
    flop,
    brightness: Math.round((0.9 + fraction(step * 0.381_966) * 0.2) * 1000) / 1000,
    saturation: Math.round((0.85 + fraction(step * 0.569_84) * 0.3) * 1000) / 1000,
    hue: Math.round(fraction(step * 0.291_4) * 24) - 12,
    quality: 78 + (index % 15),
  };
}

/** The crop rectangle of a derivation in a `width`×`height` source, 16:10, inside the source. */
export function cropRect(
  derivation: Pick<PhotoDerivation, 'scale' | 'left' | 'top'>,
  width: number,
  height: number,
): { left: number; top: number; width: number; height: number } {
  const aspect = PHOTO_WIDTH / PHOTO_HEIGHT;
  let cropWidth = Math.round(width * derivation.scale);
  let cropHeight = Math.round(cropWidth / aspect);
  if (cropHeight > height) {
    cropHeight = height;
    cropWidth = Math.round(cropHeight * aspect);
  }
  return {
    left: Math.round((width - cropWidth) * derivation.left),
    top: Math.round((height - cropHeight) * derivation.top),
    width: cropWidth,
    height: cropHeight,
  };
}

/** The next JPEG quality to try when `bytes` is outside the wanted range; null when it is inside or no quality is left. */
export function nextQuality(quality: number, bytes: number): number | null {
  if (bytes < PHOTO_MIN_BYTES) return quality >= 97 ? null : Math.min(97, quality + 4);
  if (bytes > PHOTO_MAX_BYTES) return quality <= 50 ? null : Math.max(50, quality - 8);
  return null;
}

/** What to do when apt cannot fetch the package: the exact commands. */
export function photoPackageHelp(cache: string): string {
  return [
    `The benchmarks need real photographs from Debian's ${PHOTO_PACKAGE} package (~94 MB), and apt could not fetch it.`,
    'On Debian or Ubuntu, run:',
    '  sudo apt-get update',
    `  mkdir -p ${path.join(cache, 'deb')} && cd ${path.join(cache, 'deb')} && apt-get download ${PHOTO_PACKAGE}`,
    `or download the .deb of ${PHOTO_PACKAGE} from https://packages.debian.org/stable/${PHOTO_PACKAGE} into ${path.join(cache, 'deb')}/,`,
    'then run the benchmark again (it unpacks the .deb with dpkg-deb, or with ar and tar where dpkg-deb is missing).',
  ].join('\n');
}

async function findDeb(dir: string): Promise<string | undefined> {
  if (!existsSync(dir)) return undefined;
  const deb = (await readdir(dir)).find((name) => name.startsWith(`${PHOTO_PACKAGE}_`) && name.endsWith('.deb'));
  return deb && path.join(dir, deb);
}

/** The source photographs (paths), fetching and unpacking the package into `cache` when needed. */
async function ensureSourcePhotos(cache: string = PHOTO_CACHE): Promise<string[]> {
  const unpacked = path.join(cache, 'unpacked');
  const wallpapers = path.join(unpacked, 'usr/share/wallpapers');
  const files = PHOTO_WALLPAPERS.map((name) => path.join(wallpapers, name, WALLPAPER_FILE));
  if (files.every((file) => existsSync(file))) return files;
  const debDir = path.join(cache, 'deb');
  await mkdir(debDir, { recursive: true });
  let deb = await findDeb(debDir);
  if (!deb) {
    console.log(`fetching ${PHOTO_PACKAGE} (~94 MB) with apt-get download into ${debDir}…`);
    try {
      await run('apt-get', ['download', PHOTO_PACKAGE], { cwd: debDir, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      throw new Error(`${(error as Error).message.split('\n')[0]}\n${photoPackageHelp(cache)}`);
    }
    deb = await findDeb(debDir);
    if (!deb) throw new Error(`apt-get download left no .deb in ${debDir}\n${photoPackageHelp(cache)}`);
  }
  const partial = `${unpacked}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  try {
    await run('dpkg-deb', ['-x', deb, partial]);
  } catch {
    // No dpkg-deb (not Debian): a .deb is an ar archive holding data.tar.* (GNU tar reads its compression).
    await run('ar', ['x', deb], { cwd: partial });
    const data = (await readdir(partial)).find((name) => name.startsWith('data.tar'));
    if (!data) throw new Error(`${deb} has no data.tar\n${photoPackageHelp(cache)}`);
    await run('tar', ['-xf', data, '-C', '.'], { cwd: partial });
  }
  await rm(unpacked, { recursive: true, force: true });
  await rename(partial, unpacked);
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`${deb} has no ${missing.map((file) => path.relative(unpacked, file)).join(', ')}`);
  return files;
}

/** A decoded source photo: decoding a 2560×1600 JPEG is most of a derivation's cost, so it is done once. */
type Decoded = { data: Buffer; info: OutputInfo };
const decoded = new Map<string, Promise<Decoded>>();
function decode(file: string): Promise<Decoded> {
  let promise = decoded.get(file);
  if (!promise) {
    promise = sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    decoded.set(file, promise);
  }
  return promise;
}

/** Encodes photo `index` (1600×1000 JPEG, 90-700 KB) from the source files. */
export async function derivePhoto(sources: readonly string[], index: number): Promise<Buffer> {
  const derivation = photoDerivation(index, sources.length);
  const source = await decode(sources[derivation.source] as string);
  const { width, height, channels } = source.info;
  let pipeline = sharp(source.data, { raw: { width, height, channels } })
    .extract(cropRect(derivation, width, height))
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'lanczos3' })
    .modulate({ brightness: derivation.brightness, saturation: derivation.saturation, hue: derivation.hue });
  if (derivation.flop) pipeline = pipeline.flop();
  const raw = await pipeline.raw().toBuffer({ resolveWithObject: true });
  let quality: number | null = derivation.quality;
  let bytes: Buffer;
  do {
    bytes = await sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } })
      .jpeg({ quality, chromaSubsampling: '4:2:0' })
      .toBuffer();
    quality = nextQuality(quality, bytes.length);
  } while (quality !== null);
  return bytes;
}

/** Path of photo `index` in the pool folder. */
const photoFile = (dir: string, index: number) => path.join(dir, `${index}.jpg`);

/**
 * Makes the photos 0…count-1 that are not in `dir` yet (two at a time: the machine's cores);
 * returns how many it made.
 */
export async function ensurePhotoPool(dir: string, count: number, cache: string = PHOTO_CACHE): Promise<number> {
  await mkdir(dir, { recursive: true });
  const todo = Array.from({ length: count }, (_, index) => index).filter((index) => !existsSync(photoFile(dir, index)));
  if (todo.length === 0) return 0;
  const sources = await ensureSourcePhotos(cache);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const index = todo[next++] as number;
      const file = photoFile(dir, index);
      await writeFile(`${file}.tmp.jpg`, await derivePhoto(sources, index));
      await rename(`${file}.tmp.jpg`, file);
    }
  };
  await Promise.all([worker(), worker()]);
  return todo.length;
}

/** Photo `index` of the pool, or undefined when it is not there. */
async function readPoolPhoto(dir: string, index: number): Promise<Buffer | undefined> {
  try {
    return await readFile(photoFile(dir, index));
  } catch {
    return undefined;
  }
}

/** Has `server` answer `/media/{n}.jpg` with photo n of the pool in `dir`, like a CDN beside the API. */
export function servePoolPhotos(server: UpstreamServer, dir: string): void {
  server.setFault(/^\/media\/\d+\.jpg$/, {
    kind: 'respond',
    respond: async (request) => {
      const index = Number(new URL(request.url).pathname.match(/(\d+)\.jpg$/)?.[1]);
      const bytes = await readPoolPhoto(dir, index);
      return bytes
        ? new Response(new Uint8Array(bytes), { headers: { 'content-type': 'image/jpeg', 'cache-control': 'max-age=86400' } })
        : new Response('not found', { status: 404 });
    },
  });
}
