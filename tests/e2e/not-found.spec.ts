/**
 * The 404 page: one h1 in its HTML, and the one shown after the script picks the
 * message for the address.
 */
import { expect, test } from '@playwright/test';

test('the 404 page has one h1 in its HTML and one after it picks its message', async ({ page, request }) => {
  const html = await (await request.get('/no-such-page')).text();
  expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
  await page.goto('/driver/999');
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condutor não encontrado.');
});
