import { defineConfig, devices } from '@playwright/test';
import { findChromium, findHeadlessShell } from './scripts/ensure-browser.ts';

/** E2E_PORT lets two checkouts on one machine run their end-to-end tests at once. */
export const PORT = Number(process.env.E2E_PORT) || 4322;
/** E2E_PREBUILT=1: dist/ already holds the sample build (`npm test` builds it once for every step). */
const isPrebuilt = /^(1|true|yes)$/i.test(process.env.E2E_PREBUILT ?? '');
/** DIST_DIR: with E2E_PREBUILT, the tests run on that build of the sample instead of dist/ (as the html tests do). */
const dist = process.env.DIST_DIR ?? 'dist';

/**
 * The test files about what a phone's browser fetches (deferred photos, Save-Data, code on demand) run in
 * the full Chromium. The others run in Chromium's headless shell, which has no compositor or GPU process
 * to feed (the suite took 5.9 min here, 6.9 in Chromium alone), but fetches lazy photos that the browser
 * of a phone defers, even hidden ones.
 */
const FETCH_TESTS = /\/(save-data|images|first-load|js-on-demand)\.[a-z]+\.ts$/;

/** A project's browser: `executablePath`, else Playwright's own (its full Chromium for `channel: 'chromium'`). */
function browser(executablePath: string | undefined, channel?: 'chromium') {
  return {
    ...devices['Desktop Chrome'],
    ...(executablePath || !channel ? {} : { channel }),
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Hermetic: a name other than the test server's does not resolve, at once, on every machine (on one
        // without a network a request to the maps service hung until the test timed out). Tests that open a
        // third party's frame answer it with a stub (stubThirdParties in tests/e2e/support.ts).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  };
}

/**
 * End-to-end tests run on the site built from the embedded sample data, in its own snapshot
 * folder so a real snapshot in data/snapshot is never touched.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // One retry absorbs a timeout on a loaded 2-core machine (a clean run of `npm test` once saw a page's frames
  // stall for 30 s in one of 176 tests); Playwright still reports the test as flaky, and a second failure fails it.
  retries: 1,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace (DOM snapshots and screenshots of every step) took about a quarter of the CPU of
    // a run, though only failures keep one: record it on the retry CI makes of a failed test. Locally,
    // `npx playwright test --trace on` records it for a test being debugged.
    trace: 'on-first-retry',
    // No service worker unless a test is about it (the offline, saved-offline and install tests ask for one):
    // registering it and caching each page's files took about a quarter of every navigation's time here.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'chromium', testMatch: FETCH_TESTS, use: browser(findChromium(), 'chromium') },
    // Where no headless shell is installed, the full Chromium (scripts/ensure-browser.ts says so).
    { name: 'headless-shell', testIgnore: FETCH_TESTS, use: browser(findHeadlessShell() ?? findChromium()) },
  ],
  webServer: {
    // dist/ as a static host serves it (scripts/serve.ts: file-first, with the build's _headers).
    command: `${isPrebuilt ? '' : 'npm run build:sample && '}node scripts/serve.ts --dir ${isPrebuilt ? dist : 'dist'} --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
