/**
 * `client:touch={{ within, params }}`: hydrates an island that takes over the page's forms (the
 * list filters) at the visitor's first touch of a form that `within` selects
 * (or of the disclosure it is folded in), or at once when the address already carries one of
 * `params` (a shared filtered link or search, a reload, the back button).
 * A change or a submit made before the island runs is not lost: the forms get `data-pending`, and
 * the island applies what they hold when it starts. Until then the page loads no React.
 */
import type { ClientDirective } from 'astro';
import { hydrateOnce, onFirstReach } from './hydrate.ts';

/** What the directive's value names. */
export interface TouchOptions {
  /** CSS selector of the forms the island takes over; without it, the forms inside the island (its children). */
  within?: string;
  /** Query parameters that carry the island's state. */
  params: string[];
}

const EDIT_EVENTS = ['input', 'change', 'submit'] as const;

const touch: ClientDirective = (load, options, el) => {
  const { within, params = [] } = (options.value ?? {}) as Partial<TouchOptions>;
  const start = hydrateOnce(load);
  const query = new URLSearchParams(window.location.search);
  if (params.some((key) => query.has(key))) {
    void start();
    return;
  }
  const forms = within ? [...document.querySelectorAll<HTMLFormElement>(within)] : [];
  if (forms.length === 0) forms.push(...el.querySelectorAll('form'));

  const begin = async () => {
    stopWatching();
    // No React to be had (no signal): the forms go back to being plain GET forms.
    if (!(await start())) for (const form of forms) for (const type of EDIT_EVENTS) form.removeEventListener(type, onEdit);
  };
  function onEdit(event: Event): void {
    if (event.type === 'submit') event.preventDefault();
    for (const form of forms) form.dataset.pending = '';
    void begin();
  }
  // A form folded in a disclosure (the phone's 'Filtros' panel) is reached when its summary is opened: React
  // then loads while the visitor reads the options, and is there for the first choice.
  const areas = forms.map((form) => form.closest('details') ?? form);
  const stopWatching = onFirstReach(areas, () => void begin());
  for (const form of forms) for (const type of EDIT_EVENTS) form.addEventListener(type, onEdit);
};

export default touch;
