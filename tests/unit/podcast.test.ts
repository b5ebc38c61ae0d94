import { describe, expect, it } from 'vitest';
import {
  EPISODE_LIMIT,
  episodesShown,
  episodeTopics,
  filteringTopics,
  homeEpisodes,
  PODCAST_TOPICS,
  playerNote,
  podcastShowLink,
  recentEpisodes,
  safeGradient,
  topicStatus,
} from '../../src/lib/podcast/podcast.ts';
import { anEpisode } from '../fixtures/entries.ts';

describe('PODCAST_TOPICS', () => {
  it('are the four chips of the section, in order', () => {
    expect(PODCAST_TOPICS.map((topic) => topic.label)).toEqual(['Cultura', 'Natureza', 'Gastronomia', 'Histórias locais']);
  });
});

describe('episodeTopics', () => {
  it.each([
    ['Festival de Praia: bastidores da maior festa', '', ['Cultura', 'Natureza', 'Histórias locais']],
    ['Pílula: dica rápida para a piracema', '', ['Natureza']],
    ['Observação de aves', 'Entre o Cerrado e o Pantanal', ['Natureza']],
    ['A cozinha da mojica e do pacu assado', '', ['Gastronomia']],
    ['Cultura Umutina: turismo de base comunitária', 'Lideranças contam', ['Cultura', 'Histórias locais']],
    ['Os BARQUEIROS do Rio Paraguai', '', ['Natureza', 'Histórias locais']],
    ['HISTÓRIAS de pescador', '', ['Natureza', 'Histórias locais']],
    // Stems match word beginnings only: 'aventura' is not 'aves', 'travessia' has 'aves' inside only.
    ['Aventura e travessia', 'Episódio especial', []],
    ['', '', []],
  ])('%j %j → %j', (title, description, topics) => {
    expect(episodeTopics({ title, description })).toEqual(topics);
  });
});

const titled = (...titles: string[]) => titles.map((title) => ({ title, description: '' }));

describe.each([
  ['Gastronomia', titled('A cozinha do pacu', 'Receita de mojica'), '2 episódios sobre Gastronomia'],
  ['Cultura', titled('Festival de Praia', 'Receita de mojica'), '1 episódio sobre Cultura'],
  ['Natureza', titled('Receita de mojica'), 'Nenhum episódio recente sobre Natureza'],
  ['Natureza', titled(), 'Nenhum episódio recente sobre Natureza'],
])('topicStatus(%j)', (topic, episodes, expected) => {
  const topicsOfEach = episodes.map((episode) => episodeTopics(episode));
  it(expected, () => expect(topicStatus(topic, topicsOfEach)).toBe(expected));
});

describe.each([
  ['no chip pressed: every episode', null, [['Cultura'], [], ['Natureza', 'Cultura']], [true, true, true]],
  ['a chip: the episodes of its topic', 'Cultura', [['Cultura'], [], ['Natureza', 'Cultura']], [true, false, true]],
  ['a topic no episode has: none', 'Gastronomia', [['Cultura'], []], [false, false]],
  ['no episodes', 'Cultura', [], []],
])('episodesShown: %s', (_, topic, topicsOfEach, expected) => {
  it(`${JSON.stringify(expected)}`, () => expect(episodesShown(topicsOfEach, topic)).toEqual(expected));
});

describe.each([
  [
    'topics that keep some and hide others',
    titled('A cozinha do pacu', 'Festival de Praia', 'Os barqueiros'),
    ['Cultura', 'Natureza', 'Gastronomia', 'Histórias locais'],
  ],
  // 'Natureza' keeps all three (rio, festa... 'Festival' is Cultura): a chip that would hide nothing is left out.
  ['not one that keeps every episode', titled('O rio e a pesca', 'Trilha da serra', 'Cachoeira e festa'), ['Cultura']],
  ['none when no topic splits them', titled('Receita de pacu', 'Mojica de pintado'), []],
  ['none without episodes', titled(), []],
])('filteringTopics: %s', (_, episodes, expected) => {
  it(`${JSON.stringify(expected)}`, () => expect(filteringTopics(episodes).map((topic) => topic.label)).toEqual(expected));
});

describe('homeEpisodes', () => {
  const episodes = Array.from({ length: 9 }, (_, index) =>
    anEpisode({ id: `e${index + 1}`, episodeNumber: index + 1, publishedAt: `2026-0${index + 1}-01` }),
  );
  it.each([
    ['the newest for the player', homeEpisodes(episodes).latest?.id, 'e9'],
    [
      'the grid: the EPISODE_LIMIT before it, never the newest again',
      homeEpisodes(episodes).grid.map((episode) => episode.id),
      ['e8', 'e7', 'e6', 'e5', 'e4', 'e3'],
    ],
    ['one episode: the player only', homeEpisodes(episodes.slice(0, 1)).grid, []],
    ['none', homeEpisodes([]).latest, undefined],
  ])('%s', (_, actual, expected) => expect(actual).toEqual(expected));
});

describe('recentEpisodes', () => {
  const episodes = [
    anEpisode({ id: 'old', publishedAt: '2025-01-01', episodeNumber: 1 }),
    anEpisode({ id: 'new', publishedAt: '2026-05-01', episodeNumber: 2 }),
    anEpisode({ id: 'same-day-3', publishedAt: '2026-05-01', episodeNumber: 3 }),
    anEpisode({ id: 'undated', publishedAt: null, episodeNumber: 9 }),
  ];
  it.each([
    [EPISODE_LIMIT, ['same-day-3', 'new', 'old', 'undated']],
    [2, ['same-day-3', 'new']],
  ])('the %i most recent: by date, then by episode number', (limit, expected) =>
    expect(recentEpisodes(episodes, limit).map((episode) => episode.id)).toEqual(expected),
  );
});

describe.each([
  ['a valid show id: the show page', 'abc123', [], 'https://open.spotify.com/show/abc123'],
  [
    'an id with other characters is not used',
    'abc/../x',
    [{ id: 'a', spotifyUrl: 'https://open.spotify.com/episode/a' }],
    'https://open.spotify.com/episode/a',
  ],
  [
    'no show id: the newest episode with a link',
    null,
    [
      { id: 'a', publishedAt: '2026-01-01', spotifyUrl: 'https://open.spotify.com/episode/a' },
      { id: 'b', publishedAt: '2026-06-01', spotifyUrl: null },
      { id: 'c', publishedAt: '2026-03-01', spotifyUrl: 'https://open.spotify.com/episode/c' },
    ],
    'https://open.spotify.com/episode/c',
  ],
  ['no show id and no link', null, [{ id: 'a', spotifyUrl: null }], null],
] as const)('podcastShowLink: %s', (_, showId, overrides, expected) => {
  it(`is ${expected}`, () => {
    const episodes = overrides.map((fields, index) => anEpisode({ ...fields, episodeNumber: index + 1 }));
    expect(podcastShowLink(showId, episodes)).toBe(expected);
  });
});

describe.each([
  ['linear-gradient(135deg, #ff6b35 0%, #2c5f2d 100%)', 'linear-gradient(135deg, #ff6b35 0%, #2c5f2d 100%)'],
  ['linear-gradient(90deg, rgba(0,0,0,.5) 10%, #fff 90%)', 'linear-gradient(135deg, #2c5f2d 0%, #008080 100%)'],
  ['url(https://evil.example/x.png)', 'linear-gradient(135deg, #2c5f2d 0%, #008080 100%)'],
  ['linear-gradient(1deg, red); background: url(x)', 'linear-gradient(135deg, #2c5f2d 0%, #008080 100%)'],
  ['', 'linear-gradient(135deg, #2c5f2d 0%, #008080 100%)'],
])('safeGradient(%j)', (gradient, expected) => {
  it(`is ${expected}`, () => expect(safeGradient(gradient)).toBe(expected));
});

describe.each([
  // link, player, scripts run, the note
  [true, true, true, '“Ouvir no Spotify” abre em uma nova aba. “Ouvir aqui” carrega o player do Spotify nesta página.'],
  [true, true, false, '“Ouvir no Spotify” abre em uma nova aba.'],
  [true, false, true, '“Ouvir no Spotify” abre em uma nova aba.'],
  [false, true, true, '“Ouvir aqui” carrega o player do Spotify nesta página.'],
  [false, true, false, null],
  [false, false, true, null],
])('playerNote: link %s, player %s, scripts %s', (hasLink, hasPlayer, isScripted, note) => {
  it(`says ${JSON.stringify(note)}`, () => {
    expect(playerNote({ hasLink, hasPlayer, isScripted })).toBe(note);
  });
});
