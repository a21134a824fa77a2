import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // Every answer a test receives is checked against its action's schema first (src/http/answers.ts).
    env: { SIFT_CHECK_ANSWERS: '1' },
    hookTimeout: 60_000,
    // PostgreSQL suites share one database; files run one at a time per worker pool.
    pool: 'forks',
    fileParallelism: false,
  },
});
