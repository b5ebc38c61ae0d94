/**
 * The list travels: with a tour and a news article saved, 'Enviar pelo
 * WhatsApp' is one wa.me message carrying every saved title and link; 'Copiar link' gives a
 * /favoritos URL that opens the same list in a fresh browser context, whose 'Adicionar aos meus
 * favoritos' saves it there. A list from a stranger with a phishing entry (a link that leaves the
 * site) shows and saves only the entry that is an item of this site.
 */
import { expect, type Page, test } from '@playwright/test';
import { collectForeignRequests, expectNoSeriousA11yViolations, savedCard } from './support.ts';

const SITE_URL = 'https://turismo.example.com.br';

/** Saves the first card of `listPath` with its heart; returns its title and path. */
async function saveFirstCard(page: Page, listPath: string) {
  await page.goto(listPath);
  const heart = page.getByRole('button', { name: /^Salvar nos favoritos: / }).first();
  await expect(heart).toBeVisible();
  const { title, path } = await savedCard(heart);
  await heart.click();
  await expect(page.getByRole('button', { name: `Remover dos favoritos: ${title}`, exact: true })).toBeVisible();
  return { title, path };
}

test('the saved list goes out as one WhatsApp message and as a link another browser opens and adds', async ({
  page,
  browser,
  baseURL,
}) => {
  const tour = await saveFirstCard(page, '/all-tours');
  const article = await saveFirstCard(page, '/news');
  expect(article.path).toMatch(/^\/news\//);

  await page.goto('/favoritos');
  const main = page.getByRole('main');
  await expect(main.getByText('2 itens salvos')).toBeVisible();
  const whatsApp = main.getByRole('link', { name: 'Enviar pelo WhatsApp (abre em nova aba)' });
  const href = new URL((await whatsApp.getAttribute('href')) ?? '');
  expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
  const text = href.searchParams.get('text') ?? '';
  for (const saved of [tour, article]) {
    expect(text).toContain(saved.title);
    expect(text).toContain(`${SITE_URL}${saved.path}`);
  }
  await expect(whatsApp).toHaveAttribute('target', '_blank');

  await main.getByRole('button', { name: 'Copiar link' }).click();
  const field = main.getByRole('textbox', { name: 'Link da lista' });
  const shared = new URL(await field.inputValue());
  expect(shared.origin).toBe(SITE_URL);
  expect(shared.pathname).toBe('/favoritos');
  await expectNoSeriousA11yViolations(page);

  // Another phone: a fresh context with nothing saved opens the link (on this test server).
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await phone.goto(`${baseURL}${shared.pathname}${shared.hash}`);
    const received = phone.getByRole('region', { name: 'Lista compartilhada com você' });
    await expect(received).toBeVisible();
    for (const saved of [tour, article]) {
      await expect(received.getByRole('link', { name: saved.title, exact: true })).toHaveAttribute('href', saved.path);
    }
    await expect(phone.getByRole('main').getByRole('heading', { name: 'Nenhum favorito salvo' })).toBeVisible();
    await expectNoSeriousA11yViolations(phone);
    await received.getByRole('button', { name: 'Adicionar aos meus favoritos' }).click();
    await expect(phone.getByText('2 itens adicionados aos seus favoritos.')).toBeVisible();
    const list = phone.getByRole('main').getByRole('list');
    await expect(phone.getByRole('main').getByText('2 itens salvos')).toBeVisible();
    // The shared order is kept: the article (saved last, so first) then the tour.
    await expect(list.getByRole('heading', { level: 2 })).toHaveText([article.title, tour.title]);
    expect(new URL(phone.url()).hash).toBe('');
    await phone.reload();
    await expect(phone.getByRole('main').getByText('2 itens salvos')).toBeVisible();
  } finally {
    await other.close();
  }
});

/** The `#lista=` value of these rows as they are ([kind, id, title, image, path]), as anyone could write one. */
function sharedFragment(rows: unknown[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(rows));
  return Buffer.from(bytes).toString('base64url');
}

test('a shared list from a stranger shows only the items of this site, and adds only those', async ({
  page,
  browser,
  baseURL,
}) => {
  // A real tour of the sample build, as a heart would have saved it.
  await page.goto('/all-tours');
  const heart = page.getByRole('button', { name: /^Salvar nos favoritos: / }).first();
  const good = await savedCard(heart);
  const image = await good.card.locator('picture img').getAttribute('src');
  expect(image).toMatch(/^\/_astro\//);
  const phishing = 'PREFEITURA: pague a taxa de turismo via Pix aqui';
  const fragment = sharedFragment([
    ['tour', '999', phishing, 'https://evil.example/logo-prefeitura.png', '/\\evil.example/pix'],
    ['tour', good.path.split('/').at(-1), good.title, image, good.path],
  ]);

  const stranger = await browser.newContext();
  try {
    const phone = await stranger.newPage();
    const foreign = collectForeignRequests(phone, baseURL ?? '');
    await phone.goto(`${baseURL}/favoritos#lista=${fragment}`);
    const received = phone.getByRole('region', { name: 'Lista compartilhada com você' });
    await expect(received).toBeVisible();
    await expect(received.getByRole('link', { name: good.title, exact: true })).toHaveAttribute('href', good.path);
    await expect(phone.getByText(phishing)).toHaveCount(0);
    await expect(received.getByText('1 item da lista foi deixado de fora: não é uma página deste portal.')).toBeVisible();
    // No link of the shared list leaves the site, however the browser resolves it.
    const origins = await received
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).origin));
    expect(origins).toEqual([new URL(baseURL ?? '').origin]);

    await received.getByRole('button', { name: 'Adicionar aos meus favoritos' }).click();
    await expect(phone.getByText('1 item adicionado aos seus favoritos.')).toBeVisible();
    const main = phone.getByRole('main');
    await expect(main.getByText('1 item salvo')).toBeVisible();
    await expect(main.getByRole('list').getByRole('heading', { level: 2 })).toHaveText([good.title]);
    const stored = await phone.evaluate(() => localStorage.getItem('bbt:favoritos:v1'));
    expect(JSON.parse(stored ?? '[]')).toEqual([
      { kind: 'tour', id: good.path.split('/').at(-1), title: good.title, image, path: good.path },
    ]);
    await expect(phone.getByText(phishing)).toHaveCount(0);
    expect(foreign.filter((url) => url.includes('evil.example'))).toEqual([]);
  } finally {
    await stranger.close();
  }
});
