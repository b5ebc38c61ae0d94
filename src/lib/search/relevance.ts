/**
 * Whether Pagefind's answer is about what the visitor typed. Pagefind 1.x never answers "nothing"
 * for an unknown word: it shortens the word until some indexed word starts with what is left
 * ('asdfgh' → 'as' → 'às', 55 pages; 'ponteqq' → 'ponte'). So a query is answered only when each
 * of its words is close to a word of the best result: the indexed word extends it ('pont' →
 * 'ponte'), or the two share all but the last two letters of the query word (plurals and other
 * endings: 'cachoeiras' ↔ 'cachoeira', 'hospedagens' ↔ 'hospedagem').
 */
import { fold } from '../text.ts';

/** Letters a query word may have beyond the indexed word it finds (a plural, a typo at the end). */
const SLACK = 2;
/** Below this many letters in common, two words are not the same word. */
const MIN_COMMON = 3;

/** The words of a text as search compares them: folded, split on anything not a letter or digit. */
export function searchWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const commonPrefix = (a: string, b: string) => {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length += 1;
  return length;
};

/** Whether `found` (an indexed word) is a match for `typed` (a word of the query). */
export function isCloseWord(typed: string, found: string): boolean {
  if (found.startsWith(typed)) return true;
  return commonPrefix(typed, found) >= Math.max(MIN_COMMON, typed.length - SLACK);
}

/**
 * Whether every word of `query` has a close word among `found` (the words Pagefind matched in the
 * best result). An exact-phrase query ("…") is Pagefind's own business and is trusted; so is a
 * result matched by no word of its text (a metadata match).
 */
export function answersQuery(query: string, found: readonly string[]): boolean {
  if (/^\s*".+"\s*$/.test(query) || found.length === 0) return true;
  const words = found.flatMap(searchWords);
  return searchWords(query).every((typed) => words.some((word) => isCloseWord(typed, word)));
}
