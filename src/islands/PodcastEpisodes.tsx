/**
 * The home podcast's recent episodes (PodcastSection.astro): their cards are the page's static HTML, given as
 * children (the `<ul data-podcast-episodes>` of EpisodeCard.astro, in the order of `episodeTopics`). This island
 * shows the episodes of the chip pressed (`$podcastTopic`, written by src/islands/PodcastTopics.tsx) and hides
 * the others, says how many it keeps in the status line, and on a phone shows the first `phoneLimit` of them
 * until 'Ver todos os episódios' (PodcastSection.astro's CSS hides the others while this root is not
 * `is-expanded`). Hydrated by `client:reach` with the chips (group 'podcast'). Without JavaScript every
 * episode is shown, and the button, which could not work, is not (`.js-only`).
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { episodesShown, topicStatus } from '../lib/podcast/podcast.ts';
import { $podcastTopic } from '../stores/podcast-topic.ts';
import { useEarlyActions } from './early-reach.ts';
import { useHydrated } from './hooks.ts';

interface Props {
  /** The topics of each episode of the list, in its order (episodeTopics). */
  episodeTopics: string[][];
  /** How many episodes a phone shows before 'Ver todos os episódios'. */
  phoneLimit: number;
  /** The id of the list of episodes, which the button shows in full. */
  listId: string;
  /** The static list of episodes. */
  children?: ReactNode;
}

export default function PodcastEpisodes({ episodeTopics, phoneLimit, listId, children }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const pressed = useStore($podcastTopic);
  // The server's HTML (every episode) while hydrating, then the chip pressed.
  const topic = useHydrated() ? pressed : null;
  const [isExpanded, setExpanded] = useState(false);
  useEarlyActions(rootRef);

  const shown = episodesShown(episodeTopics, topic);
  // The static cards, shown or hidden as the chip says.
  useEffect(() => {
    const items = document.getElementById(listId)?.children ?? [];
    [...items].forEach((item, index) => {
      if (item instanceof HTMLElement) item.hidden = shown[index] === false;
    });
  });

  const count = shown.filter(Boolean).length;
  return (
    <div ref={rootRef} className={isExpanded ? 'podcast-episodes is-expanded' : 'podcast-episodes'}>
      <p className="topic-status" role="status">
        {topic === null ? '' : topicStatus(topic, episodeTopics)}
      </p>
      {children}
      {episodeTopics.length > phoneLimit && (
        <p className="more-episodes js-only" hidden={count <= phoneLimit}>
          <button
            type="button"
            className="btn btn-outline"
            aria-controls={listId}
            aria-expanded={isExpanded}
            onClick={() => setExpanded(!isExpanded)}
          >
            {isExpanded ? 'Mostrar menos episódios' : 'Ver todos os episódios'}
          </button>
        </p>
      )}
    </div>
  );
}
