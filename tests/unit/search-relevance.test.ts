/** Search relevance: Pagefind's shortened-word answers to nonsense are not shown. */
import { describe, expect, it } from 'vitest';
import { answersQuery, isCloseWord, searchWords } from '../../src/lib/search/relevance.ts';
import { matchedWords } from '../../src/lib/search/search.ts';

describe('isCloseWord', () => {
  it.each([
    // typed, indexed word Pagefind found, close?
    ['pont', 'ponte', true],
    ['cachoeira', 'cachoeiras', true],
    ['cachoeiras', 'cachoeira', true],
    ['hospedagens', 'hospedagem', true],
    ['rio', 'rio', true],
    ['asdfgh', 'as', false],
    ['asdxyz', 'as', false],
    ['zzzz', 'z', false],
    ['ponteqqqq', 'ponte', false],
    ['xyz', 'x', false],
  ])('%s → %s: %s', (typed, found, close) => {
    expect(isCloseWord(typed, found)).toBe(close);
  });
});

describe('answersQuery', () => {
  it.each([
    ['asdfgh', ['às', 'às', 'As'], false],
    ['asdfgh cachoeira', ['Cachoeiras.', 'às'], false],
    ['Cachoeira', ['Cachoeiras.', 'cachoeiras'], true],
    ['serra araras', ['Serra', 'Araras.', 'Serra'], true],
    ['almoço', ['ALMOCO'], true],
    ['"ponte de madeira"', ['ponte'], true],
    ['anything', [], true],
  ])('%s with %j matched: %s', (query, found, answered) => {
    expect(answersQuery(query, found)).toBe(answered);
  });
});

it('searchWords folds and splits on punctuation', () => {
  expect(searchWords('Águas-claras, Tuiuiú!')).toEqual(['aguas', 'claras', 'tuiuiu']);
});

it('matchedWords reads the matched words of a Pagefind fragment by their positions', () => {
  const fragment = {
    url: '/x',
    excerpt: '',
    meta: {},
    filters: {},
    content: 'Nova ponte  de madeira às cachoeiras.',
    locations: [1, 5, 9],
  };
  expect(matchedWords(fragment)).toEqual(['ponte', 'cachoeiras.']);
  const { content: _content, locations: _locations, ...withoutText } = fragment;
  expect(matchedWords(withoutText)).toEqual([]);
});
