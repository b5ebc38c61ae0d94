/**
 * The four topic chips of the podcast 'Vozes do Turismo' (docs/product.md). Spotify gives episodes
 * no topic, so an episode belongs to a topic when a word of its title or description starts with
 * one of the topic's stems (accent- and case-insensitive): 'Festival' is Cultura, 'barqueiros'
 * Histórias locais, 'pacu' Gastronomia. An episode may have several topics, or none.
 */
import type { Episode } from '../schemas/index.ts';
import { countLabel, fold } from '../text.ts';

interface PodcastTopic {
  /** The chip's text. */
  label: string;
  /** Word beginnings, without accents, lower case. */
  stems: readonly string[];
}

export const PODCAST_TOPICS: readonly PodcastTopic[] = [
  {
    label: 'Cultura',
    stems: [
      'cultur',
      'festival',
      'festa',
      'indigen',
      'umutina',
      'artesa',
      'artesanato',
      'music',
      'danc',
      'tradic',
      'religios',
      'patrimoni',
      'arte',
    ],
  },
  {
    label: 'Natureza',
    stems: [
      'natureza',
      'aves',
      'passaro',
      'rio',
      'trilha',
      'serra',
      'cachoeira',
      'pesca',
      'piracema',
      'cerrado',
      'pantanal',
      'amazonia',
      'ecolog',
      'ambient',
      'praia',
      'bioma',
      'fauna',
      'flora',
    ],
  },
  {
    label: 'Gastronomia',
    stems: [
      'gastronom',
      'cozinh',
      'culinar',
      'receita',
      'comida',
      'prato',
      'peixe',
      'pacu',
      'mojica',
      'sabor',
      'restaurante',
      'farofa',
      'doce',
    ],
  },
  {
    label: 'Histórias locais',
    stems: [
      'histori',
      'barqueir',
      'memoria',
      'morador',
      'lideranc',
      'guia',
      'condutor',
      'bastidor',
      'comunidade',
      'pioneir',
      'causo',
      'personagen',
    ],
  },
];

/** The labels of the topics an episode's title and description touch, in chip order. */
export function episodeTopics(
  episode: { title: string; description: string },
  topics: readonly PodcastTopic[] = PODCAST_TOPICS,
): string[] {
  const words = fold(`${episode.title} ${episode.description}`)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return topics
    .filter((topic) => words.some((word) => topic.stems.some((stem) => word.startsWith(stem))))
    .map((topic) => topic.label);
}

/**
 * The topics whose chip would filter the episodes shown: those that keep some of them and hide
 * others. A chip that keeps every episode, or none, would look like a filter and change nothing.
 */
export function filteringTopics(
  episodes: readonly { title: string; description: string }[],
  topics: readonly PodcastTopic[] = PODCAST_TOPICS,
): PodcastTopic[] {
  return topics.filter((topic) => {
    const count = episodes.filter((episode) => episodeTopics(episode, [topic]).length > 0).length;
    return count > 0 && count < episodes.length;
  });
}

/**
 * Which of the recent episodes a pressed chip keeps, each episode given by its topics (episodeTopics):
 * those of `topic`, or every one when no chip is pressed.
 */
export function episodesShown(topicsOfEach: readonly (readonly string[])[], topic: string | null): boolean[] {
  return topicsOfEach.map((topics) => topic === null || topics.includes(topic));
}

/** The status line under the chips once `topic` is pressed: how many of the recent episodes (their topics) it keeps. */
export function topicStatus(topic: string, topicsOfEach: readonly (readonly string[])[]): string {
  const count = episodesShown(topicsOfEach, topic).filter(Boolean).length;
  return count === 0 ? `Nenhum episódio recente sobre ${topic}` : `${countLabel(count, 'episódio', 'episódios')} sobre ${topic}`;
}

/** The section's own texts (docs/product.md). */
export const PODCAST_TEXTS = {
  loadError: 'Erro ao carregar episódios',
  usingSample: 'Usando dados de exemplo',
  empty: 'Nenhum episódio disponível',
  comingSoon: 'Os episódios serão carregados em breve',
} as const;

/**
 * The note under the latest episode's player, true to the controls the visitor has: 'Ouvir no Spotify'
 * (`hasLink`) opens Spotify in a new tab; 'Ouvir aqui' (`hasPlayer`, only where scripts run: `isScripted`)
 * loads Spotify's player in this page. Null when neither control is there.
 */
export function playerNote({
  hasLink,
  hasPlayer,
  isScripted,
}: {
  hasLink: boolean;
  hasPlayer: boolean;
  isScripted: boolean;
}): string | null {
  const here = hasPlayer && isScripted ? '“Ouvir aqui” carrega o player do Spotify nesta página.' : null;
  const away = hasLink ? '“Ouvir no Spotify” abre em uma nova aba.' : null;
  return [away, here].filter(Boolean).join(' ') || null;
}

const FALLBACK_GRADIENT = 'linear-gradient(135deg, #2c5f2d 0%, #008080 100%)';

/**
 * An episode's cover gradient, as it goes into a style attribute: the sync's value when it is a
 * plain linear gradient, the site's own otherwise.
 */
export function safeGradient(gradient: string): string {
  return /^linear-gradient\([\w\s#%,.-]+\)$/.test(gradient) ? gradient : FALLBACK_GRADIENT;
}

/** Recent podcast episodes shown in the home's grid, after the newest one (which is in the player). */
export const EPISODE_LIMIT = 6;

/** How many of the grid's episodes a phone shows before 'Ver todos os episódios' (the player holds one more). */
export const PHONE_EPISODE_LIMIT = 3;

/**
 * The home's episodes: the newest for the player, and the `limit` before it for the grid, so no
 * episode is shown twice.
 */
export function homeEpisodes(
  episodes: readonly Episode[],
  limit: number = EPISODE_LIMIT,
): { latest: Episode | undefined; grid: Episode[] } {
  const [latest, ...grid] = recentEpisodes(episodes, limit + 1);
  return { latest, grid };
}

/** The most recent episodes: by release date, then by episode number. */
export function recentEpisodes(episodes: readonly Episode[], limit: number = EPISODE_LIMIT): Episode[] {
  return [...episodes]
    .sort((a, b) => (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') || b.episodeNumber - a.episodeNumber)
    .slice(0, limit);
}

/**
 * The podcast's default link: the show page when the show id is known, else the newest episode
 * that has a Spotify link, else null (the 'Ouvir no Spotify' buttons without a link are hidden).
 */
export function podcastShowLink(showId: string | null, episodes: readonly Episode[]): string | null {
  if (showId && /^[A-Za-z0-9]+$/.test(showId)) return `https://open.spotify.com/show/${showId}`;
  return recentEpisodes(episodes, episodes.length).find((episode) => episode.spotifyUrl)?.spotifyUrl ?? null;
}
