import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkoutsKeepingCredentials,
  isOutdatedFinding,
  lintWorkflows,
  untrustedInScripts,
  validateSchema,
  workflowFiles,
} from '../../scripts/verify/lint-workflows.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('workflow lint', () => {
  it('finds every workflow clean', async () => {
    const files = await workflowFiles(ROOT);
    expect(files).toEqual(['.github/workflows/check-sources.yml', '.github/workflows/ci.yml', '.github/workflows/deploy.yml']);
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
