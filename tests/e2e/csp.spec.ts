/**
 * The Content-Security-Policy of the built pages (src/integrations/csp.ts) in Chromium: every page
 * type loads, hydrates and runs its own scripts with no violation, and so do the things a visitor
 * starts (a map, the Spotify player, the photo lightbox, the site search with its WebAssembly).
 * A violation is caught twice: the page's `securitypolicyviolation` events and Chromium's console.
 * The third-party frames are answered by a local stub: the policy is checked before any request.
 */
import { expect, type Page, test } from '@playwright/test';
import { stubThirdParties } from './support.ts';

interface Violations {
  events: string[];
  console: string[];
}

/** Starts recording violations on every document of the page (before its first script runs). */
async function watchViolations(page: Page): Promise<Violations> {
  const violations: Violations = { events: [], console: [] };
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.events.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect|compile)/i.test(message.text())) {
      violations.console.push(message.text());
    }
  });
  await stubThirdParties(page);
  return violations;
}

/** Lets the page settle (islands hydrate when visible: scroll through it) and checks it is clean. */
async function expectNoViolations(page: Page, violations: Violations): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  // Quiet network means every picture and chunk the scroll asked for has been tried (and refused, if
  // the policy says so). A page that keeps a request open (the service worker warming its cache, an
  // embedded frame) is checked after the bound instead.
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  expect(violations.events, 'securitypolicyviolation events').toEqual([]);
  expect(violations.console, 'console messages about the policy').toEqual([]);
}

const PAGE_TYPES = [
  ['home', '/'],
  ['list with filters', '/all-tours'],
  ['tour detail', '/tour/101'],
  ['accommodation detail', '/accommodation/201'],
  ['event detail', '/event/401'],
  ['experience', '/experience/1'],
  ['news portal', '/news'],
  ['news article', '/news/1008'],
  ['testimonials portal', '/testimonials'],
  ['contact', '/contato'],
  ['favourites', '/favoritos'],
  ['search page', '/busca?q=pesca'],
  ['not found (a driver that does not exist)', '/driver/999'],
] as const;

test.describe('no Content-Security-Policy violation', () => {
  for (const [name, path] of PAGE_TYPES) {
    test.describe(() => {
      // On the home, with the service worker a visitor's browser runs: registering it and its fetches are checked
      // too. Every page registers it with the same call, and caching each page's files cost a fifth of this file's CPU.
      if (path === '/') test.use({ serviceWorkers: 'allow' });

      test(`${name} (${path})`, async ({ page }) => {
        // The home page is long and full of pictures; on a loaded 2-core machine it outlasts the default timeout.
        if (path === '/') test.slow();
        const violations = await watchViolations(page);
        const response = await page.goto(path);
        expect(response?.status()).toBeLessThan(path === '/driver/999' ? 500 : 400);
        await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveCount(1);
        await expectNoViolations(page, violations);
      });
    });
  }

  test('after opening a map', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/contato');
    const map = page.getByRole('region', { name: 'Como chegar' });
    await map.scrollIntoViewIfNeeded();
    await map.getByRole('button', { name: 'Mostrar mapa' }).click();
    await expect(map.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?/);
    await expectNoViolations(page, violations);
  });

  test('after opening the Spotify player', async ({ page }) => {
    test.slow();
    const violations = await watchViolations(page);
    await page.goto('/');
    await page.locator('[data-podcast-player]').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: /^Ouvir aqui/ }).click();
    await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/open\.spotify\.com\/embed\//);
    await expectNoViolations(page, violations);
  });

  test('after opening the photo lightbox', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/tour/101');
    const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
    await gallery.scrollIntoViewIfNeeded();
    await gallery.locator('[data-gallery] a').nth(1).click();
    const dialog = page.getByRole('dialog', { name: /^Fotos: / });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Próxima foto' }).click();
    await expect(dialog.getByRole('img')).toBeVisible();
    await expectNoViolations(page, violations);
  });

  test('after a search from the header (Pagefind and its WebAssembly)', async ({ page }) => {
    test.slow();
    const violations = await watchViolations(page);
    const wasm: string[] = [];
    page.on('request', (request) => {
      if (/\/pagefind\/wasm\.[\w-]+\.pagefind$/.test(request.url())) wasm.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Buscar no portal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buscar no portal' });
    await dialog.getByRole('searchbox').fill('pousada tuiuiu');
    await expect(dialog.locator('[href="/accommodation/205"]')).toBeVisible();
    expect(wasm).not.toEqual([]);
    await expectNoViolations(page, violations);
  });
});

test.describe('the policy refuses what is not ours', () => {
  test('an injected inline script, an inline handler, a foreign script and a foreign frame are blocked and reported', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.__injected = true';
      document.body.append(inline);
      const handler = document.createElement('img');
      handler.setAttribute('onerror', 'window.__handler = true');
      handler.src = '/nao-existe.png';
      document.body.append(handler);
      const foreign = document.createElement('script');
      foreign.src = 'https://cdn.example.net/x.js';
      document.body.append(foreign);
      const frame = document.createElement('iframe');
      frame.src = 'https://example.net/';
      document.body.append(frame);
    });
    // Polled as a whole: with the policy in a header and in the <meta>, each breach is reported twice.
    await expect
      .poll(() => violations.events)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^script-src-elem blocked inline/),
          expect.stringMatching(/^script-src-attr blocked inline/),
          expect.stringMatching(/^script-src-elem blocked https:\/\/cdn\.example\.net\/x\.js/),
          expect.stringMatching(/^frame-src blocked https:\/\/example\.net/),
        ]),
      );
    expect(await page.evaluate(() => [Reflect.get(window, '__injected'), Reflect.get(window, '__handler')])).toEqual([
      undefined,
      undefined,
    ]);
  });
});
