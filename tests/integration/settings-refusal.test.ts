/**
 * The build's log when a setting cannot be read: Astro itself prints a stack trace for an error in
 * astro.config.mjs, so the configuration is read before it (src/lib/load-settings.ts, the config's first
 * import), and the log is the setting's one line (src/lib/config.ts SettingError), exit status 1.
 * Only the configuration is loaded: the build ends before any page.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, refusalSummary, SettingError } from '../../src/lib/config.ts';
import { astroBuild } from '../support/build-site.ts';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'settings-build-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe.each([{ CITY_TIME_ZONE: 'America/Cuiabá' }, { OFFICE_HOURS: 'Segunda a sexta: 7h às 13h, sábado 8h às 12h' }])(
  '`astro build` with %j',
  (setting) => {
    it('prints the one line of the refusal and exits 1, without a stack trace', async () => {
      const expected = (() => {
        try {
          readSettings(setting);
        } catch (error) {
          if (error instanceof SettingError) return error.message;
        }
        throw new Error('the setting was read');
      })();
      const summary = path.join(work, `summary-${Object.keys(setting)[0]}.md`);
      const result = await astroBuild(path.join(work, 'dist'), { ...process.env, ...setting, GITHUB_STEP_SUMMARY: summary }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(`${result.stdout}${result.stderr}`).toBe(`${expected}\n`);
      // Editors read the job summary: what stopped, the line, and what to do.
      expect(await readFile(summary, 'utf8')).toBe(refusalSummary(expected));
      expect(refusalSummary(expected)).toMatch(
        /^### A atualização parou: uma configuração não pôde ser lida\n\n`.+`\n\nO site continua como estava\. Corrija a variável/,
      );
    });
  },
);
