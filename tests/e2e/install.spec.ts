/**
 * The installable site (every page's head links the web app manifest: tests/html/words.test.ts): its fields are
 * the ones installation needs; each icon it lists is a PNG of the size it claims (decoded with
 * sharp); and Chromium itself finds no installability error (CDP Page.getInstallabilityErrors).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { findChromium } from '../../scripts/ensure-browser.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

test('the manifest has the fields installation needs and icons of the sizes it lists', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Turismo Barra do Bugres',
    short_name: 'Barra do Bugres',
    lang: 'pt-BR',
    start_url: '/',
    display: 'standalone',
    theme_color: '#2c5f2d',
    background_color: '#f5f5f5',
  });
  expect((await request.get(manifest.start_url)).status()).toBe(200);

  const icons: ManifestIcon[] = manifest.icons;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await answer.body()).metadata();
    expect(meta.format).toBe('png');
    expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
  }
  // The maskable icon is opaque to its corners (platforms crop it to their shape), the others need not be. A PNG
  // without an alpha channel (a palette of opaque colours) is opaque: its alpha reads 255.
  const maskable = icons.find((icon) => icon.purpose === 'maskable');
  const { data } = await sharp(await (await request.get(maskable?.src ?? '')).body())
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(data[3]).toBe(255);
});

// Playwright's own contexts are incognito, where Chromium never offers installation: this one runs in
// a persistent profile, with the project's Chromium and flags.
test('Chromium finds the site installable (no installability error)', async ({ playwright, baseURL }) => {
  const profile = await mkdtemp(path.join(tmpdir(), 'install-'));
  const executablePath = findChromium();
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const session = await context.newCDPSession(page);
    // Chromium checks the manifest and icons asynchronously: ask until the answer settles.
    await expect
      .poll(async () => (await session.send('Page.getInstallabilityErrors')).installabilityErrors.map((error) => error.errorId), {
        timeout: 15_000,
      })
      .toEqual([]);
    const { url, errors } = await session.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
