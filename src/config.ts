import path from 'node:path';

/** Rate limits per minute, by surface (spec "Limits"). Overridable for operators and benchmarks. */
export interface RateLimits {
  read: number;
  write: number;
  account: number;
  accountUpload: number;
  partner: number;
  partnerUpload: number;
  /** Deprecated write upload shares the account upload's limit unless set. */
  writeUpload: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  adminToken: string | null;
  workers: number;
  /** How long a claimed background item stays claimed without renewal. */
  leaseMs: number;
  /** How long credential look-ups are remembered; revocations elsewhere take effect within it. */
  authCacheMs: number;
  logLevel: string;
  rateLimits: RateLimits;
  pricing: { wordsPerCredit: number; anonymizedFactor: number };
  trialCredits: number;
  /** Invitations go out by e-mail when set (nodemailer URL), and are only recorded in the outbox otherwise. */
  smtpUrl: string | null;
  /** Extraction time budget per file. */
  extractTimeoutMs: number;
  /** Private networks URL uploads may reach anyway (an intranet file server in an air-gapped site). */
  fetchAllowCidrs: string[];
  mailFrom: string;
  llm: { baseUrl: string | null; apiKey: string | null; model: string | null; embeddingModel: string | null };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const DEFAULT_LIMITS: RateLimits = {
  read: 60,
  write: 30,
  account: 30,
  accountUpload: 10,
  partner: 60,
  partnerUpload: 20,
  writeUpload: 10,
};

/**
 * Parses configuration once, from the environment, reporting every bad value at once.
 * Nothing else in sift reads process.env.
 */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const num = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) {
      problems.push(`${name} must be a number >= ${min}, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = env[name];
    if (raw === undefined || raw === '') return null;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) {
        problems.push(`${name} must be a ${protocols.join(' or ')} URL, got "${u.protocol}"`);
        return null;
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
  };
  const str = (name: string): string | null => {
    const raw = env[name];
    return raw === undefined || raw === '' ? null : raw;
  };

  const cidrs = (name: string): string[] => {
    const raw = str(name);
    if (!raw) return [];
    const list = raw.split(',').map((x) => x.trim()).filter(Boolean);
    for (const c of list) if (!/^[0-9a-fA-F:.]+\/\d{1,3}$/.test(c)) problems.push(`${name} must be a comma-separated list of CIDR ranges such as 10.1.0.0/16, got "${c}"`);
    return list;
  };
  const adminToken = str('SIFT_ADMIN_TOKEN');
  if (adminToken !== null && adminToken.length < 16) {
    problems.push('SIFT_ADMIN_TOKEN must be at least 16 characters long');
  }

  const config: Config = {
    port: int('PORT', 8080, 0, 65535),
    host: str('HOST') ?? '0.0.0.0',
    dataDir: path.resolve(str('SIFT_DATA_DIR') ?? './data'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    adminToken,
    workers: int('SIFT_WORKERS', 2, 0, 64),
    leaseMs: int('SIFT_LEASE_SECONDS', 120, 1, 86400) * 1000,
    authCacheMs: int('SIFT_AUTH_CACHE_MS', 2000, 0, 60000),
    logLevel: str('LOG_LEVEL') ?? 'info',
    rateLimits: {
      read: int('SIFT_RATE_LIMIT_READ', DEFAULT_LIMITS.read, 1),
      write: int('SIFT_RATE_LIMIT_WRITE', DEFAULT_LIMITS.write, 1),
      account: int('SIFT_RATE_LIMIT_ACCOUNT', DEFAULT_LIMITS.account, 1),
      accountUpload: int('SIFT_RATE_LIMIT_ACCOUNT_UPLOAD', DEFAULT_LIMITS.accountUpload, 1),
      partner: int('SIFT_RATE_LIMIT_PARTNER', DEFAULT_LIMITS.partner, 1),
      partnerUpload: int('SIFT_RATE_LIMIT_PARTNER_UPLOAD', DEFAULT_LIMITS.partnerUpload, 1),
      writeUpload: int('SIFT_RATE_LIMIT_WRITE_UPLOAD', DEFAULT_LIMITS.writeUpload, 1),
    },
    pricing: {
      wordsPerCredit: int('SIFT_WORDS_PER_CREDIT', 1000, 1),
      anonymizedFactor: num('SIFT_ANONYMIZED_PRICE_FACTOR', 2, 0),
    },
    trialCredits: int('SIFT_TRIAL_CREDITS', 100, 0),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    extractTimeoutMs: int('SIFT_EXTRACT_TIMEOUT_SECONDS', 30, 1, 3600) * 1000,
    fetchAllowCidrs: cidrs('SIFT_FETCH_ALLOW_CIDRS'),
    mailFrom: str('SIFT_MAIL_FROM') ?? 'sift <no-reply@sift.local>',
    llm: {
      baseUrl: url('SIFT_LLM_BASE_URL', ['http:', 'https:']),
      apiKey: str('SIFT_LLM_API_KEY'),
      model: str('SIFT_LLM_MODEL'),
      embeddingModel: str('SIFT_EMBEDDING_MODEL'),
    },
  };
  const level = config.logLevel;
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(level)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "${level}"`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
