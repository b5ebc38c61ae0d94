/**
 * The favourites as the sample build serves them: every heart (FavouriteButton.astro on the cards,
 * DetailHero.astro on an item's page) is served `hidden`, shown by the favourites module where scripts
 * run, so a visitor without JavaScript meets no heart that does nothing; /favoritos is served as the empty
 * state, with the note that the favourites need JavaScript (shown by CSS only then). Saving, the list and
 * the tabs in a browser: tests/e2e/favourites.spec.ts; the list's island: tests/components/FavouritesList.test.tsx.
 */
import { expect, it } from 'vitest';
import { byRole, byText, page } from '../support/dist-pages.ts';

it.each(['/all-tours', '/tour/101'])('%s serves its hearts hidden, none in reach without JavaScript', (path) => {
  const hearts = [...page(path).querySelectorAll('button[data-favourite]')];
  expect(hearts.length).toBeGreaterThan(0);
  for (const heart of hearts) expect(heart.hasAttribute('hidden')).toBe(true);
  expect(byRole(page(path), 'button', { name: /favoritos/ })).toEqual([]);
});

it("/favoritos is served as 'Meus favoritos' with the empty state and the note for a browser without JavaScript", () => {
  const [main] = byRole(page('/favoritos'), 'main');
  if (!main) throw new Error('/favoritos has no <main>');
  expect(byRole(main, 'heading', { level: 1, name: 'Meus favoritos', exact: true })).toHaveLength(1);
  expect(byRole(main, 'heading', { name: 'Nenhum favorito salvo', exact: true })).toHaveLength(1);
  const note = byText(main, 'Seus favoritos aparecem aqui quando o JavaScript do navegador está ativado.', { exact: true });
  expect(note.map((element) => element.className)).toEqual(['favourites-noscript']);
});
