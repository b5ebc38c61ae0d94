/**
 * The Content-Security-Policy of the built pages (src/integrations/csp.ts) in Chromium: every page
 * type loads, hydrates and runs its own scripts with no violation, and so do the things a visitor
 * starts (a map, the Spotify player, the photo lightbox, the site search with its WebAssembly), each
 * checked on the page it is on, scrolled through once. A violation is caught twice: the page's
 * `securitypolicyviolation` events and Chromium's console. The third-party frames are answered by a
 * local stub: the policy is checked before any request. What the served markup and `_headers` say (one
 * policy per page, inline scripts and styles hashed, nothing foreign) is tests/html/csp.test.ts.
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

/**
 * Lets the page settle (islands hydrate when visible: scroll through it, after what a test opened on it, so the
 * page is checked as a whole and what was opened too) and checks it is clean.
 */
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

/** The page types a visitor only opens; the home, a tour and the contact page are checked with what a visitor starts there, below. */
const PAGE_TYPES = [
  ['list with filters', '/all-tours'],
  ['accommodation detail', '/accommodation/201'],
  ['event detail', '/event/401'],
  ['experience', '/experience/1'],
  ['news portal', '/news'],
  ['news article', '/news/1008'],
  ['testimonials portal', '/testimonials'],
  ['favourites', '/favoritos'],
  ['search page', '/busca?q=pesca'],
  ['not found (a driver that does not exist)', '/driver/999'],
] as const;

/**
 * The page types are opened one after the other in one tab, as a visitor goes from page to page: the watch stays on
 * (watchViolations: every document), and a file the browser already holds is checked by the policy as a new one is.
 */
test.describe('no Content-Security-Policy violation', () => {
  test('on every page type', async ({ page }) => {
    test.slow();
    const violations = await watchViolations(page);
    for (const [name, path] of PAGE_TYPES) {
      await test.step(`${name} (${path})`, async () => {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(path === '/driver/999' ? 404 : 200);
        await expectNoViolations(page, violations);
      });
    }
  });

  test('on a contact page after opening its map, and on a tour after opening its photo lightbox', async ({ page }) => {
    test.slow();
    const violations = await watchViolations(page);
    await test.step('the contact page (/contato), then its map', async () => {
      expect((await page.goto('/contato'))?.status()).toBe(200);
      const map = page.getByRole('region', { name: 'Como chegar' });
      await map.scrollIntoViewIfNeeded();
      await map.getByRole('button', { name: 'Mostrar mapa' }).click();
      await expect(map.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?/);
      await expectNoViolations(page, violations);
    });
    await test.step('a tour (/tour/101), then its photo lightbox', async () => {
      expect((await page.goto('/tour/101'))?.status()).toBe(200);
      const gallery = page.getByRole('region', { name: 'Galeria de fotos' });
      await gallery.scrollIntoViewIfNeeded();
      await gallery.locator('[data-gallery] a').nth(1).click();
      const dialog = page.getByRole('dialog', { name: /^Fotos: / });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Próxima foto' }).click();
      await expect(dialog.getByRole('img')).toBeVisible();
      // Closed, so the page behind it is scrolled through as a whole.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expectNoViolations(page, violations);
    });
  });

  test.describe(() => {
    // With the service worker a visitor's browser runs: registering it and its fetches are checked too. Every page
    // registers it with the same call, and caching each page's files cost a fifth of this file's CPU: here only.
    test.use({ serviceWorkers: 'allow' });

    test('on the home (/), then after opening the Spotify player and a search from the header (Pagefind and its WebAssembly)', async ({
      page,
    }) => {
      // The home page is long and full of pictures; on a loaded 2-core machine it outlasts the default timeout.
      test.slow();
      const violations = await watchViolations(page);
      const wasm: string[] = [];
      page.on('request', (request) => {
        if (/\/pagefind\/wasm\.[\w-]+\.pagefind$/.test(request.url())) wasm.push(request.url());
      });
      expect((await page.goto('/'))?.status()).toBe(200);
      await test.step('the Spotify player', async () => {
        await page.locator('[data-podcast-player]').scrollIntoViewIfNeeded();
        await page.getByRole('button', { name: /^Ouvir aqui/ }).click();
        await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/open\.spotify\.com\/embed\//);
      });
      await test.step('a search from the header', async () => {
        await page.getByRole('banner').getByRole('link', { name: 'Buscar no portal' }).click();
        const dialog = page.getByRole('dialog', { name: 'Buscar no portal' });
        await dialog.getByRole('searchbox').fill('pousada tuiuiu');
        await expect(dialog.locator('[href="/accommodation/205"]')).toBeVisible();
        expect(wasm).not.toEqual([]);
        // Closed, so the page behind it is scrolled through as a whole.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });
      await expectNoViolations(page, violations);
    });
  });
});

test.describe('the policy refuses what is not ours', () => {
  test('an injected inline script, an inline handler, a foreign script and a foreign frame are blocked and reported', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await page.goto('/about');
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
