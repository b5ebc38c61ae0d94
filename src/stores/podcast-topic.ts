/**
 * `$podcastTopic`: the home's podcast topic chip the visitor pressed (its label), or null for none. The
 * chips (src/islands/PodcastTopics.tsx) write it, the episodes they filter (src/islands/PodcastEpisodes.tsx)
 * read it: two islands of the section in step with no event passed by hand. Not in the address: the
 * chips narrow six cards of the home, not a list anyone shares.
 */
import { atom } from 'nanostores';

export const $podcastTopic = atom<string | null>(null);

/** Presses the chip of `topic`: its episodes alone, or, pressed again, every episode. */
export function togglePodcastTopic(topic: string): void {
  $podcastTopic.set($podcastTopic.get() === topic ? null : topic);
}
