/**
 * The agenda in a browser (docs/product.md, Agenda): read without JavaScript at a phone's and a desktop's
 * width, no serious accessibility violation, each entry's calendar links reachable above the card's own
 * link, and the `.ics` file served as a calendar. What the agenda lists, and in which order, is
 * tests/html/agenda.test.ts.
 */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, WIDTHS } from './support.ts';

for (const { name, width, height } of WIDTHS) {
  test(`/agenda at ${name} width (${width} px): read without JavaScript, no serious accessibility violation`, async ({
    browser,
    page,
  }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height } });
    const plain = await noScript.newPage();
    await plain.goto(new URL('/agenda', test.info().project.use.baseURL).href);
    await expect(plain.getByRole('heading', { level: 1, name: 'Agenda de eventos' })).toBeVisible();
    const groups = plain.getByRole('heading', { level: 2 });
    expect(await groups.count()).toBeGreaterThan(0);
    for (const heading of await groups.all()) await expect(heading).toBeVisible();
    expect(await plain.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await noScript.close();

    await page.setViewportSize({ width, height });
    await page.goto('/agenda');
    await expectNoSeriousA11yViolations(page);
  });
}

test("an entry's calendar links take the tap, its title the card's; the .ics file is served as a calendar", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/agenda');
  const entry = page
    .locator('li.agenda-entry')
    .filter({ has: page.locator('a[data-calendar="ics"]') })
    .first();
  const ics = entry.locator('a[data-calendar="ics"]');
  const google = entry.locator('a[data-calendar="google"]');
  // `trial` runs the checks of a click without clicking: the link itself, not the card's cover, receives it.
  await ics.click({ trial: true, timeout: 5000 });
  await google.click({ trial: true, timeout: 5000 });
  await expect(google).toHaveAttribute('target', '_blank');

  const response = await request.get((await ics.getAttribute('href')) ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await response.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*\r\nDTSTART[;:]/);

  // Elsewhere on the card, a tap opens the event's page: the title link's cover takes it (a forced click lands on
  // whatever is on top at the date badge's centre, as a finger would).
  const title = entry.getByRole('heading', { level: 3 }).getByRole('link');
  const href = (await title.getAttribute('href')) ?? '';
  await entry.locator('.badge').click({ force: true });
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});
