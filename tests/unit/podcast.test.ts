import { describe, expect, it } from 'vitest';
import { episodeTopics, PODCAST_TOPICS } from '../../src/lib/podcast/podcast.ts';

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
