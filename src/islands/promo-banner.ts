/**
 * The promotions banner's close button (PromoBanner.astro): the banner goes, and this browser
 * remembers it with the signature of what is on sale (`<html data-promo>`), so the shell's head
 * script keeps it hidden on the next pages until the promotions change. The button is gone with
 * it, so the keyboard carries on from the page's content. Without JavaScript there is no button.
 */
import { PROMO_CLOSED_KEY } from '../lib/promo-closed.ts';

document.querySelector('[data-promo-close]')?.addEventListener('click', () => {
  const root = document.documentElement;
  try {
    localStorage.setItem(PROMO_CLOSED_KEY, root.dataset.promo ?? '');
  } catch {
    // Storage blocked (private mode, a policy): closed on this page only.
  }
  root.classList.add('promo-closed');
  document.getElementById('conteudo')?.focus({ preventScroll: true });
});
