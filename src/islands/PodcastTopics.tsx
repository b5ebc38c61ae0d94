/**
 * The home podcast's topic chips (PodcastSection.astro; which topics: filteringTopics in
 * src/lib/podcast/podcast.ts), toggle buttons that write `$podcastTopic`: pressed, a chip shows only the recent
 * episodes of its topic (src/islands/PodcastEpisodes.tsx), pressed again, all of them. Hydrated by
 * `client:reach` with the episodes (group 'podcast'): a chip pressed before React came is pressed again once it
 * runs (useEarlyActions). Without JavaScript the chips are the show's themes as plain words (`.no-js-only`):
 * no button that cannot work.
 */
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { $podcastTopic, togglePodcastTopic } from '../stores/podcast-topic.ts';
import { useEarlyActions } from './early-reach.ts';
import { useHydrated } from './hooks.ts';

interface Props {
  /** The chips' topics, in order. */
  topics: string[];
}

export default function PodcastTopics({ topics }: Props) {
  const rootRef = useRef<HTMLUListElement>(null);
  const pressed = useStore($podcastTopic);
  // The server's HTML (nothing pressed) while hydrating: the store may already hold a chip of the other island's.
  const shown = useHydrated() ? pressed : null;
  useEarlyActions(rootRef);
  return (
    <ul ref={rootRef} className="podcast-topics" aria-label="Temas do podcast">
      {topics.map((topic) => (
        <li key={topic} className="chip">
          <button type="button" className="js-only" aria-pressed={shown === topic} onClick={() => togglePodcastTopic(topic)}>
            {topic}
          </button>
          <span className="no-js-only">{topic}</span>
        </li>
      ))}
    </ul>
  );
}
