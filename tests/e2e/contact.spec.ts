/**
 * The contact page in Chromium (docs/product.md): the map on request (no frame, and no request to the
 * maps service, before the visitor asks; the frame focused after), an empty submit's messages read as the
 * fields' descriptions with the focus on the first, the hand-off to the agency's e-mail (mailto: with
 * subject and body) with the page staying, the accessibility sweep of each state; a message sent before
 * the form's code arrives. What the form does once it runs, for each way an agency can be reached (typed
 * text kept, a fixed field's message gone), is tests/components/ContactForm.test.tsx; what the page serves,
 * with or without JavaScript, tests/html/contact-form.test.ts and tests/html/embeds.test.ts. The home's podcast player on
 * request: tests/e2e/home.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, holdResponses, stubThirdParties, WIDTHS } from './support.ts';

const [PHONE, DESKTOP] = WIDTHS;
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

const MESSAGES = [
  ['Nome', 'Informe seu nome.'],
  ['E-mail', 'Informe seu e-mail.'],
  ['Assunto', 'Informe o assunto da mensagem.'],
  ['Mensagem', 'Escreva sua mensagem.'],
] as const;

// The form's behaviour and the map do not depend on the width: at a phone's, with the sweep of the messages'
// state at both widths (the window resized, the state kept).
test.use({ viewport: { width: PHONE.width, height: PHONE.height } });

test('/contato: the map only on request; an empty submit shows the messages by the fields; a valid message is handed to the agency by e-mail', async ({
  page,
}) => {
  // Three states and three sweeps in one load: on a loaded 2-core machine, beyond the default timeout.
  test.slow();
  const requests = await stubThirdParties(page);
  await page.goto('/contato');

  await test.step('the map: no frame and no request before "Mostrar mapa", then the frame, focused', async () => {
    const map = page.getByRole('region', { name: 'Como chegar' });
    await map.scrollIntoViewIfNeeded();
    const show = map.getByRole('button', { name: 'Mostrar mapa' });
    await expect(show).toBeVisible();
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
    // The open map stays: the sweeps of the next step, over the whole page, take it in.
  });

  const form = await enhancedForm(page);

  await test.step('an empty submit shows the messages next to the fields and focuses the first', async () => {
    await form.getByRole('button', { name: 'Enviar Mensagem' }).click();
    for (const [label, message] of MESSAGES) {
      const field = form.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(form.getByLabel('Nome', { exact: true })).toBeFocused();
    // The page with its messages and the open map, at each width.
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
    for (const [, message] of MESSAGES) await expect(form.getByText(message)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  await test.step('a valid message is handed to the agency by e-mail, with subject and body; the page stays', async () => {
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
    // The e-mail program opens on top, the form keeps the text.
    await expect(page).toHaveURL(/\/contato$/);
    await expect(form.getByLabel('Assunto', { exact: true })).toHaveValue('Passeio & pousada');
    // The form is what changed since the sweeps above.
    await expectNoSeriousA11yViolations(page, 'form.contact-form');
  });
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
