/**
 * The properties the workflows must keep: when the deploy runs, that it never runs two
 * at once nor cancels one, that each job holds only the permissions it needs, that the gate runs
 * before the deploy, that untrusted text never reaches a shell line, that every action is pinned to
 * a commit, and that CI's jobs together run every step of the test command. Plus the lint itself: both
 * files are clean, and it does catch a bad one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PHASES, phasesFor, type Step as TestStep } from '../../scripts/test.ts';
import {
  checkoutsKeepingCredentials,
  isOutdatedFinding,
  lintWorkflows,
  untrustedInScripts,
  validateSchema,
  workflowFiles,
} from '../../scripts/verify/lint-workflows.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  strategy?: { matrix: { include: Record<string, string>[] } };
  permissions?: Record<string, string>;
  environment?: { name: string };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const read = (name: string) => parse(readFileSync(path.join(ROOT, '.github/workflows', name), 'utf8')) as Workflow;
const deploy = read('deploy.yml');
const ci = read('ci.yml');
const allSteps = (workflow: Workflow) => Object.values(workflow.jobs).flatMap((job) => job.steps);
const needsOf = (job: Job) => (Array.isArray(job.needs) ? job.needs : job.needs ? [job.needs] : []);

/** Jobs that `name` waits for, directly or not. */
function ancestors(workflow: Workflow, name: string): Set<string> {
  const found = new Set<string>();
  const visit = (job: string) => {
    for (const parent of needsOf(workflow.jobs[job] as Job)) {
      if (!found.has(parent)) {
        found.add(parent);
        visit(parent);
      }
    }
  };
  visit(name);
  return found;
}

describe('deploy.yml triggers', () => {
  it('runs nightly in the early morning in Brazil (written in UTC)', () => {
    const schedule = deploy.on.schedule as { cron: string }[];
    expect(schedule).toHaveLength(1);
    const [minute, hour, ...rest] = (schedule[0]?.cron ?? '').split(' ');
    expect(rest).toEqual(['*', '*', '*']);
    expect(Number(minute)).toBeGreaterThanOrEqual(0);
    // 02:00–06:59 in Brasília (UTC-3) and still night in Cuiabá (UTC-4): 05:00–09:59 UTC.
    expect(Number(hour) - 3).toBeGreaterThanOrEqual(2);
    expect(Number(hour) - 3).toBeLessThanOrEqual(6);
  });

  it("has the 'Run workflow' button with an optional reason, and the editors' webhook", () => {
    const dispatch = deploy.on.workflow_dispatch as { inputs: Record<string, { required: boolean; type: string }> };
    expect(dispatch.inputs.reason).toMatchObject({ required: false, type: 'string' });
    expect(dispatch.inputs.allow_shrink).toMatchObject({ required: false, type: 'boolean' });
    expect(dispatch.inputs.allow_growth).toMatchObject({ required: false, type: 'boolean' });
    expect(deploy.on.repository_dispatch).toEqual({ types: ['rebuild'] });
  });
});

describe('deploy.yml safety', () => {
  it('deploys one at a time in the pages group and never cancels a deploy in progress', () => {
    expect(deploy.concurrency).toEqual({ group: 'pages', 'cancel-in-progress': false });
  });

  it('grants nothing by default and each job only what it needs', () => {
    expect(deploy.permissions).toEqual({});
    expect(deploy.jobs.build?.permissions).toEqual({ contents: 'read' });
    expect(deploy.jobs.deploy?.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(deploy.jobs['save-data']?.permissions).toEqual({ contents: 'write' });
    for (const [name, job] of Object.entries(deploy.jobs)) expect(job.permissions, name).toBeDefined();
  });

  it('runs the gate after the build and before the upload, and deploys only after it', () => {
    const build = deploy.jobs.build as Job;
    const index = (predicate: (step: Step) => boolean) => build.steps.findIndex(predicate);
    const sync = index((step) => /npm run sync/.test(step.run ?? ''));
    const site = index((step) => /npm run build:site/.test(step.run ?? ''));
    const verify = index((step) => /npm run verify/.test(step.run ?? ''));
    const upload = index((step) => (step.uses ?? '').startsWith('actions/upload-pages-artifact@'));
    expect([sync, site, verify, upload].every((position) => position >= 0)).toBe(true);
    expect(sync).toBeLessThan(site);
    expect(site).toBeLessThan(verify);
    expect(verify).toBeLessThan(upload);
    // Only a failure-report step may run between the gate and the upload, and it cannot upload.
    for (const step of build.steps.slice(verify + 1, upload)) expect(step.if).toBe('failure()');

    const deployJobs = Object.entries(deploy.jobs).filter(([, job]) =>
      job.steps.some((step) => (step.uses ?? '').startsWith('actions/deploy-pages@')),
    );
    expect(deployJobs.map(([name]) => name)).toEqual(['deploy']);
    expect(ancestors(deploy, 'deploy').has('build')).toBe(true);
    expect(deploy.jobs.deploy?.environment?.name).toBe('github-pages');
    // The last good data is saved only once the site it belongs to is published.
    expect(ancestors(deploy, 'save-data')).toEqual(new Set(['build', 'deploy']));
  });

  it("hands the button's overrides to the gate through env", () => {
    const verify = (deploy.jobs.build as Job).steps.find((step) => /npm run verify/.test(step.run ?? ''));
    expect(verify?.env).toMatchObject({
      ALLOW_SHRINK: `\${{ inputs.allow_shrink }}`,
      ALLOW_GROWTH: `\${{ inputs.allow_growth }}`,
    });
  });

  it('gives the upstream secrets to the sync and the gate only, through env', () => {
    const withSecrets = allSteps(deploy).filter((step) => JSON.stringify(step).includes('secrets.'));
    expect(withSecrets.map((step) => step.run?.match(/npm run (\w+)/)?.[1])).toEqual(['sync', 'verify']);
    for (const step of withSecrets) expect(step.run).not.toContain('secrets.');
  });

  it('hands the job token to git only in the steps that fetch or push, and restores before npm install runs', () => {
    const build = deploy.jobs.build as Job;
    const withToken = allSteps(deploy).filter((step) => JSON.stringify(step).includes('github.token'));
    expect(withToken.map((step) => step.name)).toEqual([
      'Restore the last good snapshot and the last published manifest',
      'Commit it to the data branch',
    ]);
    for (const step of withToken) {
      expect(step.env?.GIT_TOKEN).toBe(`\${{ github.token }}`);
      expect(step.run).not.toMatch(/\bnpm\b|\$\{\{/);
      expect(step.run).toContain('GIT_CONFIG_KEY_0="http.$GITHUB_SERVER_URL/.extraheader"');
    }
    const install = build.steps.findIndex((step) => /npm install/.test(step.run ?? ''));
    const restore = build.steps.findIndex((step) => step.name?.startsWith('Restore the last good snapshot'));
    expect(restore).toBeGreaterThan(0);
    expect(restore).toBeLessThan(install);
  });

  it('keeps the last good snapshot in a branch and the images in actions/cache', () => {
    const build = deploy.jobs.build as Job;
    expect(build.steps.some((step) => (step.uses ?? '').startsWith('actions/cache@') && step.with?.path === '.cache')).toBe(true);
    expect(build.steps.some((step) => /git fetch .*DATA_BRANCH/.test(step.run ?? ''))).toBe(true);
    expect((deploy.jobs['save-data'] as Job).steps.some((step) => /git -C data-branch push origin/.test(step.run ?? ''))).toBe(
      true,
    );
  });
});

describe.each([
  ['deploy.yml', deploy],
  ['ci.yml', ci],
])('%s', (name, workflow) => {
  it('never puts untrusted input inside an expression in a run script', () => {
    for (const step of allSteps(workflow)) {
      expect(step.run ?? '').not.toMatch(/\$\{\{[^}]*(github\.event\.|inputs\.|github\.head_ref)/);
    }
  });

  it('pins every action to a full commit SHA, with the version in a comment', () => {
    const source = readFileSync(path.join(ROOT, '.github/workflows', name), 'utf8');
    const uses = [...source.matchAll(/uses:\s*(\S+)(.*)$/gm)];
    expect(uses.length).toBeGreaterThan(0);
    for (const [, reference, rest] of uses) {
      expect(reference).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
      expect(rest).toMatch(/# v\d+\.\d+\.\d+/);
    }
  });
});

describe('ci.yml', () => {
  it('runs on push and pull request, read-only', () => {
    expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
    expect(ci.permissions).toEqual({ contents: 'read' });
  });

  it("runs every step of the test command, each part and each of the end-to-end part's shards in a job of its own", () => {
    const { test } = ci.jobs;
    const command = test?.steps.find((step) => step.run?.startsWith('npm test'));
    // What each job runs: its command line as the shell splits it, with the job's matrix values in its environment.
    const phasesOfJob = (values: Record<string, string>) => {
      const env = Object.fromEntries(
        Object.entries(command?.env ?? {}).map(([name, value]) => [
          name,
          value.replace(/^\$\{\{ matrix\.(\w+) \}\}$/, (_, key: string) => values[key] ?? ''),
        ]),
      );
      const words = execFileSync('bash', ['-c', `printf '%s\\n' ${command?.run}`], { env, encoding: 'utf8' });
      const [npm, script, dashes, ...args] = words.trim().split('\n');
      expect([npm, script, dashes]).toEqual(['npm', 'test', '--']);
      return phasesFor(args).flat();
    };
    const jobs = (test?.strategy?.matrix.include ?? []).map(phasesOfJob);
    const names = (steps: TestStep[]) => new Set(steps.map((step) => step.name));
    expect(names(jobs.flat())).toEqual(names(PHASES.flat()));
    const shards = jobs.flat().flatMap((step) => /--shard=(\d+\/\d+)$/.exec(step.command)?.[1] ?? []);
    expect(shards.length).toBeGreaterThan(1);
    expect(shards).toEqual(shards.map((_, index) => `${index + 1}/${shards.length}`));
  });
});

describe('workflow lint', () => {
  it('finds both workflows clean', async () => {
    const files = await workflowFiles(ROOT);
    expect(files).toEqual(['.github/workflows/ci.yml', '.github/workflows/deploy.yml']);
    expect(await lintWorkflows(files.map((file) => path.join(ROOT, file)))).toEqual([]);
    for (const file of files) expect(validateSchema(path.join(ROOT, file), ROOT)).toBe('');
  });

  it('catches an untrusted value in a script, and an unknown key', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'workflows-'));
    const untrusted = path.join(dir, 'untrusted.yml');
    const misspelt = path.join(dir, 'misspelt.yml');
    const job = '  a:\n    runs-on: ubuntu-latest\n';
    await writeFile(
      untrusted,
      `on: repository_dispatch\njobs:\n${job}    steps:\n      - run: echo "\${{ github.event.client_payload.reason }}"\n`,
    );
    await writeFile(misspelt, `on: push\njobs:\n${job}    permisions: {}\n    steps:\n      - run: echo ok\n`);
    try {
      expect(await lintWorkflows([untrusted, misspelt])).toEqual([
        expect.stringMatching(
          /untrusted\.yml: job "a", step 1: "github\.event\.client_payload\.reason" inside \$\{\{ \}\} in a run script/,
        ),
        expect.stringMatching(/misspelt\.yml:5:5: unexpected key "permisions"/),
      ]);
      expect(validateSchema(misspelt, ROOT)).toContain("Additional property 'permisions' is not allowed");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [{ kind: 'runner-label', message: 'label "ubuntu-24.04" is unknown. available labels are ...' }, true],
    [{ kind: 'runner-label', message: 'label "ubuntu-42.04" is unknown. available labels are ...' }, false],
    [{ kind: 'expression', message: 'undefined variable "vars". available variables are ...' }, true],
    [{ kind: 'expression', message: 'undefined variable "secret". available variables are ...' }, false],
  ])('ignores only the findings that are the wasm build’s age: %o', (finding, ignored) => {
    expect(isOutdatedFinding(finding)).toBe(ignored);
  });
});

/** A one-job workflow on repository_dispatch: `jobEnv` and `steps` are YAML, indented as a job's keys. */
const oneJob = (steps: string, { jobEnv = '', workflowEnv = '' } = {}) =>
  `on: repository_dispatch\n${workflowEnv ? `env:\n${workflowEnv}\n` : ''}jobs:\n  a:\n    runs-on: ubuntu-24.04\n${jobEnv ? `    env:\n${jobEnv}\n` : ''}    steps:\n${steps}\n`;
const REASON = `\${{ github.event.client_payload.reason }}`;
const SCRIPT = 'actions/github-script@60a0d83039c74a4aee543508d2ffcb1c3799cdea # v7.0.1';

describe('the untrusted-input rule', () => {
  it.each([
    [
      'the bracket form',
      oneJob(`      - run: echo "\${{ github['event']['client_payload']['reason'] }}"`),
      /step 1: "github\.event\.client_payload\.reason" inside \$\{\{ \}\} in a run script; pass it through env instead/,
    ],
    [
      'a mixed form',
      oneJob(`      - run: echo "\${{ github.event['client_payload'].reason }}"`),
      /"github\.event\.client_payload\.reason" inside .* in a run script/,
    ],
    [
      'other case and spaces',
      oneJob(`      - run: echo "\${{ GITHUB[ 'Event' ] . client_payload.reason }}"`),
      /"github\.event\.client_payload\.reason" inside .* in a run script/,
    ],
    [
      "an input in brackets (the 'Run workflow' form)",
      oneJob(`      - run: echo "\${{ inputs['reason'] }}"`),
      /"inputs\.reason" inside .* in a run script/,
    ],
    ['the github context whole', oneJob(`      - run: echo '\${{ toJSON(github) }}'`), /"github" inside .* in a run script/],
    [
      'a step env variable read back in an expression (env.X)',
      oneJob(`      - env:\n          WHY: ${REASON}\n        run: echo "\${{ env.WHY }}"`),
      /step 1: "env\.why" \(set from "github\.event\.client_payload\.reason"\) inside .* in a run script; read the variable as "\$WHY" instead/,
    ],
    [
      "a job env variable read back in an expression (env['X'])",
      oneJob(`      - run: echo "\${{ env['WHY'] }}"`, { jobEnv: `      WHY: ${REASON}` }),
      /"env\.why" \(set from "github\.event\.client_payload\.reason"\) inside .* read the variable as "\$WHY"/,
    ],
    [
      'a workflow env variable, copied into a step variable, read back',
      oneJob(`      - env:\n          COPY: \${{ env.WHY }}\n        run: echo "\${{ env.COPY }}"`, {
        workflowEnv: `  WHY: ${REASON}`,
      }),
      /"env\.copy" \(set from "github\.event\.client_payload\.reason"\) .* read the variable as "\$COPY"/,
    ],
    [
      "actions/github-script's script",
      oneJob(`      - uses: ${SCRIPT}\n        with:\n          script: core.notice('${REASON}')`),
      /"github\.event\.client_payload\.reason" inside .* in actions\/github-script's script; pass it through env instead/,
    ],
    [
      "actions/github-script's script through env",
      oneJob(
        `      - uses: ${SCRIPT}\n        env:\n          WHY: ${REASON}\n        with:\n          script: core.notice('\${{ env.WHY }}')`,
      ),
      /"env\.why" .* in actions\/github-script's script; read the variable as process\.env\.WHY instead/,
    ],
  ])('catches %s', (_form, source, finding) => {
    expect(untrustedInScripts('w.yml', source)).toEqual([expect.stringMatching(finding)]);
  });

  it('passes the safe forms: the variable read by the shell or by Node, trusted contexts, other actions and the run name', () => {
    const source = `run-name: "Deploy \${{ github.event.client_payload.reason }}"\n${oneJob(
      [
        `      - env:\n          WHY: ${REASON}\n        run: echo "$WHY" "\${{ github.event_name }}" "\${{ github.sha }}" "\${{ vars.REASON }}"`,
        `      - uses: ${SCRIPT}\n        env:\n          WHY: ${REASON}\n        with:\n          script: core.notice(process.env.WHY)`,
        // The job's tainted WHY set again from a trusted value in this step.
        `      - env:\n          WHY: \${{ vars.WHY }}\n        run: echo "\${{ env.WHY }}" "\${{ env.HOME_DIR }}" "\${{ format('{0}', 'github inputs') }}"`,
        `      - uses: actions/cache@5a3ec84eff668545956fd18022155c47e93e2684 # v4.2.3\n        with:\n          path: .cache\n          key: \${{ github.event.client_payload.reason }}`,
      ].join('\n'),
      { jobEnv: `      WHY: ${REASON}\n      HOME_DIR: \${{ runner.temp }}` },
    )}`;
    expect(untrustedInScripts('w.yml', source)).toEqual([]);
  });
});

describe('the checkout rule', () => {
  const checkout = 'actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2';
  it.each([
    ['no with', `      - uses: ${checkout}`, true],
    ['other inputs only', `      - uses: ${checkout}\n        with:\n          fetch-depth: 1`, true],
    ['persist-credentials: true', `      - uses: ${checkout}\n        with:\n          persist-credentials: true`, true],
    ['persist-credentials: false', `      - uses: ${checkout}\n        with:\n          persist-credentials: false`, false],
    ['persist-credentials: "false"', `      - uses: ${checkout}\n        with:\n          persist-credentials: "false"`, false],
    ['another action', '      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 # v4.4.0', false],
  ])('a checkout with %s is refused: %s', (_case, steps, refused) => {
    expect(checkoutsKeepingCredentials('w.yml', oneJob(steps))).toEqual(
      refused
        ? [
            expect.stringMatching(
              /^w\.yml: job "a", step 1: actions\/checkout keeps the job's token in \.git\/config .*persist-credentials: false \[checkout-credentials\]$/,
            ),
          ]
        : [],
    );
  });
});
