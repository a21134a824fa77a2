import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';
import { allowCidrs } from '../src/engine/fetch/index.js';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).message).toContain('invalid configuration');
    return (err as ConfigError).problems;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

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

  it('refuses an SIFT_FETCH_ALLOW_CIDRS entry that is not a CIDR range, instead of failing on every URL upload', () => {
    const problems = problemsOf({ SIFT_FETCH_ALLOW_CIDRS: '999.1.1.1/8' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('SIFT_FETCH_ALLOW_CIDRS');
    expect(problems[0]).toContain('999.1.1.1/8');
  });

  it.each([
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0',
    '10.0.0.0/8,nonsense',
    'fd00::/8, 10.0.0.0/-1',
    '1.2.3/24',
    'localhost/8',
    '010.0.0.0/8',
    '0xa.0.0.0/8',
    '10.0.0.0/08',
    'fe80::1%eth0/64',
    '10.0.0.0/8/8',
  ])('refuses SIFT_FETCH_ALLOW_CIDRS=%s', (value) => {
    const problems = problemsOf({ SIFT_FETCH_ALLOW_CIDRS: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('SIFT_FETCH_ALLOW_CIDRS');
  });

  it('takes SIFT_TRUST_PROXY as addresses or CIDR ranges, and refuses anything else (a bare `true` would believe every client)', () => {
    expect(parseConfig({ SIFT_TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,::1' }).trustProxy).toEqual(['10.0.0.5', '172.16.0.0/12', '::1']);
    expect(parseConfig({}).trustProxy).toEqual([]);
    for (const value of ['true', '*', 'proxy.local', '10.0.0.0/8/1']) {
      const problems = problemsOf({ SIFT_TRUST_PROXY: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('SIFT_TRUST_PROXY');
    }
  });

  it('reports each bad SIFT_FETCH_ALLOW_CIDRS entry', () => {
    const problems = problemsOf({ SIFT_FETCH_ALLOW_CIDRS: '999.1.1.1/8,10.0.0.0/8,fd00::/200' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toContain('999.1.1.1/8');
    expect(problems.join('\n')).toContain('fd00::/200');
  });

  it('takes IPv4 and IPv6 CIDR ranges, and the fetcher can use every one of them', () => {
    const c = parseConfig({ SIFT_FETCH_ALLOW_CIDRS: ' 10.1.0.0/16, 192.168.1.7/32,fd00::/8,::ffff:172.16.0.0/108, ' });
    expect(c.fetchAllowCidrs).toEqual(['10.1.0.0/16', '192.168.1.7/32', 'fd00::/8', '172.16.0.0/12']);
    const allow = allowCidrs(c.fetchAllowCidrs)!;
    expect(allow('10.1.2.3')).toBe(true);
    expect(allow('192.168.1.7')).toBe(true);
    expect(allow('fd12::1')).toBe(true);
    expect(allow('172.20.0.1')).toBe(true);
    expect(allow('::ffff:10.1.0.9')).toBe(true);
    expect(allow('10.2.0.1')).toBe(false);
    expect(parseConfig({}).fetchAllowCidrs).toEqual([]);
    expect(parseConfig({ SIFT_FETCH_ALLOW_CIDRS: '' }).fetchAllowCidrs).toEqual([]);
  });

  it.each([
    ['DATABASE_URL', 'mysql://u@h/db'],
    ['DATABASE_URL', 'postgres:u@h/db'],
    ['DATABASE_URL', 'localhost:5432'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://cache:6379'],
    ['REDIS_URL', 'cache:6379'],
    ['SMTP_URL', 'smtpx://mail'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['SIFT_LLM_BASE_URL', 'ftp://llm/v1'],
    ['SIFT_LLM_BASE_URL', 'llm.local/v1'],
    ['SIFT_LLM_BASE_URL', 'http:llm'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_LEVEL', 'INFO'],
    ['LOG_LEVEL', 'warning'],
    ['HOST', ' '],
    ['HOST', 'my host'],
    ['HOST', 'http://0.0.0.0'],
    ['HOST', '0.0.0.0:8080'],
    ['SIFT_MAIL_FROM', 'sift'],
    ['SIFT_MAIL_FROM', 'sift <no-reply>'],
    ['PORT', '70000'],
    ['SIFT_WORKERS', '-1'],
    ['SIFT_ANONYMIZED_PRICE_FACTOR', 'two'],
    ['SIFT_ADMIN_TOKEN', 'short'],
  ])('refuses %s=%j, naming the variable', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  it('does not repeat a bad URL, which may carry a password', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://user:s3cret@h/db', SMTP_URL: 'smtp:user:s3cret@mail' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('takes well-formed values', () => {
    const c = parseConfig({
      DATABASE_URL: 'postgresql://u:p@db:5432/sift',
      REDIS_URL: 'rediss://:p@cache:6380/0',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      SIFT_LLM_BASE_URL: 'https://llm.example.com/v1',
      LOG_LEVEL: 'debug',
      HOST: '::',
      SIFT_MAIL_FROM: '"Sift, Inc." <no-reply@example.com>',
      SIFT_FETCH_ALLOW_CIDRS: '10.0.0.0/8',
    });
    expect(c).toMatchObject({
      databaseUrl: 'postgresql://u:p@db:5432/sift',
      redisUrl: 'rediss://:p@cache:6380/0',
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      logLevel: 'debug',
      host: '::',
      mailFrom: '"Sift, Inc." <no-reply@example.com>',
      fetchAllowCidrs: ['10.0.0.0/8'],
    });
    expect(c.llm.baseUrl).toBe('https://llm.example.com/v1');
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) expect(parseConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
    for (const host of ['0.0.0.0', '127.0.0.1', '::1', 'localhost', 'sift.internal']) expect(parseConfig({ HOST: host }).host).toBe(host);
    expect(
      parseConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://cache', SMTP_URL: 'smtp://mail', SIFT_LLM_BASE_URL: 'http://127.0.0.1:8000/v1' }),
    ).toMatchObject({
      databaseUrl: 'postgres://u@h/db',
      redisUrl: 'redis://cache',
      smtpUrl: 'smtp://mail',
    });
    expect(parseConfig({ SIFT_MAIL_FROM: 'no-reply@example.com' }).mailFrom).toBe('no-reply@example.com');
  });

  it('keeps the defaults when the string values are unset or empty', () => {
    for (const env of [
      {},
      { HOST: '', LOG_LEVEL: '', SIFT_MAIL_FROM: '', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', SIFT_LLM_BASE_URL: '', SIFT_FETCH_ALLOW_CIDRS: '' },
    ]) {
      const c = parseConfig(env);
      expect(c).toMatchObject({
        host: '127.0.0.1',
        logLevel: 'info',
        mailFrom: 'sift <no-reply@sift.local>',
        databaseUrl: null,
        redisUrl: null,
        smtpUrl: null,
        fetchAllowCidrs: [],
      });
      expect(c.llm.baseUrl).toBeNull();
    }
  });

  it('reports every bad string value at once, each naming its variable', () => {
    const problems = problemsOf({
      SIFT_FETCH_ALLOW_CIDRS: '999.1.1.1/8',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'memcached://x',
      SMTP_URL: 'http://mail',
      SIFT_LLM_BASE_URL: 'llm',
      LOG_LEVEL: 'verbose',
      HOST: 'a b',
      SIFT_MAIL_FROM: 'nobody',
      PORT: 'eighty',
    });
    const names = ['SIFT_FETCH_ALLOW_CIDRS', 'DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'SIFT_LLM_BASE_URL', 'LOG_LEVEL', 'HOST', 'SIFT_MAIL_FROM', 'PORT'];
    expect(problems).toHaveLength(names.length);
    for (const name of names) expect(problems.some((p) => p.startsWith(`${name} `))).toBe(true);
  });

  it('keeps originals in the data folder by default, and in an S3-compatible bucket with SIFT_BLOB_URL', () => {
    expect(parseConfig({}).blobs).toEqual({ kind: 'file' });
    expect(
      parseConfig({
        SIFT_BLOB_URL: 's3://originals/sift/prod',
        SIFT_S3_ENDPOINT: 'http://minio:9000',
        SIFT_S3_ACCESS_KEY_ID: 'k',
        SIFT_S3_SECRET_ACCESS_KEY: 's',
      }).blobs,
    ).toEqual({
      kind: 's3',
      bucket: 'originals',
      prefix: 'sift/prod/',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    });
    expect(parseConfig({ SIFT_BLOB_URL: 's3://b', SIFT_S3_REGION: 'eu-west-1' }).blobs).toMatchObject({
      bucket: 'b',
      prefix: '',
      endpoint: null,
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: null,
    });
  });

  it('refuses a blob URL of another kind, half a credential, and a path style that is not true or false', () => {
    const problems = problemsOf({ SIFT_BLOB_URL: 'http://bucket', SIFT_S3_FORCE_PATH_STYLE: 'yes' });
    expect(problems.some((p) => p.startsWith('SIFT_BLOB_URL '))).toBe(true);
    const more = problemsOf({ SIFT_BLOB_URL: 's3://b', SIFT_S3_ACCESS_KEY_ID: 'k', SIFT_S3_FORCE_PATH_STYLE: 'yes' });
    expect(more).toEqual(['SIFT_S3_ACCESS_KEY_ID and SIFT_S3_SECRET_ACCESS_KEY go together', 'SIFT_S3_FORCE_PATH_STYLE must be true or false']);
  });
});
