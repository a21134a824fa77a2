import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PostgreSQL suites share one database; files run one at a time per worker pool.
    pool: 'forks',
    fileParallelism: false,
  },
});
