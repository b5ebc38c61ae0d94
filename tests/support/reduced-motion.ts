/**
 * The visitor's 'reduce motion' setting in a jsdom test (jsdom has no matchMedia): `answerMediaQueries()` in a
 * beforeEach answers every query no, then `preferReducedMotion()` makes `(prefers-reduced-motion: reduce)` yes.
 */
let prefersReducedMotion = false;

export function answerMediaQueries(): void {
  prefersReducedMotion = false;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('reduced-motion') && prefersReducedMotion,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

export function preferReducedMotion(): void {
  prefersReducedMotion = true;
}
