import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Both cores: Vitest's default on a 2-core machine is one worker (cores − 1), and the unit project then took
    // 75 s where two take 42.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // The static HTML of the sample build in dist/, without a browser: `npm run test:html`, after `npm run build:sample`
      // (its globalSetup fails, saying so, when dist/ holds no build).
      {
        extends: true,
        test: { name: 'html', include: ['tests/html/**/*.test.ts'], globalSetup: ['tests/html/global-setup.ts'] },
      },
      // Each integration test runs a full Astro build in this checkout: one at a time. `npm run test:unit` runs
      // this project after the unit one, so no build competes with the sync tests' short HTTP timeouts.
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], fileParallelism: false } },
    ],
  },
});
