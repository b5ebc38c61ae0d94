/**
 * 'Voltar' links (BackLink.astro, `data-back`): for a visitor who came from a page of this site, a
 * tap goes back in history (docs/product.md: history −1), to the page as they left it (a list's filters and
 * scroll); for one who arrived from elsewhere (a search engine, a shared link) and without
 * JavaScript, the link leads to its own target. One listener for the document: the header's script
 * loads this module on every page.
 */
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-back]') : null;
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const cameFromHere = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
  if (!cameFromHere || history.length < 2) return;
  event.preventDefault();
  history.back();
});
