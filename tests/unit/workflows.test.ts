/**
 * The properties the workflows must keep: when the deploy runs, that it never runs two
 * at once nor cancels one, that each job holds only the permissions it needs, that the gate runs
 * before the deploy, that untrusted text never reaches a shell line, that every action is pinned to
 * a commit, that only the sync holds the upstream secrets (the gate gets their fingerprints), that
 * every job installs with scripts/install.sh (no dependency's install script but those package.json
 * approves; run here against a stand-in `npm`), and that CI's jobs together run every step of the
 * test command; that the change check (check-sources.yml) asks for a deploy only on a change and never while one is queued or running, its
 * scripts run here in bash against a stand-in `npm` and `gh`. Plus the lint itself: every workflow is
 * clean, and it does catch a bad one.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AUTOMATIC_RUN_TITLE } from '../../scripts/deploy-cap.ts';
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
  'continue-on-error'?: boolean;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  outputs?: Record<string, string>;
  env?: Record<string, string>;
  defaults?: { run?: { shell?: string } };
  strategy?: { matrix: { include: Record<string, string>[] } };
  permissions?: Record<string, string>;
  environment?: { name: string };
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const read = (name: string) => parse(readFileSync(path.join(ROOT, '.github/workflows', name), 'utf8')) as Workflow;
const deploy = read('deploy.yml');
const ci = read('ci.yml');
const checkSources = read('check-sources.yml');
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
    expect(dispatch.inputs.flush_image_cache).toMatchObject({ required: false, type: 'boolean', default: false });
    expect(dispatch.inputs.trigger).toMatchObject({
      required: false,
      type: 'choice',
      options: ['button', 'source-change'],
      default: 'button',
    });
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
    expect(deploy.jobs.history?.permissions).toEqual({ actions: 'read' });
    expect(deploy.jobs.alert?.permissions).toEqual({ issues: 'write' });
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
    // Between the gate and the upload only what runs after a failure: the last good data built again
    // (and through the gate again, as the last of those steps), or a report; none uploads.
    const afterFailure = build.steps.slice(verify + 1, upload);
    const fallback = afterFailure.find((step) => step.id === 'fallback-data');
    expect(fallback?.if).toMatch(/^failure\(\) && steps\.restore\.outputs\.has_snapshot == 'true'$/);
    for (const step of afterFailure.filter((candidate) => candidate !== fallback)) {
      expect(step.if, step.name).toMatch(
        /^failure\(\) && |^\$\{\{ !cancelled\(\) && steps\.fallback(-\w+)?\.outcome == 'success' \}\}$/,
      );
      expect(step.uses, step.name).toBeUndefined();
    }
    const again = afterFailure.findIndex((step) => step.id === 'fallback');
    expect(afterFailure[again]?.run).toMatch(/npm run verify$/);
    expect(afterFailure.findIndex((step) => /npm run build:site/.test(step.run ?? ''))).toBeLessThan(again);
    // The upload takes the new site that passed the gate, or the last good data that passed it again.
    expect(build.steps[upload]?.if).toBe(
      `\${{ !cancelled() && (steps.verify.outcome == 'success' || steps.fallback.outcome == 'success') }}`,
    );
    expect(build.outputs?.publish).toBe(`\${{ steps.verify.outcome == 'success' || steps.fallback.outcome == 'success' }}`);
    expect(deploy.jobs.deploy?.if).toBe(`\${{ !cancelled() && needs.build.outputs.publish == 'true' }}`);

    const deployJobs = Object.entries(deploy.jobs).filter(([, job]) =>
      job.steps.some((step) => (step.uses ?? '').startsWith('actions/deploy-pages@')),
    );
    expect(deployJobs.map(([name]) => name)).toEqual(['deploy']);
    expect(ancestors(deploy, 'deploy').has('build')).toBe(true);
    expect(deploy.jobs.deploy?.environment?.name).toBe('github-pages');
    // The last good data is saved only once the site it belongs to is published, and never after a fallback.
    expect(ancestors(deploy, 'save-data')).toEqual(new Set(['build', 'deploy']));
    expect(deploy.jobs['save-data']?.if).toBeUndefined();
  });

  it("hands the button's overrides to the sync and the gate through env", () => {
    const steps = (deploy.jobs.build as Job).steps;
    const verify = steps.find((step) => /npm run verify/.test(step.run ?? ''));
    const sync = steps.find((step) => /npm run sync/.test(step.run ?? ''));
    for (const step of [sync, verify]) {
      expect(step?.env).toMatchObject({
        ALLOW_SHRINK: `\${{ inputs.allow_shrink }}`,
        ALLOW_GROWTH: `\${{ inputs.allow_growth }}`,
      });
    }
    // The sync reads them as options (scripts/sync.ts).
    expect(sync?.run).toMatch(/ALLOW_SHRINK.*--allow-shrink/);
    expect(sync?.run).toMatch(/ALLOW_GROWTH.*--allow-growth/);
  });

  it('gives the upstream secrets to the sync only, through env, and the gate their fingerprints, which the sync writes', () => {
    const withSecrets = allSteps(deploy).filter((step) => JSON.stringify(step).includes('secrets.'));
    const commands = (step: Step) => [...new Set(step.run?.match(/npm run (\w+)/g))];
    expect(withSecrets.map(commands)).toEqual([['npm run sync']]);
    for (const step of withSecrets) expect(step.run).not.toContain('secrets.');
    // Nor through the job's or the workflow's env, which every step would get.
    expect(JSON.stringify([deploy.env, ...Object.values(deploy.jobs).map((job) => job.env)])).not.toContain('secrets.');
    // Both gates read the file the sync writes, in the runner's temporary folder.
    const file = `\${{ runner.temp }}/secret-fingerprints.json`;
    expect(withSecrets[0]?.env?.SECRET_FINGERPRINTS_FILE).toBe(file);
    const gates = allSteps(deploy).filter((step) => /npm run verify/.test(step.run ?? ''));
    expect(gates.map((step) => step.env?.SECRET_FINGERPRINTS_FILE)).toEqual([file, file]);
    // No other step gets it: the fallback's `sync -- --images-only` must not write an empty one over it.
    const withFile = allSteps(deploy).filter((step) => step.env?.SECRET_FINGERPRINTS_FILE !== undefined);
    expect(withFile).toEqual([withSecrets[0], ...gates]);
    // And nothing uploads it.
    for (const step of allSteps(deploy).filter((candidate) => (candidate.uses ?? '').includes('upload')))
      expect(JSON.stringify(step.with)).not.toMatch(/runner\.temp|fingerprints/);
  });

  it('tells /status who asked, from the event and the inputs, through env', () => {
    const builds = (deploy.jobs.build as Job).steps.filter((step) => /npm run build:site/.test(step.run ?? ''));
    expect(builds).toHaveLength(2);
    for (const step of builds) {
      expect(step.env?.BUILD_TRIGGER).toBe(
        `\${{ github.event_name == 'schedule' && 'nightly' || github.event_name == 'repository_dispatch' && 'webhook' || inputs.trigger || 'button' }}`,
      );
      expect(step.env?.BUILD_REASON).toBe(`\${{ inputs.reason || github.event.client_payload.reason }}`);
    }
  });

  it("puts the refusal's note beside the last good data, and that data back before building it again", () => {
    const fallback = (deploy.jobs.build as Job).steps.find((step) => step.id === 'fallback-data');
    const lines = (fallback?.run ?? '').trim().split('\n');
    expect(lines[0]).toBe('rm -rf "$SNAPSHOT_DIR" && mkdir -p "$SNAPSHOT_DIR"');
    expect(lines[1]).toBe('cp .last-published/snapshot/*.json "$SNAPSHOT_DIR"/');
    expect(lines[2]).toMatch(/^node scripts\/refusal-note\.ts --stage "\$STAGE" --from \.last-published\/refusal\.json /);
    expect(lines[3]).toBe('npm run sync -- --images-only');
    const verify = (deploy.jobs.build as Job).steps.find((step) => step.id === 'verify');
    expect(verify?.env?.VERIFY_REFUSAL_FILE).toBe('.last-published/refusal.json');
  });

  it('opens one issue after two failed nightly runs, closes it on a publication, with only issues: write', () => {
    const alert = deploy.jobs.alert as Job;
    expect(new Set(needsOf(alert))).toEqual(new Set(['build', 'deploy', 'save-data', 'history']));
    expect(alert.if).toBe(`\${{ !cancelled() && (github.event_name == 'schedule' || needs.save-data.result == 'success') }}`);
    const script = alert.steps[0]?.run ?? '';
    expect(script).toMatch(
      /if \[ "\$PUBLISHED" = true \]; then[\s\S]*gh issue close[\s\S]*elif \[ "\$NIGHTLY" = true \] && \[ "\$PREVIOUS_FAILED" = true \]; then/,
    );
    expect(script).toMatch(/gh issue comment "\$number"[\s\S]*gh issue create --title "\$title"/);
    expect(deploy.jobs.history?.if).toBe("github.event_name == 'schedule'");
    expect(deploy.jobs.history?.steps[0]?.run).toContain('--event schedule --status completed --limit 1');
  });

  it('hands the job token to git only in the steps that fetch or push, and restores before npm install runs', () => {
    const build = deploy.jobs.build as Job;
    const withToken = allSteps(deploy).filter(
      (step) => JSON.stringify(step).includes('github.token') && step.env?.GH_TOKEN === undefined,
    );
    // gh's token (GH_TOKEN) only in the jobs that read runs or write issues, which check nothing out and install nothing.
    for (const name of ['history', 'alert']) {
      const job = deploy.jobs[name] as Job;
      expect(job.steps.map((step) => step.env?.GH_TOKEN)).toEqual(job.steps.map(() => `\${{ github.token }}`));
      for (const step of job.steps) expect(step.uses ?? step.run ?? '').not.toMatch(/checkout|\bnpm\b/);
    }
    expect(allSteps(deploy).filter((step) => step.env?.GH_TOKEN).length).toBe(2);
    expect(withToken.map((step) => step.name)).toEqual([
      'Restore the last good snapshot and the last published manifest',
      'Commit it to the data branch',
    ]);
    for (const step of withToken) {
      expect(step.env?.GIT_TOKEN).toBe(`\${{ github.token }}`);
      expect(step.run).not.toMatch(/\bnpm\b|\$\{\{/);
      expect(step.run).toContain('GIT_CONFIG_KEY_0="http.$GITHUB_SERVER_URL/.extraheader"');
    }
    const install = build.steps.findIndex((step) => step.run === 'scripts/install.sh');
    const restore = build.steps.findIndex((step) => step.name?.startsWith('Restore the last good snapshot'));
    expect(restore).toBeGreaterThan(0);
    expect(restore).toBeLessThan(install);
  });

  it("empties the restored image cache before the sync when the button's flush_image_cache box is ticked, and only then", () => {
    const steps = (deploy.jobs.build as Job).steps;
    const cache = steps.findIndex((step) => (step.uses ?? '').startsWith('actions/cache@'));
    const flush = steps.findIndex((step) => step.name === 'Flush the image cache');
    const sync = steps.findIndex((step) => step.id === 'sync');
    expect(cache).toBeGreaterThan(0);
    expect([cache < flush, flush < sync]).toEqual([true, true]);
    expect(steps[flush]).toMatchObject({ if: 'inputs.flush_image_cache', run: 'rm -rf .cache' });
    // The folder the cache keeps is the one flushed.
    expect(steps[cache]?.with?.path).toBe('.cache');
  });

  it("commits to the data branch only when the deploy's data changed, and on any doubt", () => {
    const build = deploy.jobs.build as Job;
    const decide = build.steps.findIndex((step) => step.id === 'data-change');
    const upload = build.steps.findIndex((step) => (step.uses ?? '').startsWith('actions/upload-pages-artifact@'));
    const keep = build.steps.findIndex((step) => (step.uses ?? '').startsWith('actions/upload-artifact@'));
    expect([upload < decide, decide < keep]).toEqual([true, true]);
    expect(build.steps[decide]).toMatchObject({
      if: "steps.verify.outcome == 'success'",
      // A failure costs a commit, never the deploy.
      'continue-on-error': true,
      run: 'node scripts/data-change.ts --previous .last-published --snapshot "$SNAPSHOT_DIR" --manifest dist/build-manifest.json >> "$GITHUB_OUTPUT"',
    });
    expect(build.outputs?.['data-changed']).toBe(`\${{ steps.data-change.outputs.changed }}`);
    // --previous is laid out as the data branch: the restore step put its manifest and snapshot there.
    const restore = build.steps.find((step) => step.id === 'restore');
    expect(restore?.run).toContain('git archive FETCH_HEAD snapshot | tar -x -C .last-published');
    expect(restore?.run).toContain('git show FETCH_HEAD:build-manifest.json > .last-published/build-manifest.json');
    // Every step of save-data is skipped on 'false' only: an empty answer commits, and the job still succeeds for the alert.
    const saveData = deploy.jobs['save-data'] as Job;
    for (const step of saveData.steps)
      expect(step.if, step.name ?? step.uses).toBe("needs.build.outputs.data-changed != 'false'");
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
  ['check-sources.yml', checkSources],
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

const checkJob = checkSources.jobs.check as Job;
const stepNamed = (name: string) => {
  const found = checkJob.steps.find((step) => step.name === name);
  if (!found) throw new Error(`no step "${name}" in check-sources.yml`);
  return found;
};
const busyStep = stepNamed('Is a deploy queued or running?');
const checkStep = stepNamed('Check the sources (the only step with the upstream secrets)');
const capStep = stepNamed("Is today's cap of automatic deploys reached?");
const dispatchStep = stepNamed('Ask for a deploy');

/** What a step's script did: its exit status, its outputs, its summary, every `gh` call (one array of arguments each), the files it left. */
interface StepRun {
  status: number;
  outputs: Record<string, string>;
  summary: string;
  gh: string[][];
  files: string[];
}

/**
 * Runs a step's script as GitHub does (`bash -eo pipefail`), with its `env:` values given here and
 * stand-ins for `npm` (prints NPM_OUTPUT, exits with NPM_STATUS) and `gh` (answers `run list` from
 * GH_UNFINISHED, GH_LAST_FAILED and GH_RUNS, `api` with 'main', and records every call). It runs in a
 * folder of its own, or in the project (`cwd`) for a step that runs one of its scripts; `node` is the
 * one running these tests.
 */
function runStep(step: Step, env: Record<string, string>, { cwd }: { cwd?: string } = {}): StepRun {
  const dir = mkdtempSync(path.join(tmpdir(), 'workflow-step-'));
  try {
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    const calls = path.join(dir, 'gh-calls');
    writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\nprintf '> sync\\n%s\\n' "$NPM_OUTPUT"\nexit "\${NPM_STATUS:-0}"\n`);
    writeFileSync(
      path.join(bin, 'gh'),
      [
        '#!/bin/sh',
        `printf '%s\\n' "$@" >> "${calls}"; echo '---' >> "${calls}"`,
        'case "$*" in',
        `  "run list"*"--json status"*) echo "\${GH_UNFINISHED:-0}" ;;`,
        '  "run list"*"--json conclusion,displayTitle"*) printf \'%s\\n\' "$GH_LAST_FAILED" ;;',
        `  "run list"*"--json createdAt,displayTitle"*) printf '%s\\n' "\${GH_RUNS:-[]}" ;;`,
        '  "api "*) echo main ;;',
        'esac',
      ].join('\n'),
    );
    for (const name of ['npm', 'gh']) chmodSync(path.join(bin, name), 0o755);
    const script = path.join(dir, 'step.sh');
    writeFileSync(script, step.run ?? '');
    const files = { GITHUB_OUTPUT: path.join(dir, 'output'), GITHUB_STEP_SUMMARY: path.join(dir, 'summary') };
    for (const file of Object.values(files)) writeFileSync(file, '');
    let status = 0;
    try {
      execFileSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
        cwd: cwd ?? dir,
        env: { PATH: `${bin}:${path.dirname(process.execPath)}:${process.env.PATH}`, RUNNER_TEMP: dir, ...files, ...env },
        stdio: 'pipe',
      });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    const outputs = Object.fromEntries(
      readFileSync(files.GITHUB_OUTPUT, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const gh = existsSync(calls)
      ? readFileSync(calls, 'utf8')
          .split('---\n')
          .filter(Boolean)
          .map((call) => call.trimEnd().split('\n'))
      : [];
    return { status, outputs, summary: readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8'), gh, files: readdirSync(dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const dispatched = (run: StepRun) => run.gh.filter((call) => call[0] === 'workflow' && call[1] === 'run');
const GH_ENV = { GH_TOKEN: 'token', GH_REPO: 'owner/repo' };

describe('check-sources.yml', () => {
  it("runs every 30 minutes of the editors' day in Barra do Bugres (UTC-4), off the full hour, and on the button", () => {
    const crons = (checkSources.on.schedule as { cron: string }[]).map((schedule) => schedule.cron.split(' '));
    const hours = new Set<number>();
    for (const [minutes, hourField, ...rest] of crons) {
      expect(rest).toEqual(['*', '*', '*']);
      expect((minutes ?? '').split(',').map(Number)).toEqual([7, 37]);
      const [first, last = first] = (hourField ?? '').split('-').map(Number);
      for (let hour = first ?? 0; hour <= (last ?? 0); hour += 1) hours.add(hour);
    }
    // 06:00–21:59 in Cuiabá: 10:00–01:59 UTC, sixteen hours, two checks each.
    expect([...hours].map((hour) => (hour + 24 - 4) % 24).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, index) => index + 6),
    );
    expect(checkSources.on).toHaveProperty('workflow_dispatch');
  });

  it('never runs two checks at once, nor cancels one', () => {
    expect(checkSources.concurrency).toEqual({ group: 'check-sources', 'cancel-in-progress': false });
  });

  it('grants nothing by default, and its one job only contents: read and actions: write', () => {
    expect(checkSources.permissions).toEqual({});
    expect(Object.keys(checkSources.jobs)).toEqual(['check']);
    expect(checkJob.permissions).toEqual({ contents: 'read', actions: 'write' });
    // pipefail: a failing check is not hidden by the `tee` after it.
    expect(checkJob.defaults?.run?.shell).toBe('bash');
  });

  it('does nothing else while a deploy is queued or running: every later step waits on the first', () => {
    expect(checkJob.steps[0]).toBe(busyStep);
    expect(busyStep.run).toMatch(/gh run list --workflow deploy\.yml .*select\(\.status != "completed"\)/);
    const gates: Record<string, string> = {
      busy: "steps.busy.outputs.busy == 'false'",
      restore: "steps.restore.outputs.has_snapshot == 'true'",
      check: "steps.check.outputs.verdict == 'changed'",
    };
    const ids = checkJob.steps.map((step) => step.id);
    checkJob.steps.slice(1).forEach((step, index) => {
      // Each step waits on a step before it, which waits on the busy check itself.
      const gate = Object.entries(gates).find(([, condition]) => step.if === condition);
      expect(gate, step.name ?? step.uses).toBeDefined();
      expect(ids.indexOf(gate?.[0])).toBeLessThan(index + 1);
    });
    expect(stepNamed('Restore the last published snapshot').if).toBe(gates.busy);
    expect(checkStep.if).toBe(gates.restore);
  });

  it.each([
    ['a deploy unfinished', '1', 'true', 'Uma publicação já está na fila ou em andamento; nada a fazer.'],
    ['none', '0', 'false', ''],
  ])('the first step, with %s, says busy=%s', (_case, unfinished, busy, summary) => {
    const run = runStep(busyStep, { ...GH_ENV, GH_UNFINISHED: unfinished });
    expect(run).toMatchObject({ status: 0, outputs: { busy } });
    expect(run.summary).toContain(summary);
  });

  it('asks for the deploy in one step, on a `changed` verdict only', () => {
    const asking = checkJob.steps.filter((step) => /gh workflow run/.test(step.run ?? ''));
    expect(asking).toEqual([dispatchStep]);
    expect(dispatchStep.if).toBe("steps.check.outputs.verdict == 'changed'");
    expect(dispatchStep.run).toContain('gh workflow run deploy.yml --ref "$branch" -f reason="$reason" -f trigger=source-change');
  });

  it.each([
    ['unchanged', 0, 'unchanged', 0, 'Nada mudou nas fontes.'],
    ['unchanged (not reachable: blog)', 0, 'unchanged', 0, 'Nada mudou nas fontes. `unchanged (not reachable: blog)`'],
    ['changed: news +1 ("Festival")', 0, 'changed', 0, ''],
    ['cannot check: no snapshot to compare with; …', 2, 'failed', 2, 'Não foi possível verificar as fontes'],
    ['changed: news +1 ("Festival")', 1, 'failed', 1, 'Não foi possível verificar as fontes'],
    ['Error: something broke', 0, 'failed', 1, 'Não foi possível verificar as fontes'],
  ])('the check step reads %j (exit %i) as %s, exit %i', (line, npmStatus, verdict, status, summary) => {
    const run = runStep(checkStep, { NPM_OUTPUT: `sync table\n${line}`, NPM_STATUS: String(npmStatus) });
    expect(run).toMatchObject({ status, outputs: { verdict, line } });
    expect(run.summary).toContain(summary);
  });

  describe('the step that asks for the deploy', () => {
    const LINE = 'changed: news +1 ("Festival de Pesca abre inscrições")';
    const NOTE = '3 de no máximo 8 publicações automáticas hoje';
    const ask = (env: Record<string, string>) =>
      runStep(dispatchStep, { ...GH_ENV, LC_ALL: 'C.UTF-8', LINE, CAPPED: 'false', CAP_NOTE: NOTE, ...env });

    it('starts deploy.yml on the default branch, the line as its reason, as a source change', () => {
      const run = ask({});
      expect(run.status).toBe(0);
      expect(dispatched(run)).toEqual([
        ['workflow', 'run', 'deploy.yml', '--ref', 'main', '-f', `reason=${LINE}`, '-f', 'trigger=source-change'],
      ]);
      expect(run.summary).toContain(`Mudanças nas fontes: \`${LINE}\` — publicação pedida (${NOTE}).`);
    });

    it.each([
      ['reached', 'true', 'o limite de 8 publicações automáticas por dia foi atingido (8 hoje); as mudanças entram…'],
      ['not known', '', ''],
    ])("asks nothing when today's cap is %s, and says so", (_case, capped, note) => {
      const run = ask({ CAPPED: capped, CAP_NOTE: note });
      expect(run.status).toBe(0);
      expect(run.gh).toEqual([]);
      expect(run.summary).toContain(`Mudanças nas fontes: \`${LINE}\` — ${note || 'não foi possível contar'}`);
    });

    it("takes the cap's answer from the step before, through env", () => {
      expect(dispatchStep.env).toMatchObject({
        CAPPED: `\${{ steps.cap.outputs.capped }}`,
        CAP_NOTE: `\${{ steps.cap.outputs.note }}`,
      });
    });

    it('asks nothing when a deploy started while the sources were read', () => {
      const run = ask({ GH_UNFINISHED: '1' });
      expect(dispatched(run)).toEqual([]);
      expect(run.summary).toContain('uma publicação já está na fila ou em andamento');
    });

    it('asks nothing when the last deploy failed on these same changes, and asks when it failed on others', () => {
      const same = ask({ GH_LAST_FAILED: `Deploy (workflow_dispatch) ${LINE}` });
      expect(dispatched(same)).toEqual([]);
      expect(same.summary).toContain('pedida por estas mesmas mudanças, falhou');
      expect(dispatched(ask({ GH_LAST_FAILED: 'Deploy (schedule) ' }))).toHaveLength(1);
    });

    it('hands a hostile line to gh as one argument, never to the shell, cut to 200 characters', () => {
      const hostile = `changed: news +1 ("$(touch pwned)\`touch pwned\`'; touch pwned; '") ${'ç'.repeat(300)}`;
      const run = ask({ LINE: hostile });
      const [call] = dispatched(run);
      expect(call?.[6]).toBe(`reason=${[...hostile].slice(0, 200).join('')}`);
      expect(run.files).not.toContain('pwned');
      // Shown as code: its own backticks are gone, so it cannot leave the code span.
      expect(run.summary.match(/`/g)).toHaveLength(2);
    });
  });

  describe("the step that counts today's automatic deploys", () => {
    /** `count` deploys the check asked for, created at `at`, among a nightly run and an editor's. */
    const runs = (count: number, at: Date) =>
      JSON.stringify([
        ...Array.from({ length: count }, () => ({
          createdAt: at.toISOString(),
          displayTitle: `${AUTOMATIC_RUN_TITLE} changed: news +1 ("Festa")`,
        })),
        { createdAt: at.toISOString(), displayTitle: 'Deploy (schedule) ' },
        { createdAt: at.toISOString(), displayTitle: 'Deploy (workflow_dispatch) Novo evento' },
      ]);
    const count = (env: Record<string, string>) =>
      runStep(capStep, { ...GH_ENV, CITY_TIME_ZONE: 'America/Cuiaba', ...env }, { cwd: ROOT });

    it('runs on a change only, between the check and the step that asks', () => {
      expect(capStep.if).toBe("steps.check.outputs.verdict == 'changed'");
      expect(checkJob.steps.indexOf(checkStep)).toBeLessThan(checkJob.steps.indexOf(capStep));
      expect(checkJob.steps.indexOf(capStep)).toBeLessThan(checkJob.steps.indexOf(dispatchStep));
      expect(capStep.env?.AUTO_DEPLOYS_PER_DAY).toBe(`\${{ vars.AUTO_DEPLOYS_PER_DAY }}`);
      // gh lists the runs with the token; the script reads the list without it.
      expect(capStep.run).toMatch(
        /env -u GH_TOKEN node scripts\/deploy-cap\.ts "\$RUNNER_TEMP\/deploys\.json" >> "\$GITHUB_OUTPUT"/,
      );
    });

    it.each([
      ['none yet', 0, '', 'false', '1 de no máximo 8 publicações automáticas hoje'],
      ['seven of the default 8', 7, '', 'false', '8 de no máximo 8 publicações automáticas hoje'],
      ['eight of the default 8', 8, '', 'true', 'o limite de 8 publicações automáticas por dia foi atingido (8 hoje); '],
      ['two of a cap of 2', 2, '2', 'true', 'o limite de 2 publicações automáticas por dia foi atingido (2 hoje); '],
      ['none, with AUTO_DEPLOYS_PER_DAY=0', 0, '0', 'true', 'as publicações automáticas estão desligadas'],
    ])('with %s asked for today', (_case, asked, cap, capped, note) => {
      const run = count({ GH_RUNS: runs(asked, new Date()), AUTO_DEPLOYS_PER_DAY: cap });
      expect(run.status).toBe(0);
      expect(run.outputs.capped).toBe(capped);
      expect(run.outputs.note).toContain(note);
      expect(run.gh).toEqual([['run', 'list', '--workflow', 'deploy.yml', '--limit', '100', '--json', 'createdAt,displayTitle']]);
    });

    it("counts the city's day: eight yesterday hold nothing back", () => {
      const run = count({ GH_RUNS: runs(8, new Date(Date.now() - 25 * 3_600_000)) });
      expect(run.outputs).toEqual({ capped: 'false', note: '1 de no máximo 8 publicações automáticas hoje' });
    });

    it('fails on an AUTO_DEPLOYS_PER_DAY it cannot read, naming it in the summary, and gives no answer', () => {
      const run = count({ AUTO_DEPLOYS_PER_DAY: 'oito' });
      expect(run.status).toBe(2);
      expect(run.outputs).toEqual({});
      expect(run.summary).toContain(
        'Nenhuma publicação foi pedida: `AUTO_DEPLOYS_PER_DAY="oito": use um número inteiro de 0 a 48',
      );
    });
  });

  it('titles the deploys it asks for so that the cap can count them', () => {
    expect((deploy as unknown as { 'run-name': string })['run-name']).toBe(
      `Deploy (\${{ inputs.trigger == 'source-change' && 'source-change' || github.event_name }}) \${{ inputs.reason || github.event.client_payload.reason || '' }}`,
    );
    expect(AUTOMATIC_RUN_TITLE).toBe('Deploy (source-change)');
  });

  it('hands the line to the shell only through env, and untrusted text to no run script', () => {
    expect(dispatchStep.env?.LINE).toBe(`\${{ steps.check.outputs.line }}`);
    for (const step of checkJob.steps) expect(step.run ?? '').not.toContain('${{');
    const source = readFileSync(path.join(ROOT, '.github/workflows/check-sources.yml'), 'utf8');
    expect(untrustedInScripts('check-sources.yml', source)).toEqual([]);
  });

  it("gives the upstream secrets only to the check, through env, with deploy.yml's variables and settings", () => {
    const withSecrets = allSteps(checkSources).filter((step) => JSON.stringify(step).includes('secrets.'));
    expect(withSecrets).toEqual([checkStep]);
    expect(checkStep.run).toContain('npm run sync -- --check');
    const deploySync = (deploy.jobs.build as Job).steps.find((step) => /npm run sync/.test(step.run ?? ''));
    // Less what only the deploy's sync needs: the overrides, and the fingerprints for the gate.
    const {
      ALLOW_SHRINK: _allowShrink,
      ALLOW_GROWTH: _allowGrowth,
      SECRET_FINGERPRINTS_FILE: _fingerprints,
      ...upstream
    } = deploySync?.env ?? {};
    expect(checkStep.env).toEqual(upstream);
    // The settings the sync reads (SITE_URL, BLOG_URL, the city…) as the deploy's build job has them.
    expect(checkJob.env).toEqual((deploy.jobs.build as Job).env);
  });

  it('restores the snapshot as deploy.yml does, before npm install, and gives the job token only to git and gh', () => {
    const withToken = checkJob.steps.filter((step) => JSON.stringify(step).includes('github.token'));
    expect(withToken.map((step) => step.name)).toEqual([
      busyStep.name,
      'Restore the last published snapshot',
      capStep.name,
      dispatchStep.name,
    ]);
    const restore = stepNamed('Restore the last published snapshot');
    expect(restore.env).toEqual({ GIT_TOKEN: `\${{ github.token }}` });
    expect(restore.run).toContain('GIT_CONFIG_KEY_0="http.$GITHUB_SERVER_URL/.extraheader"');
    expect(restore.run).toMatch(/git fetch --depth=1 origin "refs\/heads\/\$DATA_BRANCH"/);
    for (const step of withToken) expect(step.run).not.toMatch(/\bnpm\b/);
    const install = checkJob.steps.findIndex((step) => step.run === 'scripts/install.sh');
    expect(checkJob.steps.indexOf(restore)).toBeLessThan(install);
    expect(checkSources.env).toMatchObject({ DATA_BRANCH: 'data', SNAPSHOT_DIR: 'data/snapshot' });
  });
});

/**
 * Runs scripts/install.sh from a copy of it in a project whose package.json approves `allowScripts`,
 * with a stand-in `npm` that records its calls (one array of arguments each); the real `node` reads the list.
 */
function runInstall(allowScripts: Record<string, boolean>): { status: number; npm: string[][] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'install-'));
  try {
    mkdirSync(path.join(dir, 'scripts'));
    mkdirSync(path.join(dir, 'bin'));
    writeFileSync(path.join(dir, 'scripts/install.sh'), readFileSync(path.join(ROOT, 'scripts/install.sh')));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', allowScripts }));
    const calls = path.join(dir, 'npm-calls');
    writeFileSync(path.join(dir, 'bin/npm'), `#!/bin/sh\nprintf '%s\\n' "$@" >> "${calls}"; echo '---' >> "${calls}"\n`);
    chmodSync(path.join(dir, 'bin/npm'), 0o755);
    let status = 0;
    try {
      execFileSync('sh', [path.join(dir, 'scripts/install.sh')], {
        env: { PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` },
        stdio: 'pipe',
      });
    } catch (error) {
      status = (error as { status: number }).status;
    }
    const npm = existsSync(calls)
      ? readFileSync(calls, 'utf8')
          .split('---\n')
          .filter(Boolean)
          .map((call) => call.trimEnd().split('\n'))
      : [];
    return { status, npm };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the install (scripts/install.sh)', () => {
  it.each([
    ['ci.yml', ci.jobs.test as Job],
    ['deploy.yml', deploy.jobs.build as Job],
    ['check-sources.yml', checkJob],
  ])('%s installs with it, before any other npm command, and in no other way', (_name, job) => {
    const runs = job.steps.map((step) => step.run ?? '');
    const install = runs.indexOf('scripts/install.sh');
    expect(install).toBeGreaterThan(0);
    expect(runs.slice(0, install).join('\n')).not.toMatch(/\bnpm\b/);
    expect(runs.join('\n')).not.toMatch(/\bnpm (install|ci|i|add|rebuild)\b/);
  });

  it('is what .ci/run installs with, before the README’s test command', () => {
    const commands = readFileSync(path.join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .filter((line) => /^(npm|scripts\/)/.test(line));
    expect(commands).toEqual(['scripts/install.sh', 'npm test']);
  });

  it('runs `npm ci` with no install script, then `npm rebuild` of the approved packages alone', () => {
    expect(runInstall({ node: true, denied: false, esbuild: true })).toEqual({
      status: 0,
      npm: [
        ['ci', '--ignore-scripts', '--no-audit', '--no-fund'],
        ['rebuild', 'node', 'esbuild'],
      ],
    });
  });

  it('stops before `npm rebuild` when nothing is approved: with no name it would run every package’s scripts', () => {
    expect(runInstall({ denied: false })).toEqual({ status: 1, npm: [['ci', '--ignore-scripts', '--no-audit', '--no-fund']] });
  });

  it('approves or denies the install scripts of every package of the lock file that has some, and names no other', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { hasInstallScript?: boolean }>;
    };
    const withScripts = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
    const { allowScripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      allowScripts: Record<string, boolean>;
    };
    expect(Object.keys(allowScripts).sort()).toEqual([...new Set(withScripts)].sort());
  });

  it('has `npm install` itself refuse a dependency’s install script that allowScripts does not name', () => {
    expect(readFileSync(path.join(ROOT, '.npmrc'), 'utf8')).toMatch(/^strict-allow-scripts=true$/m);
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
