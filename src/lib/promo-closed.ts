/**
 * Where the browser remembers that the visitor closed the promotions banner (localStorage), with the
 * signature of what was on sale then. A module of its own so the banner's close button
 * (src/islands/promo-banner.ts) takes this and nothing else; the shell's head script
 * (src/scripts/site-shell.js, which cannot import it) reads the same key.
 */
export const PROMO_CLOSED_KEY = 'bb-promo-closed';
