import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';

describe('configuration', () => {
  it('applies the defaults of decisions §9', () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ port: 8080, databaseUrl: null, redisUrl: null, adminToken: null, workers: 2 });
    expect(c.rateLimits).toMatchObject({ read: 60, write: 30, account: 30, accountUpload: 10, partner: 60, partnerUpload: 20 });
    expect(c.pricing).toEqual({ wordsPerCredit: 1000, anonymizedFactor: 2 });
  });

  it('reports every bad value at once, each with a clear message', () => {
    let error: ConfigError | null = null;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SIFT_ADMIN_TOKEN: 'short', LOG_LEVEL: 'loud', SIFT_RATE_LIMIT_READ: '1.5', REDIS_URL: '::' });
    } catch (err) {
      error = err as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = error!.problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'SIFT_ADMIN_TOKEN', 'LOG_LEVEL', 'SIFT_RATE_LIMIT_READ', 'REDIS_URL']) expect(text).toContain(name);
    expect(error!.problems).toHaveLength(6);
  });

  it('takes a PostgreSQL URL and operator limits', () => {
    const c = parseConfig({ DATABASE_URL: 'postgres://u@h/db', SIFT_RATE_LIMIT_READ: '1000', SIFT_WORKERS: '0' });
    expect(c.databaseUrl).toBe('postgres://u@h/db');
    expect(c.rateLimits.read).toBe(1000);
    expect(c.workers).toBe(0);
  });
});
