/**
 * The header's search entry on every page, in a few hundred bytes: without JavaScript the entry is
 * a link to /busca and the drawer's box a GET form to it; with JavaScript a click, the drawer form,
 * or Ctrl/⌘+K imports the search dialog (its panel and Pagefind come with it) and opens it. Nothing of
 * search is fetched before: focusing or pressing the entry only starts loading the dialog's code.
 * It imports nothing at top level, so it stays this small.
 */
type OpenDialog = (options: { query: string; trigger: HTMLElement | null }) => Promise<void>;

let dialog: Promise<OpenDialog> | null = null;

const loadDialog = (): Promise<OpenDialog> => {
  dialog ??= import('./search-dialog.ts').then((module) => module.openSearchDialog);
  dialog.catch(() => {
    dialog = null;
  });
  return dialog;
};

/** On /busca the page's own box takes the focus instead of a dialog over it. */
const pageBox = () => document.querySelector<HTMLInputElement>('[data-search-page] [data-search-input]');

function open(query: string, trigger: HTMLElement | null, fallback: string): void {
  const box = pageBox();
  if (box) {
    box.focus();
    return;
  }
  // Already open (Ctrl+K again): the visitor's query stays.
  if (document.querySelector('dialog.search-dialog[open]')) return;
  // Offline or a failed chunk: the plain search page still works.
  loadDialog().then(
    (openDialog) => openDialog({ query, trigger }),
    () => window.location.assign(fallback),
  );
}

const triggerOf = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLAnchorElement>('a[data-search-trigger]') : null;

document.addEventListener('click', (event) => {
  const trigger = triggerOf(event.target);
  if (!trigger || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  open('', trigger, trigger.href);
});

document.addEventListener('submit', (event) => {
  const form = event.target instanceof HTMLFormElement && event.target.matches('[data-search-form]') ? event.target : null;
  // On /busca the form's own GET (a reload with ?q=) is the search.
  if (!form || pageBox()) return;
  event.preventDefault();
  const query = String(new FormData(form).get('q') ?? '');
  form.closest('details')?.removeAttribute('open');
  // The drawer closes, so focus comes back to the header's entry.
  open(query, document.querySelector<HTMLElement>('a[data-search-trigger]'), `${form.action}?q=${encodeURIComponent(query)}`);
});

// Warm up: the dialog's code starts loading when the entry is focused or pressed, not its index.
for (const type of ['focusin', 'pointerdown'] as const) {
  document.addEventListener(type, (event) => {
    if (triggerOf(event.target) || (event.target instanceof Element && event.target.closest('[data-search-form]'))) {
      loadDialog().catch(() => undefined);
    }
  });
}

document.addEventListener('keydown', (event) => {
  if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
  event.preventDefault();
  const trigger = document.querySelector<HTMLAnchorElement>('a[data-search-trigger]');
  open('', trigger, trigger?.href ?? '/busca');
});
