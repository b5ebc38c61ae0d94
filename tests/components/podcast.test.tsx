/**
 * The home podcast's two islands on one store, in jsdom: the topic chips (src/islands/PodcastTopics.tsx)
 * write `$podcastTopic`, the episodes (src/islands/PodcastEpisodes.tsx) around the static cards show that
 * topic's alone, say so in the status line and keep 'Ver todos os episódios' for a phone. Hydrated from the
 * server's HTML, and a chip pressed before React came (src/directives/hydrate.ts keepEarlyActions) done once
 * it runs. In a browser: tests/e2e/home-behaviour.spec.ts and hands.spec.ts.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEarlyActions } from '../../src/directives/hydrate.ts';
import PodcastEpisodes from '../../src/islands/PodcastEpisodes.tsx';
import PodcastTopics from '../../src/islands/PodcastTopics.tsx';
import { $podcastTopic, togglePodcastTopic } from '../../src/stores/podcast-topic.ts';

/** Six episodes, as PodcastSection.astro lists them, each with its topics (episodeTopics). */
const EPISODES: [string, string[]][] = [
  ['Ep. 6 – Pílula', ['Natureza']],
  ['Ep. 5 – Festival de Praia', ['Cultura', 'Natureza']],
  ['Ep. 4 – Guias e condutores', ['Histórias locais']],
  ['Ep. 3 – O rio', ['Natureza']],
  ['Ep. 2 – A cozinha da mojica', ['Gastronomia']],
  ['Ep. 1 – A serra', ['Natureza']],
];
const TOPICS = ['Cultura', 'Natureza', 'Gastronomia', 'Histórias locais'];

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  $podcastTopic.set(null);
});

const chips = () => <PodcastTopics topics={TOPICS} />;
const episodes = () => (
  <PodcastEpisodes episodeTopics={EPISODES.map(([, topics]) => topics)} phoneLimit={3} listId="episodios">
    <ul id="episodios" data-podcast-episodes>
      {EPISODES.map(([title]) => (
        <li key={title}>
          <h3>{title}</h3>
        </li>
      ))}
    </ul>
  </PodcastEpisodes>
);

/** Each island's server HTML in an `<astro-island>` of its own, as the page holds them. */
function serverPage(): HTMLElement[] {
  return [chips(), episodes()].map((island) => {
    const element = document.createElement('astro-island');
    element.setAttribute('ssr', '');
    element.innerHTML = renderToString(island);
    document.body.append(element);
    return element;
  });
}

const chip = (topic: string) => screen.getByRole('button', { name: topic });
const shownTitles = () =>
  [...document.querySelectorAll<HTMLElement>('#episodios > li')].filter((item) => !item.hidden).map((item) => item.textContent);
const status = () => screen.getByRole('status').textContent;
const more = () => screen.getByRole('button', { name: /episódios$/, hidden: true });

describe('$podcastTopic', () => {
  it('holds the chip pressed; pressed again, none', () => {
    togglePodcastTopic('Cultura');
    expect($podcastTopic.get()).toBe('Cultura');
    togglePodcastTopic('Natureza');
    expect($podcastTopic.get()).toBe('Natureza');
    togglePodcastTopic('Natureza');
    expect($podcastTopic.get()).toBeNull();
  });
});

describe('the podcast’s chips and episodes', () => {
  it('are server-rendered with no chip pressed (the plain words for a page without scripts), every episode and an empty status', () => {
    const [topics, list] = serverPage();
    expect(topics?.querySelectorAll('li')).toHaveLength(4);
    expect([...(topics?.querySelectorAll('.no-js-only') ?? [])].map((word) => word.textContent)).toEqual(TOPICS);
    expect([...(topics?.querySelectorAll('button.js-only') ?? [])].map((button) => button.getAttribute('aria-pressed'))).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(list?.querySelectorAll('#episodios > li[hidden]')).toHaveLength(0);
    expect(list?.querySelector('[role="status"]')?.textContent).toBe('');
    expect(list?.querySelector('.more-episodes.js-only button')?.getAttribute('aria-expanded')).toBe('false');
  });

  it('filter the episodes by the chip pressed, say how many, and show them all when it is pressed again', () => {
    const [topics, list] = serverPage();
    render(chips(), { container: topics, hydrate: true });
    render(episodes(), { container: list, hydrate: true });
    fireEvent.click(chip('Gastronomia'));
    expect(chip('Gastronomia').getAttribute('aria-pressed')).toBe('true');
    expect(shownTitles()).toEqual(['Ep. 2 – A cozinha da mojica']);
    expect(status()).toBe('1 episódio sobre Gastronomia');
    // Fewer than a phone shows: no 'Ver todos'.
    expect(more().closest('p')?.hidden).toBe(true);

    fireEvent.click(chip('Natureza'));
    expect(chip('Gastronomia').getAttribute('aria-pressed')).toBe('false');
    expect(shownTitles()).toHaveLength(4);
    expect(status()).toBe('4 episódios sobre Natureza');
    expect(more().closest('p')?.hidden).toBe(false);

    fireEvent.click(chip('Natureza'));
    expect(chip('Natureza').getAttribute('aria-pressed')).toBe('false');
    expect(shownTitles()).toHaveLength(6);
    expect(status()).toBe('');
  });

  it("'Ver todos os episódios' shows the others in place, and 'Mostrar menos episódios' hides them again", () => {
    const [, list] = serverPage();
    render(episodes(), { container: list, hydrate: true });
    const root = list?.querySelector('.podcast-episodes');
    fireEvent.click(more());
    expect(more().textContent).toBe('Mostrar menos episódios');
    expect(more().getAttribute('aria-expanded')).toBe('true');
    expect(more().getAttribute('aria-controls')).toBe('episodios');
    expect(root?.classList.contains('is-expanded')).toBe(true);
    fireEvent.click(more());
    expect(more().textContent).toBe('Ver todos os episódios');
    expect(root?.classList.contains('is-expanded')).toBe(false);
  });

  it('do what a chip pressed before React came asked, once it runs, and the episodes hydrated after it follow', () => {
    const [topics, list] = serverPage();
    const forget = [topics, list].map((island) => keepEarlyActions(island as HTMLElement));
    const early = topics?.querySelector<HTMLButtonElement>('button.js-only') as HTMLButtonElement;
    fireEvent.click(early);
    expect(early.hasAttribute('data-pending-click')).toBe(true);
    // As the island starts: Astro hands it to React (which draws it in a later task) and drops `ssr`, the directive
    // stops keeping early actions, then React's first render and its effects run.
    topics?.removeAttribute('ssr');
    for (const stop of forget) stop();
    // React's development build notes the mark the directive left on the button (production does not look).
    const marks = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() => {
      render(chips(), { container: topics, hydrate: true });
    });
    expect(marks.mock.calls.every((call) => call.join(' ').includes('data-pending-click'))).toBe(true);
    marks.mockRestore();
    expect($podcastTopic.get()).toBe('Cultura');
    expect(chip('Cultura').getAttribute('aria-pressed')).toBe('true');
    expect(early.hasAttribute('data-pending-click')).toBe(false);
    // The episodes run later: hydrated as the server drew them (React finds no mismatch), then in step with the store.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(episodes(), { container: list, hydrate: true });
    expect(shownTitles()).toEqual(['Ep. 5 – Festival de Praia']);
    expect(status()).toBe('1 episódio sobre Cultura');
    expect(errors.mock.calls).toEqual([]);
    errors.mockRestore();
  });
});
