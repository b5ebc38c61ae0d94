/**
 * Home behaviour added on top of the static sections: the podcast's topic chips, and the splash screen,
 * which may only appear while the page is really still arriving (the hero slideshow is tested with the
 * carousels). The splash tests load the home through a local
 * proxy that holds the HTML back just before the hero until the test lets it go.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, ORIGIN, pauseClock, WIDTHS } from './support.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const [PHONE] = WIDTHS;

/**
 * A proxy to the preview server that sends the home HTML up to the hero, then waits for
 * `release()` before sending the rest; every other request passes straight through.
 */
async function stallingProxy(): Promise<{ url: string; release: () => void; close: () => Promise<void> }> {
  // Each request for the home stalls until the next release, so one proxy (one origin, one
  // sessionStorage) serves several slow visits.
  let release = () => {};
  let released = Promise.resolve();
  const arm = () => {
    released = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  arm();
  const server: Server = createServer(async (req, res) => {
    if (req.url === '/' || req.url === '/index.html') {
      const gate = released;
      const html = await (await fetch(`${ORIGIN}/`)).text();
      const cut = html.indexOf('<section id="inicio"');
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      // Enough bytes for the browser to start parsing and run the splash script.
      res.write(html.slice(0, cut));
      res.write(`<!--${' '.repeat(4096)}-->`);
      await gate;
      res.end(html.slice(cut));
      return;
    }
    const upstream = httpRequest(`${ORIGIN}${req.url}`, { method: req.method, headers: req.headers }, (response) => {
      res.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    release: () => {
      release();
      arm();
    },
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Records whether a splash element was ever added to the page. */
async function recordSplash(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const flag = window as unknown as { splashSeen: boolean };
    flag.splashSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-splash]')) flag.splashSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
}
const splashSeen = (page: Page) => page.evaluate(() => (window as unknown as { splashSeen: boolean }).splashSeen);

// At one width: what a chip does is the island's (tests/components/podcast.test.tsx), the same at any width; here a
// real tap and the filtered section's accessibility sweep.
test.describe(`home behaviour at ${PHONE.name} width`, () => {
  test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

  test('podcast topic chips filter the recent episodes and toggle off again', async ({ page }) => {
    await page.goto('/');
    const podcast = section(page, 'Vozes do Turismo');
    const topics = podcast.getByRole('list', { name: 'Temas do podcast' });
    await expect(topics.getByRole('listitem')).toHaveCount(4);
    // What a chip keeps (a phone then shows the first three of them, tests/e2e/hands.spec.ts).
    const episodes = podcast.locator('.episodes > li:not([hidden])');
    const gastronomy = topics.getByRole('button', { name: 'Gastronomia' });
    await expect(gastronomy).toHaveAttribute('aria-pressed', 'false');

    await gastronomy.click();
    await expect(gastronomy).toHaveAttribute('aria-pressed', 'true');
    await expect(episodes).toHaveCount(1);
    await expect(episodes.getByRole('heading')).toHaveText(/A cozinha da mojica/);
    await expect(podcast.getByRole('status').filter({ hasText: 'sobre' })).toHaveText('1 episódio sobre Gastronomia');
    // The episode keeps its 'Ouvir no Spotify' link.
    await expect(episodes.getByRole('link', { name: /^Ouvir no Spotify/ })).toHaveAttribute('target', '_blank');

    const nature = topics.getByRole('button', { name: 'Natureza' });
    await nature.click();
    await expect(gastronomy).toHaveAttribute('aria-pressed', 'false');
    await expect(episodes).toHaveCount(4);
    await expect(podcast.getByText('4 episódios sobre Natureza')).toBeVisible();
    // The section, filtered (tests/e2e/home.spec.ts scans the whole home as it loads).
    await expectNoSeriousA11yViolations(page, '#podcast');

    await nature.click();
    await expect(nature).toHaveAttribute('aria-pressed', 'false');
    await expect(episodes).toHaveCount(6);
    await expect(podcast.getByText(/episódios? sobre/)).toHaveCount(0);
    // The player placeholder is still there, loaded only on request.
    await expect(podcast.locator('iframe')).toHaveCount(0);
  });
});

test.describe('splash screen', () => {
  test('a page that arrives at once never shows it', async ({ page }) => {
    await recordSplash(page);
    await page.goto('/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(800);
    expect(await splashSeen(page)).toBe(false);
  });

  test('while the hero is still on its way it shows, grows every 300 ms, rotates its text every 1.5 s, and goes when the hero arrives', async ({
    page,
  }) => {
    const proxy = await stallingProxy();
    try {
      await pauseClock(page);
      await page.goto(proxy.url, { waitUntil: 'commit' });
      // The splash script has run (it marks the session) before the clock moves: on a busy machine the stalled
      // first part can still be on its way when the navigation commits.
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('bbt:splash'))).toBe('1');
      const progress = page.getByRole('progressbar', { name: 'Carregando a página' });
      await expect(progress).toHaveCount(0);
      await page.clock.runFor(600);
      await expect(progress).toBeVisible();
      // Below the sticky header: what had already arrived stays visible.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.locator('[data-splash]')).toContainText('Carregando experiências');
      const before = Number(await progress.getAttribute('aria-valuenow'));
      await page.clock.runFor(900);
      const after = Number(await progress.getAttribute('aria-valuenow'));
      expect(after).toBeGreaterThan(before);
      expect(after).toBeLessThan(100);
      await page.clock.runFor(600);
      await expect(page.locator('[data-splash]')).toContainText('Buscando notícias');
      await page.clock.runFor(1500);
      await expect(page.locator('[data-splash]')).toContainText('Preparando depoimentos');

      proxy.release();
      await page.waitForLoadState('domcontentloaded');
      await expect(page.locator('[data-splash]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // A second home in the same session (same origin) goes without it, however slow.
      await recordSplash(page);
      await page.goto(proxy.url, { waitUntil: 'commit' });
      // The header comes before the splash script in the stalled first part: once it shows, the script has run.
      await expect(page.getByRole('banner')).toBeVisible();
      await page.clock.runFor(3000);
      expect(await splashSeen(page)).toBe(false);
      proxy.release();
    } finally {
      await proxy.close();
    }
  });

  test('under reduced motion it never shows', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await recordSplash(page);
    const proxy = await stallingProxy();
    try {
      await pauseClock(page);
      await page.goto(proxy.url, { waitUntil: 'commit' });
      await page.clock.runFor(3000);
      expect(await splashSeen(page)).toBe(false);
      proxy.release();
    } finally {
      await proxy.close();
    }
  });

  test('without JavaScript there is no splash at all', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/`);
    await expect(page.locator('[data-splash], .splash')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });
});
