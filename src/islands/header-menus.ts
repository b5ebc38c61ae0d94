/**
 * The header's <details> menus (the desktop sub-menus and the phone drawer) behave as a visitor
 * expects of a menu: one open at a time, closed by Escape (focus back on its toggle), by a tap or
 * click outside, and by choosing one of its links, also one whose target is on this same page (the
 * drawer would otherwise stay over the section the visitor asked for). The open drawer covers the
 * page, so Tab cycles through its toggle and its panel only. The open drawer is a layer, 'menu', of the
 * layers store (src/stores/layers.ts): Back closes it and the visitor stays on the page; closed otherwise, it
 * takes its entry back, and a link chosen in it is followed from the page's own entry. A <details> draws
 * itself, so this is a plain script, not a React island. Without JavaScript they stay plain <details>; the
 * drawer's backdrop (CSS) still closes it on an outside tap.
 */
import { isTabbable, trapTab } from './browser.ts';

const MENUS = '.site-header details.submenu, .site-header details.drawer';
/** The drawer's name in the layers store. */
const DRAWER_LAYER = 'menu';

const openMenus = (): HTMLDetailsElement[] =>
  Array.from(document.querySelectorAll<HTMLDetailsElement>(MENUS)).filter((menu) => menu.open);

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

// The drawer's history entry (Back closes it): the layers store comes at the first opening (a phone's), not with
// every page's shell. The state is read at each toggle and handed on through the one promise, in the order it changed.
const drawerMenu = document.querySelector<HTMLDetailsElement>('.site-header details.drawer');
let layers: Promise<typeof import('../stores/layers.ts')> | undefined;
drawerMenu?.addEventListener('toggle', () => {
  const isOpen = drawerMenu.open;
  layers ??= import('../stores/layers.ts').then((store) => {
    // Back took the drawer's entry: it closes, the focus back on its toggle when it was inside.
    store.$layers.listen((open) => {
      if (open.includes(DRAWER_LAYER) || !drawerMenu.open) return;
      const hadFocus = drawerMenu.contains(document.activeElement);
      close(drawerMenu, hadFocus);
    });
    drawerMenu.addEventListener('click', (event) => store.followFromPage(DRAWER_LAYER, event));
    return store;
  });
  void layers.then((store) => (isOpen ? store.openLayer(DRAWER_LAYER) : store.closeLayer(DRAWER_LAYER)));
});

document.addEventListener('keydown', (event) => {
  const drawer = document.querySelector<HTMLDetailsElement>('.site-header details.drawer[open]');
  if (drawer && !document.querySelector('dialog[open]')) trapTab(event, drawer);
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

/**
 * Same-page anchors (the menu's `/#noticias` on the home, 'Voltar ao topo', the hero's buttons) jump
 * with an instant page scroll of our own. Chromium drops a fragment navigation's scroll while any
 * smooth scroll runs elsewhere on the page, and an auto-sliding carousel or the hero slideshow is
 * nearly always running one: the visitor stayed where they were, or landed thousands of pixels away.
 */
document.addEventListener('click', (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href*="#"]');
  if (!link || link.target || link.origin !== location.origin || link.pathname !== location.pathname) return;
  const id = decodeURIComponent(link.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  event.preventDefault();
  if (location.hash !== link.hash) history.pushState(null, '', link.hash);
  // The skip links' targets in the sticky header (#menu, #busca) are always in view: the page stays where it is.
  if (!target.closest('.site-header')) {
    const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - padding, behavior: 'instant' });
    // A target inside a sideways strip (the hero's photos, before its island runs) is brought in sideways too.
    target.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  }
  // Where a keyboard visitor continues from, as after a native fragment navigation (a link keeps its Tab stop).
  if (!target.hasAttribute('tabindex') && !isTabbable(target)) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
});

// A logo that fails to load (a wrong LOGO_PATH, a host error) gives way to the site name, not a broken-image box.
const logo = document.querySelector<HTMLImageElement>('.site-header .brand img');
const dropLogo = () => logo?.closest('.brand')?.classList.add('no-logo');
if (logo?.complete && logo.naturalWidth === 0) dropLogo();
else logo?.addEventListener('error', dropLogo);
