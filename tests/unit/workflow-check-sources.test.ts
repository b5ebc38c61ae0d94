/**
 * The change check (check-sources.yml): it asks for a deploy only on a change and never while one is
 * queued or running, and stops at the day's cap of automatic deploys; its scripts run here in bash
 * against a stand-in `npm` and `gh`.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTOMATIC_RUN_TITLE } from '../../scripts/deploy-cap.ts';
import { untrustedInScripts } from '../../scripts/verify/lint-workflows.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

import { allSteps, type Job, readWorkflow, type Step } from '../support/workflows.ts';

const deploy = readWorkflow('deploy.yml');
const checkSources = readWorkflow('check-sources.yml');

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
