/**
 * 'Voltar ao topo' within reach on a long page, below the width where it floats by CSS alone
 * (BaseLayout.astro): once the visitor is a screen down and scrolls back up (reaching for the top),
 * the link shows at the bottom right of the screen, and goes again when they scroll down or stop for
 * a moment, so it never sits over what they read; at the end of the page it shows in its own place.
 * Only the visitor's own scrolling counts (wheel, touch, keys): the browser's scroll anchoring, as
 * sections above are drawn, also moves the page up. Without JavaScript it is a plain link at the
 * end of the page.
 */
const link = document.querySelector<HTMLElement>('.back-to-top');
/** How long the link stays once the visitor stops scrolling up. */
const LINGER_MS = 2500;
/** A scroll this soon after the visitor's input is theirs. */
const INPUT_MS = 500;

if (link) {
  let lastY = window.scrollY;
  let lastInput = Number.NEGATIVE_INFINITY;
  let timer = 0;
  const isAtEnd = () => window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 8;
  const show = (isShown: boolean) => link.classList.toggle('is-shown', isShown || isAtEnd());
  for (const type of ['wheel', 'touchmove', 'keydown'] as const) {
    window.addEventListener(type, () => (lastInput = performance.now()), { passive: true });
  }
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      const isReaching = performance.now() - lastInput < INPUT_MS && y < lastY && y > window.innerHeight;
      lastY = y;
      clearTimeout(timer);
      show(isReaching);
      if (isReaching) timer = window.setTimeout(() => show(false), LINGER_MS);
    },
    { passive: true },
  );
}
