/**
 * The installable site: the manifest from the configuration and the palette, and
 * icons drawn from the configured logo (another logo gives other icons; the maskable one keeps the
 * logo inside the safe zone on the background colour).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { readLogo, renderAppIcon } from '../../src/lib/app-icons.ts';
import { readSiteConfig } from '../../src/lib/config.ts';
import { APP_ICONS, appIconPath, MASKABLE_LOGO_SHARE, readPalette, webAppManifest } from '../../src/lib/web-app.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');
const GLOBAL_CSS = readFileSync(path.resolve(import.meta.dirname, '../../src/styles/global.css'), 'utf8');

describe.each([
  [':root { --green: #2C5F2D; --bg: #f5f5f5; }', { theme: '#2c5f2d', background: '#f5f5f5' }],
  [':root{--bg:#fff;--green:#123456}', { theme: '#123456', background: '#fff' }],
  [':root { --green-dark: #1e3d1e; --bg: #fff; }', null],
  [':root { --green: red; --bg: #fff; }', null],
  ['', null],
])('readPalette(%s)', (css, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => expect(readPalette(css)).toEqual(expected));
});

it("the site's stylesheet has the palette the manifest needs", () => {
  expect(readPalette(GLOBAL_CSS)).toEqual({ theme: '#2c5f2d', background: '#f5f5f5' });
});

describe('webAppManifest', () => {
  const palette = { theme: '#2c5f2d', background: '#f5f5f5' };

  it('takes the names from the configuration, in Portuguese, standalone from the home page', () => {
    const site = readSiteConfig({ CITY_NAME: 'Cáceres', CITY_STATE: 'MT' });
    const manifest = webAppManifest(site, palette);
    expect(manifest).toMatchObject({
      name: 'Turismo Cáceres',
      short_name: 'Cáceres',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#2c5f2d',
      background_color: '#f5f5f5',
    });
    expect(manifest.description).toContain('Cáceres – MT');
  });

  it('SHORT_NAME and BUSINESS_NAME override the defaults', () => {
    const site = readSiteConfig({ BUSINESS_NAME: 'Portal do Rio', SHORT_NAME: 'Rio' });
    expect(webAppManifest(site, palette)).toMatchObject({ name: 'Portal do Rio', short_name: 'Rio' });
  });

  it('lists PNG icons at 192 and 512 px and a maskable 512 px one', () => {
    const { icons } = webAppManifest(readSiteConfig({}), palette);
    expect(icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    expect(APP_ICONS.map(appIconPath)).toEqual(icons.map((icon) => icon.src));
  });
});

const squareLogo = (colour: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="${colour}"/></svg>`,
  );

/** A pixel's red, green, blue and alpha (a palette PNG of an opaque icon stores no alpha: 255). */
async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + info.channels)];
}

describe('renderAppIcon', () => {
  it.each(APP_ICONS)('$name is a square palette PNG of $size px', async (icon) => {
    const png = await renderAppIcon(await readLogo('/logo.svg', PUBLIC), icon, '#f5f5f5');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: icon.size, height: icon.size, isPalette: true });
  });

  it('another logo gives another icon', async () => {
    const red = await renderAppIcon(squareLogo('#ff0000'), APP_ICONS[0], '#f5f5f5');
    const blue = await renderAppIcon(squareLogo('#0000ff'), APP_ICONS[0], '#f5f5f5');
    expect(await pixel(red, 96, 96)).toEqual([255, 0, 0, 255]);
    expect(await pixel(blue, 96, 96)).toEqual([0, 0, 255, 255]);
  });

  it('the maskable icon has the logo inside the safe zone, on the background colour', async () => {
    const png = await renderAppIcon(squareLogo('#ff0000'), APP_ICONS[2], '#2c5f2d');
    const edge = Math.floor((512 * (1 - MASKABLE_LOGO_SHARE)) / 2) - 2;
    expect(await pixel(png, 2, 2)).toEqual([0x2c, 0x5f, 0x2d, 255]);
    expect(await pixel(png, edge, 256)).toEqual([0x2c, 0x5f, 0x2d, 255]);
    expect(await pixel(png, 256, 256)).toEqual([255, 0, 0, 255]);
    // The logo's corner is inside the circle of radius 40 % a platform may keep.
    const corner = (512 * MASKABLE_LOGO_SHARE) / 2;
    expect(Math.hypot(corner, corner)).toBeLessThanOrEqual(512 * 0.4);
  });
});

describe('readLogo', () => {
  it('reads a site path from public/', async () => {
    expect(await readLogo('/logo.svg', PUBLIC)).toEqual(readFileSync(path.join(PUBLIC, 'logo.svg')));
  });

  it('falls back to the default logo when LOGO_PATH is missing or leaves public/', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const dir = await mkdtemp(path.join(tmpdir(), 'logo-'));
    await writeFile(path.join(dir, 'logo.svg'), squareLogo('#00ff00'));
    await writeFile(path.join(dir, 'other.svg'), squareLogo('#ff0000'));
    expect(await readLogo('/other.svg', dir)).toEqual(squareLogo('#ff0000'));
    expect(await readLogo('/missing.svg', dir)).toEqual(squareLogo('#00ff00'));
    expect(await readLogo('/../../etc/passwd', dir)).toEqual(squareLogo('#00ff00'));
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
