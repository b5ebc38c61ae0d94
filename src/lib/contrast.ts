/**
 * The 'Alto contraste' theme (global.css, html.contrast-more): the class that turns it on and where
 * this device remembers the visitor's choice (localStorage: 'more' or 'normal'; nothing chosen, the
 * system's prefers-contrast decides). A module of its own so the header's toggle
 * (src/islands/contrast-toggle.ts) takes this and nothing else; the shell's head script
 * (src/scripts/site-shell.js, which cannot import it) applies the same key and class before the first paint.
 */
export const CONTRAST_KEY = 'bb-contrast';
export const CONTRAST_CLASS = 'contrast-more';
