/**
 * The four topic chips of the podcast 'Vozes do Turismo' (SPEC section 2). Spotify gives episodes
 * no topic, so an episode belongs to a topic when a word of its title or description starts with
 * one of the topic's stems (accent- and case-insensitive): 'Festival' is Cultura, 'barqueiros'
 * Histórias locais, 'pacu' Gastronomia. An episode may have several topics, or none.
 */
import { normaliseText } from '../portal/portal.ts';

export interface PodcastTopic {
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
  const words = normaliseText(`${episode.title} ${episode.description}`)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return topics
    .filter((topic) => words.some((word) => topic.stems.some((stem) => word.startsWith(stem))))
    .map((topic) => topic.label);
}
