/**
 * The start of every entry point that reads the configuration (the sync, the build's astro.config.mjs,
 * the gate, `npm start`), as a module of its own that each imports first: it loads the project's `.env`
 * into process.env (variables already set win) and reads every setting once (readSettings,
 * src/lib/config.ts). Imported first, it runs before any module that reads its configuration while it
 * loads (src/lib/format.ts's TIME_ZONE), which an ES module's imports would otherwise evaluate before the
 * script's first line.
 *
 * A setting read otherwise than written prints one notice line ('SITE_URL … https:// added'). A setting
 * that cannot be read ends the process here: its one line (SettingError) on stderr, exit status 1, no
 * stack trace, before anything is fetched, built or checked. In GitHub Actions both lines are
 * annotations, so the run's page shows them too, and a refusal also opens the job summary, where editors
 * read what an update did (scripts/job-summary.ts), with what to do. Node only.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readSettings, refusalSummary, SettingError, type Settings } from './config.ts';

const file = fileURLToPath(new URL('../../.env', import.meta.url));
if (existsSync(file)) process.loadEnvFile(file);

/** A line as GitHub Actions reads a workflow command's message: '%', CR and LF escaped. */
const annotation = (kind: 'error' | 'notice', title: string, line: string) =>
  `::${kind} title=${title}::${line.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}`;

/** `line` without any secret's value, should a refusal quote one inside another setting. */
function withoutSecrets(line: string, env: NodeJS.ProcessEnv): string {
  const secrets = [env.PROVIDER_API_TOKEN, env.SPOTIFY_CLIENT_SECRET].map((value) => value?.trim() ?? '');
  return secrets.filter((secret) => secret.length >= 4).reduce((text, secret) => text.replaceAll(secret, '***'), line);
}

function start(env: NodeJS.ProcessEnv): Settings {
  const isActions = env.GITHUB_ACTIONS === 'true';
  try {
    const settings = readSettings(env);
    for (const line of settings.notices) console.log(isActions ? annotation('notice', 'Configuração', line) : line);
    return settings;
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    const line = withoutSecrets(error.message, env);
    console.error(isActions ? annotation('error', 'Configuração inválida', line) : line);
    // Synchronously: the process ends on the next line. The summary is Markdown: the line goes in as a code span.
    const summary = env.GITHUB_STEP_SUMMARY?.trim();
    if (summary) appendFileSync(summary, refusalSummary(line), 'utf8');
    process.exit(1);
  }
}

/** Every setting of this process, read. */
export const SETTINGS: Settings = start(process.env);
