/**
 * The header's 'Alto contraste' button (Header.astro): it switches the high-contrast theme
 * (global.css, html.contrast-more) and this device remembers the choice, which the shell's head
 * script applies on the next pages before their first paint. Its pressed state is the theme's: on
 * when the visitor chose it, or when the system asks for more contrast and the visitor chose nothing.
 * Without JavaScript the button is hidden (.js-only) and the system's preference still applies by CSS.
 */
import { CONTRAST_CLASS, CONTRAST_KEY } from '../lib/contrast.ts';

const root = document.documentElement;

for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-contrast-toggle]')) {
  button.setAttribute('aria-pressed', String(root.classList.contains(CONTRAST_CLASS)));
  button.addEventListener('click', () => {
    const isMore = root.classList.toggle(CONTRAST_CLASS);
    button.setAttribute('aria-pressed', String(isMore));
    try {
      localStorage.setItem(CONTRAST_KEY, isMore ? 'more' : 'normal');
    } catch {
      // Storage blocked (private mode, a policy): the theme holds on this page only.
    }
  });
}
