/**
 * The job summary of a GitHub Actions run ($GITHUB_STEP_SUMMARY), where the sync and the gate tell
 * editors, in Portuguese, what was published and why not. Outside Actions the variable is unset and
 * nothing is written.
 */
import { appendFile } from 'node:fs/promises';
import { codeSpan } from '../src/lib/text.ts';

/** Appends `markdown` to the run's summary when there is one; true when it did. */
export async function appendJobSummary(markdown: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const file = env.GITHUB_STEP_SUMMARY?.trim();
  if (!file) return false;
  await appendFile(file, `${markdown.trimEnd()}\n\n`, 'utf8');
  return true;
}

/**
 * Text from anywhere (a record's name, a file name) as Markdown shows it: GitHub renders the summary
 * as Markdown with HTML, so markup, emphasis, links and table pipes are escaped, and a line break
 * cannot start a heading or a list.
 */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|#~!])/g, '\\$1');
}

/** Around an excerpt in a line of the summary (asCode): control characters, which no excerpt holds (src/lib/status/excerpt.ts). */
const CODE_START = '\u0002';
const CODE_END = '\u0003';

/**
 * Sets off an excerpt of upstream text for markdownLine (a Quote of src/lib/status/messages.ts): the
 * summary writes it as a code span, which GitHub shows as it is, never as a link, markup or emphasis.
 */
export const asCode = (excerpt: string) => `${CODE_START}${excerpt}${CODE_END}`;

/** A line of a report as Markdown: its own words escaped (markdownText), each excerpt set off by asCode as a code span. */
export function markdownLine(text: string): string {
  return text
    .split(CODE_START)
    .map((part, index) => {
      if (index === 0) return markdownText(part);
      const [quoted = '', rest = ''] = part.split(CODE_END);
      return `${codeSpan(quoted.replace(/\s+/g, ' '))}${markdownText(rest)}`;
    })
    .join('');
}
