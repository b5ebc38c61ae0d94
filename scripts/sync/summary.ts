/**
 * The sync's report for editors, in Portuguese, for the GitHub job summary: the same content as
 * /status (src/lib/status/report.ts) without what only the build knows, as Markdown.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../../src/lib/config.ts';
import { readSiteConfig } from '../../src/lib/config.ts';
import type { CollectionStatus } from '../../src/lib/schemas/index.ts';
import { type ImageNote, imageNotes } from '../../src/lib/status/images.ts';
import { type Group, type Line, statusView } from '../../src/lib/status/report.ts';
import { missingSettings } from '../../src/lib/status/settings.ts';
import { countLabel } from '../../src/lib/text.ts';
import { appendJobSummary, asCode, markdownLine } from '../job-summary.ts';
import type { ImageManifest } from './images/cache-index.ts';

/** Names listed per group of changes; /status lists more. */
const NAMES_SHOWN = 10;

/** 'novos: A, B e mais 3', or '' for none. */
function names(label: string, group: Group): string {
  const total = group.lines.length + group.more;
  if (total === 0) return '';
  const shown = group.lines.slice(0, NAMES_SHOWN).map((line) => markdownLine(line.text));
  return `${label}: ${shown.join(', ')}${total > shown.length ? ` e mais ${total - shown.length}` : ''}`;
}

/** Lines listed per group; /status lists more. */
const LINES_SHOWN = 30;

/** Lines of a group as a Markdown list, and 'e mais N'. */
function groupLines(group: Group): string[] {
  const shown = group.lines.slice(0, LINES_SHOWN);
  const rest = group.lines.length + group.more - shown.length;
  const lines = shown.map((line) => `- ${markdownLine(line.text)}`);
  if (rest > 0) lines.push(`- … e mais ${rest} do mesmo tipo (veja /status depois da publicação).`);
  return lines;
}

/**
 * The summary of one sync: what needs attention (a production build's missing settings among it), the
 * sources, what changed, the counts with the records kept off the lists, those records, the repairs.
 */
export function syncSummary(input: {
  statuses: readonly CollectionStatus[];
  images: readonly ImageNote[];
  timeZone: string;
  now: Date;
  missingSettings?: readonly Line[];
}): string {
  const view = statusView({
    builtAt: input.now,
    timeZone: input.timeZone,
    request: { trigger: null, reason: null },
    statuses: input.statuses,
    refusal: null,
    images: input.images,
    quote: asCode,
    missingSettings: input.missingSettings ?? [],
  });
  const lines = ['### Dados lidos das fontes', ''];
  if (view.attention.length === 0)
    lines.push('Tudo certo: todas as fontes responderam, nenhum registro ficou de fora e todas as fotos foram usadas.', '');
  for (const group of view.attention)
    lines.push(`**${group.heading} (${group.lines.length + group.more})**`, '', ...groupLines(group), '');
  lines.push('**Fontes**', '', ...view.sources.map((source) => `- ${source.name}: ${markdownLine(source.text)}`), '');
  if (view.changes.length > 0) {
    lines.push('**O que mudou desde a publicação anterior**', '');
    for (const change of view.changes) {
      const parts = [
        names('novos', change.added),
        names('saíram', change.removed),
        change.changed > 0 ? countLabel(change.changed, 'alterado', 'alterados') : '',
      ].filter(Boolean);
      lines.push(`- ${change.heading}: ${parts.join('; ')}.`);
    }
    lines.push('');
  }
  lines.push(
    '| Coleção | Nas listas | Fora das listas |',
    '| --- | ---: | ---: |',
    ...view.counts.map((count) => `| ${count.name} | ${count.count} | ${count.hidden ?? '–'} |`),
    '',
  );
  for (const group of view.hidden)
    lines.push(`**${group.heading} fora das listas (${group.lines.length + group.more})**`, '', ...groupLines(group), '');
  if (view.repairs.lines.length > 0) {
    lines.push(
      `<details><summary>${view.repairs.heading} (${view.repairs.lines.length + view.repairs.more})</summary>`,
      '',
      ...groupLines(view.repairs),
      '',
      '</details>',
    );
  }
  return lines.join('\n');
}

/**
 * Writes the editors' summary of a sync to the job summary, when there is one ($GITHUB_STEP_SUMMARY):
 * the statuses it wrote and the photos of the snapshot in `snapshotDir` that the image step could not use.
 */
export async function writeSyncSummary(options: {
  statuses: readonly CollectionStatus[];
  manifest: ImageManifest;
  snapshotDir: string;
  env: Env & NodeJS.ProcessEnv;
}): Promise<void> {
  if (!options.env.GITHUB_STEP_SUMMARY?.trim()) return;
  const collections = await Promise.all(
    options.statuses.map(async (status) => {
      const text = await readFile(path.join(options.snapshotDir, `${status.id}.json`), 'utf8').catch(() => '[]');
      const entries = JSON.parse(text) as { id: string; title?: string; name?: string }[];
      return { collection: status.id, source: status.source, entries };
    }),
  );
  const site = readSiteConfig(options.env);
  const markdown = syncSummary({
    statuses: options.statuses,
    images: imageNotes(collections, options.manifest.failed),
    timeZone: site.timeZone,
    now: new Date(),
    missingSettings: missingSettings(site),
  });
  await appendJobSummary(markdown, options.env);
}
