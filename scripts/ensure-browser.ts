/**
 * Makes sure the browser tests (the end-to-end suite, the integration project's paged-lists) have their
 * browsers, and prints which.
 * - Chromium, for the test files about what a phone's browser fetches: $CHROMIUM_PATH, Debian's or the
 *   system's Chromium, else Playwright's own.
 * - Chromium's headless shell, faster, for the other test files: $CHROMIUM_HEADLESS_SHELL_PATH or Debian's
 *   `chromium-headless-shell`, else Playwright's own; without one they run in Chromium.
 * What is missing is installed: Debian's packages as root, else Playwright's (`npx playwright install chromium`,
 * which brings both).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
const SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** A Chromium executable for Playwright, or undefined for Playwright's own download. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) return configured;
  return SYSTEM_PATHS.find((candidate) => existsSync(candidate));
}

/** A Chromium headless shell for Playwright, or undefined (Playwright's own, or none). */
export function findHeadlessShell(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_HEADLESS_SHELL_PATH?.trim();
  if (configured) return configured;
  return existsSync(SHELL_PATH) ? SHELL_PATH : undefined;
}

async function playwrightHasItsOwn(): Promise<boolean> {
  try {
    const { chromium } = await import('@playwright/test');
    return existsSync(chromium.executablePath());
  } catch {
    return false;
  }
}

const ok = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

async function main() {
  const configured = [findChromium(), findHeadlessShell()].find((file) => file && !existsSync(file));
  if (configured) throw new Error(`CHROMIUM_PATH or CHROMIUM_HEADLESS_SHELL_PATH points to ${configured}, which does not exist.`);
  const isRoot = process.getuid?.() === 0;
  if (findChromium()) {
    if (!findHeadlessShell() && isRoot && existsSync('/usr/bin/apt-get')) {
      console.log("No headless shell: installing Debian's chromium-headless-shell...");
      const install = () => ok('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell']);
      if (!install()) ok('apt-get', ['update']) && install();
    }
    const shell = findHeadlessShell() ?? `the same (\`apt-get install -y chromium-headless-shell\` is faster)`;
    console.log(`Test browsers: ${findChromium()} for the tests that measure fetches, for the others ${shell}`);
    return;
  }
  if (await playwrightHasItsOwn()) {
    console.log("Test browsers: Playwright's Chromium and headless shell");
    return;
  }
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("No Chromium found: installing Debian's chromium and chromium-headless-shell...");
    const packages = ['chromium', 'chromium-headless-shell'];
    if (ok('apt-get', ['update']) && ok('apt-get', ['install', '-y', '--no-install-recommends', ...packages]) && findChromium()) {
      console.log(`Test browsers: ${findChromium()} and ${findHeadlessShell()}`);
      return;
    }
  } else {
    console.log("No Chromium found: installing Playwright's Chromium and headless shell (npx playwright install chromium)...");
    try {
      execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
      if (await playwrightHasItsOwn()) return;
    } catch {
      // Reported below.
    }
  }
  console.error(
    [
      'No Chromium for the end-to-end tests, and it could not be installed. Do one of:',
      '  sudo apt-get install -y chromium chromium-headless-shell   (Debian/Ubuntu; then run npm test again)',
      '  npx playwright install --with-deps chromium',
      '  CHROMIUM_PATH=/path/to/chromium npm test',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
