/**
 * What the editors read (/status, the job summaries, the alert issue) is Portuguese: this finds the
 * English words a developer's message would bring along. Words both languages share ('site', 'link',
 * 'e-mail') are not on the list.
 */
const ENGLISH = [
  'the',
  'is',
  'are',
  'was',
  'were',
  'not',
  'has',
  'had',
  'have',
  'of',
  'and',
  'with',
  'from',
  'than',
  'more',
  'less',
  'missing',
  'empty',
  'page',
  'pages',
  'file',
  'files',
  'build',
  'collection',
  'entries',
  'records',
  'record',
  'image',
  'images',
  'failed',
  'error',
  'left',
  'out',
  'kept',
  'dropped',
  'repaired',
  'unavailable',
  'refused',
  'should',
  'must',
  'run',
  'again',
  'over',
  'limit',
  'which',
  'would',
  'this',
  'that',
  'there',
  'when',
  'only',
];
const PATTERN = new RegExp(`(?<![\\p{L}\\p{N}_-])(${ENGLISH.join('|')})(?![\\p{L}\\p{N}_-])`, 'giu');

/** The English words in `text` (lower-cased, in order); empty for Portuguese. */
export function englishWords(text: string): string[] {
  return [...text.matchAll(PATTERN)].map((match) => (match[1] ?? '').toLowerCase());
}
