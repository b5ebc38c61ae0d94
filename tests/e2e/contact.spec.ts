/**
 * The contact form (docs/product.md) and the embeds on request: messages next to
 * the fields on an invalid submit, typed text kept, focus on the first error, the hand-off to the
 * agency's e-mail (mailto: with subject and body); no map or player frame, and no request to the
 * maps service or Spotify, before the visitor asks.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  boxOf,
  expectNoSeriousA11yViolations,
  holdResponses,
  isSameSize,
  playerMinHeight,
  stubThirdParties,
  WIDTHS,
} from './support.ts';

const AGENCY_EMAIL = 'turismo@turismobarradobugres.com.br';
/**
 * The form where scripts run: its button enabled by the island's directive (a submit before React comes is
 * kept and carried out once it runs: src/islands/ContactForm.tsx), the browser's own checks off.
 */
async function enhancedForm(page: Page) {
  const form = page.getByRole('form', { name: 'Envie uma mensagem' });
  await form.scrollIntoViewIfNeeded();
  await expect(form).toHaveJSProperty('noValidate', true);
  await expect(form.getByRole('button', { name: 'Enviar Mensagem' })).toBeEnabled();
  return form;
}

for (const { name, width, height } of WIDTHS) {
  test.describe(`contact and embeds at ${name} width`, () => {
    test.use({ viewport: { width, height } });

    test('an empty submit shows the messages next to the fields and focuses the first', async ({ page }) => {
      await page.goto('/contato');
      const form = await enhancedForm(page);
      await form.getByRole('button', { name: 'Enviar Mensagem' }).click();

      const expected = [
        ['Nome', 'Informe seu nome.'],
        ['E-mail', 'Informe seu e-mail.'],
        ['Assunto', 'Informe o assunto da mensagem.'],
        ['Mensagem', 'Escreva sua mensagem.'],
      ] as const;
      for (const [label, message] of expected) {
        const field = form.getByLabel(label, { exact: true });
        await expect(field).toHaveAttribute('aria-invalid', 'true');
        await expect(field).toHaveAccessibleDescription(message);
        await expect(form.getByText(message)).toBeVisible();
      }
      await expect(form.getByLabel('Nome', { exact: true })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
    });

    test("podcast player on request, in its placeholder's place, at least the height docs/product.md asks for", async ({
      page,
    }) => {
      const requests = await stubThirdParties(page);
      await page.goto('/');
      await page.locator('[data-podcast-player]').scrollIntoViewIfNeeded();
      const placeholder = await boxOf(page.locator('[data-podcast-player]'));
      const listen = page.getByRole('button', { name: /^Ouvir aqui/ });
      await expect(listen).toBeVisible();
      // Before the player, the latest episode's own link opens Spotify in a new tab.
      await expect(page.getByRole('link', { name: /^Ouvir no Spotify – Ep\. 7/ })).toHaveAttribute('target', '_blank');
      await expect(page.locator('iframe')).toHaveCount(0);
      expect(requests).toEqual([]);
      await listen.click();
      const frame = page.locator('iframe');
      await expect(frame).toHaveAttribute('src', 'https://open.spotify.com/embed/episode/rjX6c53MFCUseGkBtNzWxS');
      await expect(frame).toHaveAttribute('title', /^Player do Spotify: Ep\. 7/);
      // The player takes the placeholder's box: nothing below it moves.
      const player = await boxOf(frame);
      expect(isSameSize(player, placeholder)).toBe(true);
      expect(player.height).toBeGreaterThanOrEqual(playerMinHeight(width));
      // The player took the placeholder's place; the episode list below does not repeat the latest one.
      await expect(page.getByRole('link', { name: /^Ouvir no Spotify – Ep\. 7/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Ouvir no Spotify – Ep\. 6/ })).toHaveAttribute('target', '_blank');
    });
  });
}

// The form's behaviour and the maps on request do not depend on the width: at a phone's, where the
// error messages and the accessibility sweep of each state are checked at both widths above.
test.describe('contact and embeds at phone width', () => {
  test.use({ viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height } });

  test('typed text is kept, the focus goes to the first error, a fixed field loses its message', async ({ page }) => {
    await page.goto('/contato');
    const form = await enhancedForm(page);
    await form.getByLabel('Nome', { exact: true }).fill('Ana Souza');
    await form.getByLabel('E-mail', { exact: true }).fill('ana@');
    await form.getByLabel('Mensagem', { exact: true }).fill('Quero saber dos passeios.');
    await form.getByRole('button', { name: 'Enviar Mensagem' }).click();

    const email = form.getByLabel('E-mail', { exact: true });
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('Informe um e-mail válido, como nome@exemplo.com.');
    await expect(form.getByLabel('Assunto', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Nome', { exact: true })).toHaveValue('Ana Souza');
    await expect(form.getByLabel('Nome', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveValue('ana@');
    await expect(form.getByLabel('Mensagem', { exact: true })).toHaveValue('Quero saber dos passeios.');

    await email.fill('ana@exemplo.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Informe um e-mail válido')).toHaveCount(0);
  });

  test('a valid message is handed to the agency by e-mail, with subject and body', async ({ page }) => {
    await page.goto('/contato');
    const form = await enhancedForm(page);
    await form.getByLabel('Nome', { exact: true }).fill('Ana Souza');
    await form.getByLabel('E-mail', { exact: true }).fill('ana@exemplo.com');
    await form.getByLabel('Assunto', { exact: true }).fill('Passeio & pousada');
    await form.getByLabel('Mensagem', { exact: true }).fill('Olá!\nHá vagas em julho?');
    await form.getByRole('button', { name: 'Enviar Mensagem' }).click();

    await expect(form.getByRole('status')).toContainText('Abrimos seu aplicativo de e-mail');
    const href = (await form.locator('a[data-handoff="email"]').getAttribute('href')) ?? '';
    expect(href.startsWith(`mailto:${AGENCY_EMAIL}?subject=`)).toBe(true);
    const params = new URL(href).searchParams;
    expect(params.get('subject')).toBe('Passeio & pousada');
    expect(params.get('body')).toBe('Olá!\r\nHá vagas em julho?\r\n\r\n--\r\nNome: Ana Souza\r\nE-mail: ana@exemplo.com');
    // The page stays: the e-mail program opens on top, the form keeps the text.
    await expect(page).toHaveURL(/\/contato$/);
    await expect(form.getByLabel('Assunto', { exact: true })).toHaveValue('Passeio & pousada');
    await expectNoSeriousA11yViolations(page);
  });

  test('a message typed and sent before the form’s code arrives is handed off once it runs, not sent as the page’s address', async ({
    page,
  }) => {
    const { held, release } = await holdResponses(page, /\/_astro\/ContactForm\.[\w-]+\.js$/);
    await page.goto('/contato');
    const form = await enhancedForm(page);
    await form.getByLabel('Nome', { exact: true }).fill('Ana Souza');
    await form.getByLabel('E-mail', { exact: true }).fill('ana@exemplo.com');
    await form.getByLabel('Assunto', { exact: true }).fill('Passeio');
    await form.getByLabel('Mensagem', { exact: true }).fill('Há vagas em julho?');
    await form.getByRole('button', { name: 'Enviar Mensagem' }).click();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(form.getByRole('status')).toHaveText('');
    await expect(page).toHaveURL(/\/contato$/);
    release();
    await expect(form.getByRole('status')).toContainText('Abrimos seu aplicativo de e-mail');
    expect(new URL((await form.locator('a[data-handoff="email"]').getAttribute('href')) ?? '').searchParams.get('body')).toMatch(
      /^Há vagas em julho\?\r\n\r\n--\r\nNome: Ana Souza/,
    );
    await expect(page).toHaveURL(/\/contato$/);
    await expect(form.getByLabel('Nome', { exact: true })).toHaveValue('Ana Souza');
  });

  test('contact map: no frame and no request before "Mostrar mapa"', async ({ page }) => {
    const requests = await stubThirdParties(page);
    await page.goto('/contato');
    const map = page.getByRole('region', { name: 'Como chegar' });
    await map.scrollIntoViewIfNeeded();
    const show = map.getByRole('button', { name: 'Mostrar mapa' });
    await expect(show).toBeVisible();
    await expect(map.getByRole('link', { name: /^Como chegar/ })).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(requests).toEqual([]);

    await show.click();
    const frame = map.locator('iframe');
    await expect(frame).toHaveAttribute('src', 'https://www.google.com/maps?q=-15.0728%2C-57.1817&output=embed');
    await expect(frame).toHaveAttribute('title', /^Mapa: Av\. Beira Rio/);
    await expect(frame).toBeFocused();
    await expect.poll(() => requests.length).toBeGreaterThan(0);
    // The directions link stays once the placeholder is gone.
    await expect(map.getByRole('link', { name: /^Abrir no mapa/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('accommodation map on request', async ({ page }) => {
    const requests = await stubThirdParties(page);
    await page.goto('/accommodation/201');
    await page.getByRole('region', { name: 'Localização' }).scrollIntoViewIfNeeded();
    const show = page.getByRole('button', { name: 'Mostrar mapa' });
    await expect(show).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(requests).toEqual([]);
    await show.click();
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute(
      'src',
      /^https:\/\/www\.google\.com\/maps\?q=.*Av\.%20Beira%20Rio%2C%20780.*&output=embed$/,
    );
    await expect(frame).toHaveAttribute('title', /^Mapa: /);
    await expect(page.getByRole('link', { name: /^Como chegar/ })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the static form sends nowhere insecure: its button waits for the island, a note links the agency e-mail instead; no embed button', async ({
    page,
  }) => {
    await page.goto('/contato');
    const form = page.getByRole('form', { name: 'Envie uma mensagem' });
    // A mailto: action is mixed content on HTTPS: Chrome answers its submission with a 'Form is not secure' page.
    await expect(form).not.toHaveAttribute('action', /./);
    await expect(form.getByRole('button', { name: 'Enviar Mensagem' })).toBeDisabled();
    await expect(form.getByRole('link', { name: AGENCY_EMAIL })).toHaveAttribute('href', `mailto:${AGENCY_EMAIL}`);
    await expect(form.getByLabel('Mensagem', { exact: true })).toHaveAttribute('rows', '6');
    for (const label of ['Nome', 'E-mail', 'Assunto', 'Mensagem']) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
    await expect(page.getByRole('button', { name: 'Mostrar mapa' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Como chegar/ })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('button', { name: /^Ouvir aqui/ })).toHaveCount(0);
  });
});
