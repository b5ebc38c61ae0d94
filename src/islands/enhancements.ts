/**
 * What a page's static markup may need from JavaScript, brought only where the page has it: the
 * favourite hearts (cards, detail pages, articles) when the browser is idle, like client:idle, and the
 * 'Compartilhar' buttons at once. Imported by the header's script, the one module every page loads with
 * its HTML: each enhancement is a chunk of its own, fetched after the page is parsed, so nothing but the
 * page's photos competes with its first paint for the link.
 */
if (document.querySelector('button[data-favourite]')) {
  const start = () => void import('./favourite-buttons.ts').then((module) => module.enhanceFavouriteButtons());
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 300);
}
if (document.querySelector('button[data-share-url]')) void import('./share-buttons.ts');
