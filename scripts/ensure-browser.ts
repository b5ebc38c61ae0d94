/**
 * Makes sure the end-to-end tests have a Chromium, and prints which one.
 * Order: $CHROMIUM_PATH, Debian's or the system's Chromium, Playwright's own; when none is there,
 * installs Debian's `chromium` as root, else Playwright's Chromium (`npx playwright install`).
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

/** A Chromium executable for Playwright, or undefined for Playwright's own download. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) return configured;
  return SYSTEM_PATHS.find((candidate) => existsSync(candidate));
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
  const found = findChromium();
  if (found) {
    if (!existsSync(found)) throw new Error(`CHROMIUM_PATH points to ${found}, which does not exist.`);
    console.log(`e2e browser: ${found}`);
    return;
  }
  if (await playwrightHasItsOwn()) {
    console.log('e2e browser: Playwright Chromium');
    return;
  }
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("No Chromium found: installing Debian's chromium (apt-get install -y chromium)...");
    if (ok('apt-get', ['update']) && ok('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']) && findChromium()) {
      console.log(`e2e browser: ${findChromium()}`);
      return;
    }
  } else {
    console.log("No Chromium found: installing Playwright's Chromium (npx playwright install chromium)...");
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
      '  sudo apt-get install -y chromium          (Debian/Ubuntu; then run npm test again)',
      '  npx playwright install --with-deps chromium',
      '  CHROMIUM_PATH=/path/to/chromium npm test',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
