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

test('the sitemap lists no page that asks search engines not to index it', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const paths: string[] = [];
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await request.get(new URL(sitemap ?? '').pathname)).text();
    paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname));
  }
  expect(paths.length).toBeGreaterThan(20);
  const noindex = [];
  for (const path of paths) {
    if (/name="robots" content="noindex/.test(await (await request.get(path)).text())) noindex.push(path);
  }
  expect(noindex).toEqual([]);
});
