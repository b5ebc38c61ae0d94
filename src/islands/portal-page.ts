/**
 * The news and testimonials portals' own module (PortalPage.astro), loaded with the page: it brings
 * the filtered results (portal-results.ts) only when the visitor reaches for the search box or the
 * chips, or at once when the page was opened with a filtered link. Until then the static portal
 * pages and their pagination work on their own and the page runs nothing else. A search or a chip
 * used before the results' module is here is not lost: it becomes the URL (a history entry) the
 * module reads when it starts. Without the module (no signal) the form and chips stay plain links.
 */
import { onFirstReach } from '../directives/hydrate.ts';

const section = document.querySelector<HTMLElement>('[data-portal]');

let isStarted = false;

/** Starts the filtered results once, whichever event asks first. */
function begin(): void {
  stopWatching();
  if (isStarted || !section) return;
  isStarted = true;
  // Dimmed until the results' module takes over.
  section.setAttribute('aria-busy', 'true');
  import('./portal-results.ts')
    .then(({ startPortal }) => {
      section.removeEventListener('submit', onSubmit);
      section.removeEventListener('click', onClick);
      startPortal(section);
    })
    .catch(() => {
      // No module to be had: the form and the chips go back to being plain GET links.
      section.removeEventListener('submit', onSubmit);
      section.removeEventListener('click', onClick);
    })
    .finally(() => section.removeAttribute('aria-busy'));
}

/** A search sent before the module came: held as the URL the module reads. */
function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'get') return;
  event.preventDefault();
  const url = new URL(form.action);
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (typeof value === 'string' && value.trim()) params.append(key, value.trim());
  url.search = params.toString();
  window.history.pushState(null, '', url);
  begin();
}

/** A chip used before the module came: held the same way. */
function onClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-chip]');
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  window.history.pushState(null, '', link.href);
  begin();
}

/** The portal's own parameters: the search box's, the chips' and the page's (a ?utm_source=… is not a filter). */
function portalKeys(portal: HTMLElement): Set<string> {
  const keys = new Set(['q', 'pagina']);
  for (const chip of portal.querySelectorAll<HTMLAnchorElement>('a[data-chip]'))
    for (const key of new URL(chip.href).searchParams.keys()) keys.add(key);
  return keys;
}

const filters = section?.querySelector('.filters');
const stopWatching = onFirstReach(filters ? [filters] : [], begin);
if (section) {
  section.addEventListener('submit', onSubmit);
  section.addEventListener('click', onClick);
  const keys = portalKeys(section);
  if ([...new URLSearchParams(window.location.search).keys()].some((key) => keys.has(key))) begin();
}
