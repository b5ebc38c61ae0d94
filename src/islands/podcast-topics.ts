/**
 * The podcast's topic chips as toggle buttons: a chip shows only the recent episodes of its topic
 * (each episode's `data-topics`, computed at build time by src/lib/podcast/podcast.ts); pressing it again
 * shows them all. On a phone, 'Ver todos os episódios' shows the episodes past the first few
 * (PodcastSection.astro's CSS hides them) and 'Mostrar menos episódios' hides them again; it is there
 * only while the chips leave more episodes than a phone shows. A few lines of plain TypeScript
 * instead of a React island: the home page must not wait for anything to filter six cards. The
 * status line's text of each topic is written at build time too (`data-topic-status-text`), so this
 * script imports nothing and stays inline.
 */
const list = document.querySelector<HTMLElement>('[data-podcast-topics]');
const episodes = document.querySelector<HTMLElement>('[data-podcast-episodes]');
const statusLine = document.querySelector<HTMLElement>('[data-topic-status]');
const more = document.querySelector<HTMLButtonElement>('button[data-episodes-more]');

const statusTexts = new Map<string, string>();

function apply(topic: string | null): void {
  const items = episodes ? [...episodes.children].filter((item): item is HTMLElement => item instanceof HTMLElement) : [];
  for (const item of items) item.hidden = !(topic === null || (item.dataset.topics ?? '').split('|').includes(topic));
  for (const button of list?.querySelectorAll<HTMLButtonElement>('button[data-topic-button]') ?? []) {
    button.setAttribute('aria-pressed', String(button.dataset.topicButton === topic));
  }
  if (statusLine) statusLine.textContent = topic === null ? '' : (statusTexts.get(topic) ?? '');
  const shown = items.filter((item) => !item.hidden).length;
  if (more?.parentElement) more.parentElement.hidden = shown <= Number(more.dataset.episodesMore);
}

more?.addEventListener('click', () => {
  const isExpanded = more.getAttribute('aria-expanded') !== 'true';
  episodes?.classList.toggle('is-expanded', isExpanded);
  more.setAttribute('aria-expanded', String(isExpanded));
  more.textContent = isExpanded ? 'Mostrar menos episódios' : 'Ver todos os episódios';
});

if (list && episodes) {
  for (const chip of list.querySelectorAll<HTMLElement>('[data-topic]')) {
    const topic = chip.dataset.topic ?? '';
    statusTexts.set(topic, chip.dataset.topicStatusText ?? '');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.topicButton = topic;
    button.setAttribute('aria-pressed', 'false');
    button.textContent = topic;
    chip.replaceChildren(button);
  }
  list.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLButtonElement>('button[data-topic-button]');
    if (!button) return;
    apply(button.getAttribute('aria-pressed') === 'true' ? null : (button.dataset.topicButton ?? null));
  });
}
