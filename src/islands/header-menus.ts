/**
 * The header's <details> menus (the desktop sub-menus and the phone drawer) behave as a visitor
 * expects of a menu: one open at a time, closed by Escape (focus back on its toggle), by a tap or
 * click outside, and by choosing one of its links, also one whose target is on this same page (the
 * drawer would otherwise stay over the section the visitor asked for). Without JavaScript they stay
 * plain <details>; the drawer's backdrop (CSS) still closes it on an outside tap.
 */
const MENUS = '.site-header details.submenu, .site-header details.drawer';

const openMenus = (): HTMLDetailsElement[] => Array.from(document.querySelectorAll<HTMLDetailsElement>(`${MENUS}[open]`));

function close(menu: HTMLDetailsElement, returnFocus: boolean): void {
  menu.open = false;
  if (returnFocus) menu.querySelector<HTMLElement>(':scope > summary')?.focus();
}

for (const menu of document.querySelectorAll<HTMLDetailsElement>(MENUS)) {
  menu.addEventListener('toggle', () => {
    if (!menu.open) return;
    for (const other of openMenus()) if (other !== menu) close(other, false);
  });
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a[href]')) close(menu, false);
  });
}

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  const menu = openMenus().at(-1);
  if (!menu) return;
  // The search dialog handles its own Escape; the menu under it stays as it is.
  if (document.querySelector('dialog[open]')) return;
  event.preventDefault();
  close(menu, menu.contains(document.activeElement) || document.activeElement === document.body);
});

document.addEventListener('pointerdown', (event) => {
  for (const menu of openMenus()) if (!menu.contains(event.target as Node)) close(menu, false);
});

// Focus leaving a sub-menu by Tab closes it, so it does not stay open over the page.
document.addEventListener('focusin', (event) => {
  for (const menu of openMenus()) if (!menu.contains(event.target as Node)) close(menu, false);
});
