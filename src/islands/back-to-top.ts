/**
 * 'Voltar ao topo' within reach on a long page, below the width where it floats by CSS alone
 * (BaseLayout.astro): once the visitor is a screen down and scrolls back up (reaching for the top),
 * the link shows at the bottom right of the screen, and goes again when they scroll down or stop for
 * a moment, so it never sits over what they read. At the page's end it stays, in its own place.
 * Without JavaScript it is a plain link at the end of the page.
 */
const link = document.querySelector<HTMLElement>('.back-to-top');
const footer = document.querySelector('.site-footer');
/** How long the link stays once the visitor stops scrolling up. */
const LINGER_MS = 2500;

if (link && footer) {
  let lastY = window.scrollY;
  let isAtEnd = false;
  let timer = 0;
  const show = (isShown: boolean) => link.classList.toggle('is-shown', isShown || isAtEnd);
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      const isReaching = y < lastY && y > window.innerHeight;
      lastY = y;
      clearTimeout(timer);
      show(isReaching);
      if (isReaching) timer = window.setTimeout(() => show(false), LINGER_MS);
    },
    { passive: true },
  );
  new IntersectionObserver(([entry]) => {
    isAtEnd = entry?.isIntersecting ?? false;
    show(false);
  }).observe(footer);
}
