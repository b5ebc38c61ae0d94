/**
 * `client:interaction`: hydrates a portal island only when the visitor first uses the portal's
 * search or chips, or at once (when the browser is idle) when the page was opened with a filtered
 * link. Until then the page ships no React: the static portal pages and their pagination work on
 * their own. The first search or chip is not lost: it becomes the URL (history entry) the island
 * reads when it starts.
 */
import type { ClientDirective } from 'astro';

const interaction: ClientDirective = (load, _options, el) => {
  const section = el.closest<HTMLElement>('[data-portal]');
  if (!section) return;
  let isStarted = false;

  const start = async () => {
    if (isStarted) return;
    isStarted = true;
    section.removeEventListener('submit', onSubmit);
    section.removeEventListener('click', onClick);
    // Dimmed until the island takes over (React may take a few seconds on 3G).
    section.setAttribute('aria-busy', 'true');
    try {
      const hydrate = await load();
      await hydrate();
    } finally {
      section.removeAttribute('aria-busy');
    }
  };

  function onSubmit(event: SubmitEvent): void {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'get') return;
    event.preventDefault();
    const url = new URL(form.action);
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
    url.search = params.toString();
    window.history.pushState(null, '', url);
    void start();
  }

  function onClick(event: MouseEvent): void {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-chip]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState(null, '', link.href);
    void start();
  }

  // The portal's own parameters: the search box's, the chips' and the page's (a ?utm_source=… is not a filter).
  const keys = new Set(['q', 'pagina']);
  for (const chip of section.querySelectorAll<HTMLAnchorElement>('a[data-chip]'))
    for (const key of new URL(chip.href).searchParams.keys()) keys.add(key);
  if ([...new URLSearchParams(window.location.search).keys()].some((key) => keys.has(key))) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void start(), { timeout: 2000 });
    else setTimeout(() => void start(), 200);
    return;
  }
  section.addEventListener('submit', onSubmit);
  section.addEventListener('click', onClick);
};

export default interaction;
