import { expect, test } from '@playwright/test';

test('the home page of the sample site renders and names the city', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Barra do Bugres/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Barra do Bugres');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
});
