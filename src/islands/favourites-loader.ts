/**
 * Starts the favourite hearts of a page once, when the browser is idle (like client:idle): one
 * small module for every heart on cards and detail pages, instead of one island per card.
 * Imported by the <script> of ItemCard and DetailHero; as a module it runs once per page.
 */
const start = () => void import('./favourite-buttons.ts').then((module) => module.enhanceFavouriteButtons());
if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
else setTimeout(start, 300);
