/**
 * Ctrl/⌘+K, from anywhere on the page, is a click on the header's search entry (src/islands/SearchDialog.tsx):
 * the dialog opens, or on /busca the page's box takes the focus. A plain script of the header's: the key is
 * listened to on every page before the entry's island runs, and this draws nothing. The entry is focused first,
 * which starts its island, and a click before it runs is held for it. Nothing while a modal dialog is open over
 * the page (the search itself, the photo viewer).
 */
document.addEventListener('keydown', (event) => {
  if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
  event.preventDefault();
  const entry = document.getElementById('busca');
  if (!entry || document.querySelector('dialog[open]')) return;
  entry.focus();
  // A plain click: entry.click() would carry the Ctrl or ⌘ still held, a click that opens a new tab.
  entry.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
});
