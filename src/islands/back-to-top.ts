/**
 * 'Voltar ao topo' within reach on a long page, below the width where it floats by CSS alone
 * (BaseLayout.astro): once the visitor is a screen down and scrolls back up (reaching for the top),
 * the link shows at the bottom right of the screen, and goes again when they scroll down or stop for
 * a moment, so it never sits over what they read; at the end of the page it shows in its own place.
 * Only the visitor's own scrolling up counts: the last wheel turn, key or finger drawn down, within
 * a moment. The browser's scroll anchoring also moves the page up, as sections above are drawn, even
 * right after the visitor scrolled down, and the link must not then cover what they came to read.
 * Without JavaScript it is a plain link at the end of the page.
 */
/** How long the link stays once the visitor stops scrolling up. */
const LINGER_MS = 2500;
/** A scroll this soon after the visitor asked to go up is theirs. */
const INPUT_MS = 500;
/** Keys that scroll a page up (Shift+Space too). */
const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** Floats `link` into reach as the visitor scrolls back up (the page's listeners, for as long as it lasts). */
export function floatWhileReaching(link: HTMLElement): void {
  let lastY = window.scrollY;
  /** When the visitor last asked to go up; any input that asks to go down forgets it. */
  let lastUpInput = Number.NEGATIVE_INFINITY;
  let touchY: number | null = null;
  let timer = 0;
  const asked = (isUp: boolean) => {
    lastUpInput = isUp ? performance.now() : Number.NEGATIVE_INFINITY;
  };
  const isAtEnd = () => window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 8;
  const show = (isShown: boolean) => link.classList.toggle('is-shown', isShown || isAtEnd());
  window.addEventListener('wheel', (event) => event.deltaY !== 0 && asked(event.deltaY < 0), { passive: true });
  window.addEventListener('keydown', (event) => asked(UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey)));
  window.addEventListener('touchstart', (event) => (touchY = event.touches[0]?.clientY ?? null), { passive: true });
  window.addEventListener(
    'touchmove',
    (event) => {
      const y = event.touches[0]?.clientY;
      // A finger drawn down the screen scrolls the page up.
      if (y === undefined || touchY === null || y === touchY) return;
      asked(y > touchY);
      touchY = y;
    },
    { passive: true },
  );
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY;
      const isReaching = performance.now() - lastUpInput < INPUT_MS && y < lastY && y > window.innerHeight;
      lastY = y;
      clearTimeout(timer);
      show(isReaching);
      if (isReaching) timer = window.setTimeout(() => show(false), LINGER_MS);
    },
    { passive: true },
  );
}

const link = document.querySelector<HTMLElement>('.back-to-top');
if (link) floatWhileReaching(link);
