/**
 * The installed site's icons, drawn at build time with sharp from the configured logo (LOGO_PATH):
 * a site path is read from public/, an https URL is downloaded once per build. Node only.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type AppIcon, MASKABLE_LOGO_SHARE } from './web-app.ts';

/** The logo shipped with the site, used when LOGO_PATH cannot be read. */
const DEFAULT_LOGO_PATH = '/logo.svg';

/** The logo's bytes: `logoPath` under `publicDir` or from its https URL; the default logo when that fails. */
export async function readLogo(logoPath: string, publicDir: string): Promise<Buffer> {
  try {
    if (/^https:\/\//.test(logoPath)) {
      const response = await fetch(logoPath, { signal: AbortSignal.timeout(15_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    }
    const file = path.resolve(publicDir, `.${path.posix.normalize(logoPath)}`);
    if (!file.startsWith(path.resolve(publicDir) + path.sep)) throw new Error('outside public/');
    return await readFile(file);
  } catch (error) {
    // A missing logo must not stop the nightly build: the site still installs, with the default icons.
    console.warn(`App icons: LOGO_PATH ${logoPath} unreadable (${(error as Error).message}); using ${DEFAULT_LOGO_PATH}.`);
    return readFile(path.join(publicDir, DEFAULT_LOGO_PATH));
  }
}

/**
 * One icon as a square PNG: the whole logo centred on a transparent square (`any`), or inside the
 * maskable safe zone on the `background` colour (`maskable`, which platforms crop to their shape).
 */
export async function renderAppIcon(logo: Buffer, icon: Pick<AppIcon, 'size' | 'purpose'>, background: string): Promise<Buffer> {
  const isMaskable = icon.purpose === 'maskable';
  const inner = isMaskable ? Math.floor(icon.size * MASKABLE_LOGO_SHARE) : icon.size;
  // density: an SVG logo is rasterised sharp at the icon's size, not scaled up from 72 dpi.
  const drawn = await sharp(logo, { density: 300 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  // A palette of at most 256 colours, dithered where a logo has more: a fraction of the full-colour bytes, the same
  // to the eye. A phone fetches them when it installs the site, and Chromium as the page loads.
  return sharp({
    create: {
      width: icon.size,
      height: icon.size,
      channels: 4,
      background: isMaskable ? background : { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}
