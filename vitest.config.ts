import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // Each integration test runs a full Astro build in this checkout: one at a time.
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], fileParallelism: false } },
    ],
  },
});
