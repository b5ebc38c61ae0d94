/** The gate's verdict as a person reads it: one heading per failed check, one line per reason. */
import { GATE_TITLES, type Gate, type Problem } from './problem.ts';

/** The report printed by `npm run verify`; `limit` caps the lines per check so a broken build stays readable. */
export function formatReport(problems: readonly Problem[], limit = 25): string {
  const lines = [`verify: the site must not be published (${problems.length} problem${problems.length === 1 ? '' : 's'}).`];
  for (const gate of Object.keys(GATE_TITLES) as Gate[]) {
    const messages = problems.filter((problem) => problem.gate === gate).map((problem) => problem.message);
    if (messages.length === 0) continue;
    lines.push('', `${GATE_TITLES[gate]} (${messages.length}):`);
    for (const message of messages.slice(0, limit)) lines.push(`  - ${message}`);
    if (messages.length > limit) lines.push(`  … and ${messages.length - limit} more of the same kind.`);
  }
  return lines.join('\n');
}
