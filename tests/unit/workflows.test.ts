/**
 * The properties the workflows must keep: when the deploy runs, that it never runs two
 * at once nor cancels one, that each job holds only the permissions it needs, that the gate runs
 * before the deploy, that only the sync holds the upstream secrets (the gate gets their fingerprints),
 * that every job installs with scripts/install.sh (no dependency's install script but those
 * package.json approves; run here against a stand-in `npm`), and that CI's jobs together run every
 * step of the test command. The change check is in workflow-check-sources.test.ts, the lint
 * (untrusted text never reaching a shell line, every action pinned) in workflow-lint.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHASES, phasesFor, type Step as TestStep } from '../../scripts/test.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

import { allSteps, ancestors, type Job, needsOf, readWorkflow, type Step } from '../support/workflows.ts';

const deploy = readWorkflow('deploy.yml');
const ci = readWorkflow('ci.yml');
const checkSources = readWorkflow('check-sources.yml');
const checkJob = checkSources.jobs.check as Job;

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
