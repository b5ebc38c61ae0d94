/**
 * What the search panel shows (panelView, src/lib/search/panel.ts) for each state of a search: the status
 * line's words, the kind chips or 'Filtrar por tipo', the results, 'Tentar novamente' and 'Mostrar mais'.
 */
import { describe, expect, it } from 'vitest';
import { NO_RESULTS, panelView, type SearchAnswerView, type SearchResults } from '../../src/lib/search/panel.ts';
import type { SearchHit } from '../../src/lib/search/search.ts';

const hit = (index: number): SearchHit => ({
  path: `/tour/${index}`,
  title: `Passeio ${index}`,
  kind: 'Passeio',
  locality: null,
  image: null,
  price: null,
  date: null,
  excerpt: [],
});
const answer = (shown: number, total: number, kindCounts: Record<string, number> | null = null): SearchAnswerView => ({
  hits: Array.from({ length: shown }, (_, index) => hit(index)),
  total,
  totalAllKinds: total + 2,
  kindCounts,
});
const COUNTS = { Passeio: 9, Evento: 3 };

describe.each<[string, string, string | null, SearchResults, Partial<ReturnType<typeof panelView>>]>([
  [
    'no words',
    '',
    null,
    NO_RESULTS,
    { status: '', chips: [], isOfferingKinds: false, hasResults: false, hasMore: false, hasRetry: false },
  ],
  [
    'the first search on its way',
    'pesca',
    null,
    { status: 'loading', answer: null },
    { status: 'Buscando...', hasResults: false },
  ],
  [
    'a newer search on its way: the last results stay, without more',
    'pesca rio',
    null,
    { status: 'loading', answer: answer(8, 12) },
    { status: 'Buscando...', hasResults: true, hasMore: false },
  ],
  [
    'a first answer, its kinds not counted: offered',
    'pesca',
    null,
    { status: 'done', answer: answer(8, 12) },
    { status: '12 resultados', chips: [], isOfferingKinds: true, hasResults: true, hasMore: true },
  ],
  [
    'every hit shown: no more',
    'pesca',
    null,
    { status: 'done', answer: answer(1, 1) },
    { status: '1 resultado', hasMore: false },
  ],
  [
    'counted kinds: the chips in the site’s order, no offer',
    'pesca',
    null,
    { status: 'done', answer: answer(8, 12, COUNTS) },
    {
      chips: [
        { kind: 'Passeio', count: 9 },
        { kind: 'Evento', count: 3 },
      ],
      allKindsCount: 14,
      isOfferingKinds: false,
    },
  ],
  [
    '?tipo= before its first answer: the chosen kind alone, to switch it off',
    'pesca',
    'Evento',
    { status: 'loading', answer: null },
    { chips: [{ kind: 'Evento', count: 0 }], allKindsCount: 0 },
  ],
  [
    'nothing found',
    'xyzzy',
    null,
    { status: 'done', answer: answer(0, 0, null) },
    { status: 'Nenhum resultado para "xyzzy"', isOfferingKinds: false, hasResults: false, hasMore: false },
  ],
  [
    'the search could not load: a retry, no results, no offer',
    'pesca',
    null,
    { status: 'error', answer: answer(8, 12) },
    {
      status: 'Não foi possível carregar a busca. Verifique sua conexão.',
      hasRetry: true,
      hasResults: false,
      isOfferingKinds: false,
      hasMore: false,
    },
  ],
])('%s', (_, term, kind, results, expected) => {
  it('shows what it should', () => {
    expect(panelView(term, kind, results)).toMatchObject(expected);
  });
});
