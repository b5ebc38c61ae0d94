/**
 * The job summary of a GitHub Actions run ($GITHUB_STEP_SUMMARY), where the sync and the gate tell
 * editors, in Portuguese, what was published and why not. Outside Actions the variable is unset and
 * nothing is written.
 */
import { appendFile } from 'node:fs/promises';

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
