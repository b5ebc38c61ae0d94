/**
 * The gate's verdict as a person reads it: for developers, one heading per failed check and one line
 * per reason (the log, in English); for editors, the same in Portuguese, as Markdown for the run's
 * job summary (scripts/job-summary.ts), and the reasons the refusal note keeps for /status.
 */
import { countLabel } from '../../src/lib/text.ts';
import { markdownText } from '../job-summary.ts';
import { GATE_TITLES, GATE_TITLES_PT, type Gate, type Problem } from './problem.ts';

const GATES = Object.keys(GATE_TITLES) as Gate[];

/** The report printed by `npm run verify`; `limit` caps the lines per check so a broken build stays readable. */
export function formatReport(problems: readonly Problem[], limit = 25): string {
  const lines = [`verify: the site must not be published (${problems.length} problem${problems.length === 1 ? '' : 's'}).`];
  for (const gate of GATES) {
    const messages = problems.filter((problem) => problem.gate === gate).map((problem) => problem.message);
    if (messages.length === 0) continue;
    lines.push('', `${GATE_TITLES[gate]} (${messages.length}):`);
    for (const message of messages.slice(0, limit)) lines.push(`  - ${message}`);
    if (messages.length > limit) lines.push(`  … and ${messages.length - limit} more of the same kind.`);
  }
  return lines.join('\n');
}

/**
 * The editors' sentences of each failed check, in the order the checks run, each once: what differs
 * only for developers (a secret found as it is and base64-encoded in one file) is one thing to do.
 */
function editorGroups(problems: readonly Problem[]): { gate: Gate; sentences: string[] }[] {
  return GATES.map((gate) => ({
    gate,
    sentences: [...new Set(problems.filter((problem) => problem.gate === gate).map((problem) => problem.editor))],
  })).filter((group) => group.sentences.length > 0);
}

/**
 * The refusal note's reasons (src/lib/status/refusal.ts): at most `cap` of the editors' distinct
 * sentences, grouped by check in the order they run, each check given its share in turn (three hundred
 * broken links leave room for the one collection that emptied), and how many there are in all.
 */
export function editorReasons(problems: readonly Problem[], cap: number): { reasons: string[]; total: number } {
  const groups = editorGroups(problems);
  const total = groups.reduce((sum, group) => sum + group.sentences.length, 0);
  const taken = groups.map(() => 0);
  let left = Math.min(cap, total);
  while (left > 0) {
    for (const [index, group] of groups.entries()) {
      if (left > 0 && (taken[index] ?? 0) < group.sentences.length) {
        taken[index] = (taken[index] ?? 0) + 1;
        left -= 1;
      }
    }
  }
  return { reasons: groups.flatMap((group, index) => group.sentences.slice(0, taken[index])), total };
}

/**
 * The editors' report of a refused build, in Portuguese Markdown for the job summary: that the site
 * was not updated and the current one stays online, the reasons under each check's heading (at most
 * `limit` a check, then how many more), and what to do. Every sentence is escaped: it names files,
 * links and collections that come from upstream data, and GitHub renders the summary as Markdown with HTML.
 */
export function formatEditorReport(problems: readonly Problem[], { limit = 10 }: { limit?: number } = {}): string {
  const groups = editorGroups(problems);
  const total = groups.reduce((sum, group) => sum + group.sentences.length, 0);
  const lines = [
    '### O site não foi atualizado',
    '',
    `A verificação final encontrou ${countLabel(total, 'problema', 'problemas')} no site novo, que por isso ` +
      'não foi publicado. O site que está no ar continua como estava.',
  ];
  for (const { gate, sentences } of groups) {
    lines.push('', `**${GATE_TITLES_PT[gate]} (${sentences.length})**`, '');
    for (const sentence of sentences.slice(0, limit)) lines.push(`- ${markdownText(sentence)}`);
    if (sentences.length > limit) lines.push(`- … e mais ${sentences.length - limit} do mesmo tipo.`);
  }
  lines.push(
    '',
    '**O que fazer**',
    '',
    '- Se um motivo fala de um item (um texto, uma foto, um link), corrija-o na origem: no painel do provedor, no ' +
      'WordPress ou no Spotify. A próxima atualização tenta de novo.',
    '- Se um motivo diz que é um problema técnico, avise a equipe técnica.',
  );
  if (problems.some((problem) => problem.gate === 'collections' && /allow_(shrink|growth)/.test(problem.editor))) {
    lines.push(
      '- Se uma coleção diminuiu ou cresceu muito de propósito, peça uma nova publicação com a opção “allow\\_shrink” ' +
        '(redução) ou “allow\\_growth” (crescimento) marcada; veja “Publicar agora” no guia dos editores.',
    );
  }
  return lines.join('\n');
}

/**
 * The editors' line of a build that passed: '### O site passou na verificação final' and what will be
 * published, and which of the editors' overrides this run used.
 */
export function formatEditorSuccess(options: { pages: number; allowShrink: boolean; allowGrowth: boolean }): string {
  const lines = [
    '### O site passou na verificação final',
    '',
    `O site passou por todas as verificações e será publicado: ${countLabel(options.pages, 'página', 'páginas')}.`,
  ];
  const allowed = [
    options.allowShrink ? 'coleções menores que a metade (allow\\_shrink)' : '',
    options.allowGrowth ? 'coleções que cresceram muito de uma vez (allow\\_growth)' : '',
  ].filter(Boolean);
  if (allowed.length > 0) lines.push(`Nesta publicação foram aceitas, como pedido, ${allowed.join(' e ')}.`);
  return lines.join('\n');
}
