import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Both cores: Vitest's default on a 2-core machine is one worker (cores − 1), and the unit project then took
    // nearly twice as long.
    maxWorkers: 2,
    projects: [
      // Files share a worker's modules (isolate: false): importing them again for each file was a quarter of the
      // project's time, and the files pass in any order (`--sequence.shuffle.files`).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      // The React islands on their stores, rendered in jsdom with Testing Library: what each draws and does,
      // without a build or a browser. Each file gets fresh modules (isolate), so a store starts empty.
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/testing-library.ts'],
        },
      },
      // The static HTML of the sample build in dist/, without a browser: `npm run test:html`, after `npm run build:sample`
      // (its globalSetup fails, saying so, when dist/ holds no build). Its files share a worker's modules too.
      {
        extends: true,
        test: {
          name: 'html',
          include: ['tests/html/**/*.test.ts'],
          globalSetup: ['tests/html/global-setup.ts'],
          isolate: false,
        },
      },
      // Each integration file runs full Astro builds in this checkout: one file at a time. Two at a time (each build
      // with an Astro cache of its own, inside the project, or Astro's chunks of one build deleted the other's) was
      // a quarter faster, but under that load paged-lists' browser tests twice missed what a click brought, in
      // clean runs. `npm run test:unit` runs this project after the unit one, so no build competes with the sync
      // tests' short HTTP timeouts. A test has a minute: a browser's steps may wait 20 s each.
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
