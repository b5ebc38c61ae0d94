/**
 * A filtered list that finds nothing says its filters found nothing, not that the
 * city has none, and offers 'Limpar filtros' back to the whole list, on a phone too.
 */
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

test('no match for the filters: the message names the filters and Limpar filtros brings the list back', async ({ page }) => {
  await page.goto('/all-tours?q=zzzzqqq');
  const results = page.getByRole('region', { name: 'Resultados' });
  await expect(results.getByText('Nenhum resultado para estes filtros.')).toBeVisible();
  await expect(results.getByText(/disponíveis no momento/)).toHaveCount(0);
  await results.getByRole('link', { name: 'Limpar filtros' }).click();
  await expect(page).toHaveURL(/\/all-tours$/);
  await expect(results.locator('[data-list-grid] > li').first()).toBeVisible();
});
