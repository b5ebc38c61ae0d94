/**
 * The eMAG 3.1 tools as a visitor uses them (docs/product.md, Accessibility): the access keys Alt+1…4
 * and the skip links move the focus to the content, the menu, the search entry and the footer; 'Alto
 * contraste' is remembered across a reload and drawn from the first frame, follows the system's
 * prefers-contrast when the visitor chose nothing, also without JavaScript; and the accessibility sweep
 * of /acessibilidade. That every page has the links and their targets is tests/html/accessibility.test.ts.
 */
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { SKIP_LINKS } from '../../src/lib/navigation.ts';
import { expectNoSeriousA11yViolations, WIDTHS } from './support.ts';

/** Where each skip link lands, as the keyboard visitor meets it. */
const TARGETS: Record<string, string> = {
  conteudo: 'main#conteudo',
  menu: '.site-header #menu',
  busca: '.site-header a#busca',
  rodape: 'footer#rodape',
};

/**
 * Alt+n as Chromium reads an access key on Linux and Windows: from the key's unmodified text, which
 * Playwright's keyboard does not send along with Alt.
 */
async function pressAccessKey(cdp: CDPSession, key: string): Promise<void> {
  const event = { modifiers: 1, key, code: `Digit${key}`, windowsVirtualKeyCode: key.charCodeAt(0) };
  await cdp.send('Input.dispatchKeyEvent', { ...event, type: 'keyDown', unmodifiedText: key });
  await cdp.send('Input.dispatchKeyEvent', { ...event, type: 'keyUp' });
}

for (const { name, width } of [
  { name: 'phone', width: 390 },
  { name: 'desktop', width: 1280 },
]) {
  test(`at ${name} width the skip links come first, and each and its access key focus their target`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/about');
    const bar = page.getByRole('navigation', { name: 'Atalhos' });
    // Out of sight until focused: it takes no room on the page.
    expect(await bar.evaluate((nav) => nav.getBoundingClientRect().height)).toBeLessThanOrEqual(1);

    for (const link of SKIP_LINKS) {
      await page.keyboard.press('Tab');
      const skip = bar.getByRole('link', { name: new RegExp(`^${link.label}`) });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
    }
    await bar.getByRole('link', { name: /^Ir para o rodapé/ }).press('Enter');
    await expect(page.locator(TARGETS.rodape as string)).toBeFocused();

    const cdp = await page.context().newCDPSession(page);
    for (const link of SKIP_LINKS) {
      await pressAccessKey(cdp, link.key);
      await expect(page.locator(TARGETS[link.target] as string)).toBeFocused();
    }
    // From the menu's landing, the next Tab is the menu itself: the desktop menu, or the phone's search entry and drawer.
    await pressAccessKey(cdp, '2');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText(width >= 1280 ? 'Início' : /Buscar no portal/);
    // The search entry keeps its place in the Tab order after being a target.
    await expect(page.locator('a#busca')).not.toHaveAttribute('tabindex');
  });
}

/** What the page looked like in its first frame: the theme's class and its text colour. */
async function recordFirstFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const root = document.documentElement;
      (window as unknown as { firstFrame: object }).firstFrame = {
        isHighContrast: root.classList.contains('contrast-more'),
        text: getComputedStyle(document.body).color,
      };
    });
  });
}

const firstFrame = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { firstFrame?: object }).firstFrame).then((handle) => handle.jsonValue());

test.describe("'Alto contraste'", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('is remembered on the device and drawn from the first frame after a reload, and switched off the same way', async ({
    page,
  }) => {
    await recordFirstFrame(page);
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Alto contraste' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await firstFrame(page)).toEqual({ isHighContrast: false, text: 'rgb(51, 51, 51)' });

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    expect(await firstFrame(page)).toEqual({ isHighContrast: true, text: 'rgb(0, 0, 0)' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // Links are underlined, however the component draws them.
    expect(
      await page
        .locator('.site-header .favourites-link, .site-header .brand')
        .first()
        .evaluate((link) => getComputedStyle(link).textDecorationLine),
    ).toBe('underline');

    await toggle.click();
    await page.reload();
    expect(await firstFrame(page)).toEqual({ isHighContrast: false, text: 'rgb(51, 51, 51)' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  test("follows the system's prefers-contrast until the visitor chooses, also without JavaScript", async ({ page, browser }) => {
    await page.emulateMedia({ contrast: 'more' });
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Alto contraste' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(51, 51, 51)');

    const noScript = await browser.newContext({ javaScriptEnabled: false, contrast: 'more' });
    const plain = await noScript.newPage();
    await plain.goto(new URL('/about', page.url()).href);
    expect(await plain.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(0, 0, 0)');
    await expect(plain.getByRole('button', { name: 'Alto contraste' })).toBeHidden();
    await noScript.close();
  });
});

for (const { name, width, height } of WIDTHS) {
  test(`/acessibilidade at ${name} width (${width} px): no serious accessibility violation`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/acessibilidade');
    await expect(page.getByRole('heading', { level: 1, name: 'Acessibilidade' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
