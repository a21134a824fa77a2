import net from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { BUILTIN_EMBEDDING_MODEL, BUILTIN_LANGUAGES } from './engine/meaning/builtin-encoder.js';

/**
 * Rate limits per minute, by surface (spec "Limits"), and for failed credentials and console
 * sign-ins. Overridable for operators and benchmarks.
 */
export interface RateLimits {
  read: number;
  write: number;
  account: number;
  accountUpload: number;
  partner: number;
  partnerUpload: number;
  /** The deprecated write surface's upload, per project: its own count and setting, with the account upload's default (10). */
  writeUpload: number;
  /** The operator surface (and the console's operator pages): one count for every operator request, whatever its address. */
  admin: number;
  /**
   * Requests refused for their credential (401), per client address: past it, that address's
   * wrong credentials get 429 until the window ends (a valid key still passes). Wrong operator
   * tokens from an address (failed console sign-ins among them) also count on their own: past
   * as many, its operator requests are refused before the token is compared.
   */
  failedAuth: number;
  /** Console sign-ins per account key; the operator token's sign-ins share one count. */
  signIn: number;
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
  /** Private networks URL uploads may reach anyway (an intranet file server in an air-gapped site). Every entry parses with ipaddr.parseCIDR. */
  fetchAllowCidrs: string[];
  mailFrom: string;
  llm: {
    baseUrl: string | null;
    apiKey: string | null;
    model: string | null;
    embeddingModel: string | null;
    /** Calls to the model in flight at once, per run. */
    concurrency: number;
    /** The languages the embeddings model reads (locale prefixes); null: every language. */
    embeddingLanguages: string[] | null;
    /** The model's context window in tokens: coding batches are sized to it. */
    contextTokens: number;
    /** A run's token ceiling (input and output); past it the offline engine does the rest. Null: none. */
    maxTokensPerRun: number | null;
  };
  /**
   * The reverse proxies whose `X-Forwarded-For` is believed (addresses or CIDR ranges); with
   * none, a request's address is its connection's, whatever it says it forwards.
   */
  trustProxy: string[];
  /** Where originals of uploads live: the data folder (default) or an S3-compatible bucket. */
  blobs: BlobConfig;
  /** Ceiling of the search indexes an API process keeps in memory, least recently searched out first. */
  searchCacheMb: number;
  /** A port of its own for `/metrics`, on `host`, answered without the operator token; null: none. */
  metricsPort: number | null;
}

export type BlobConfig =
  | { kind: 'file' }
  | {
      kind: 's3';
      bucket: string;
      prefix: string;
      endpoint: string | null;
      region: string;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

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
  admin: 300,
  failedAuth: 30,
  signIn: 10,
};

/**
 * Parses the server's configuration once, from the environment, reporting every bad value at
 * once. Outside it, only SIFT_HEALTH_HOST (`sift worker`), `sift mcp`'s SIFT_API_KEY, the test
 * suite's SIFT_CHECK_ANSWERS and the command-line client's own variables are read.
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
    const expected = protocols.map((p) => `${p}//`).join(' or ');
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      problems.push(`${name} is not a valid URL, expected one starting with ${expected}`);
      return null;
    }
    // `postgres:x` or `http:host` parse as URLs but are not what an operator means: require the `//`.
    if (!protocols.includes(u.protocol) || !raw.toLowerCase().startsWith(`${u.protocol}//`)) {
      // The URL itself is not repeated: it may hold a password.
      problems.push(`${name} must be a URL starting with ${expected}${protocols.includes(u.protocol) ? '' : `, got "${u.protocol}"`}`);
      return null;
    }
    return raw;
  };
  const str = (name: string): string | null => {
    const raw = env[name];
    return raw === undefined || raw === '' ? null : raw;
  };

  /** A comma-separated list of CIDR ranges; with `bare`, a lone address stands for itself (/32 or /128). */
  const cidrs = (name: string, bare = false): string[] => {
    const raw = str(name);
    if (!raw) return [];
    const list: string[] = [];
    for (const c of raw
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      if (bare && !c.includes('/') && !c.includes('%') && net.isIP(c) !== 0) {
        list.push(c);
        continue;
      }
      let parsed: [ipaddr.IPv4 | ipaddr.IPv6, number];
      try {
        // ipaddr.js also takes forms such as 1.2.3/24 (= 1.2.0.3) and 010.0.0.0/8 (octal, = 8.0.0.0):
        // only a plain dotted-quad or IPv6 address and a decimal prefix length are taken.
        const [address = '', bits = '', ...rest] = c.split('/');
        if (rest.length > 0 || net.isIP(address) === 0 || address.includes('%') || !/^(0|[1-9]\d{0,2})$/.test(bits)) throw new Error('not a CIDR range');
        parsed = ipaddr.parseCIDR(c);
      } catch {
        problems.push(
          `${name} must be a comma-separated list of ${bare ? 'IP addresses or ' : ''}IPv4 or IPv6 CIDR ranges such as 10.1.0.0/16 or fd00::/8, got "${c}"`,
        );
        continue;
      }
      const [addr, bits] = parsed;
      // The fetcher compares IPv4-mapped IPv6 addresses as IPv4, so keep a mapped range in that form too.
      if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96)
        list.push(`${(addr as ipaddr.IPv6).toIPv4Address().toString()}/${bits - 96}`);
      else list.push(c);
    }
    return list;
  };
  const host = (): string => {
    const raw = env.HOST;
    // Loopback by default: the first start prints demo keys, which must not be reachable from the network.
    if (raw === undefined || raw === '') return '127.0.0.1';
    const hostname = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
    if (net.isIP(raw) === 0 && !hostname.test(raw)) {
      problems.push(`HOST must be an IP address or a host name such as 0.0.0.0, :: or localhost, got "${raw}"`);
      return '127.0.0.1';
    }
    return raw;
  };
  const mailFrom = (): string => {
    const fallback = 'sift <no-reply@sift.local>';
    const raw = env.SIFT_MAIL_FROM;
    if (raw === undefined || raw === '') return fallback;
    const address = /^[^\s@<>]+@[^\s@<>]+$/;
    const named = /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/;
    if (!address.test(raw.trim()) && !named.test(raw.trim())) {
      problems.push(`SIFT_MAIL_FROM must be an e-mail address such as "sift <no-reply@example.com>", got "${raw}"`);
      return fallback;
    }
    return raw;
  };
  const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const logLevel = (): string => {
    const raw = env.LOG_LEVEL;
    if (raw === undefined || raw === '') return 'info';
    if (!LOG_LEVELS.includes(raw)) {
      problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`);
      return 'info';
    }
    return raw;
  };

  const adminToken = str('SIFT_ADMIN_TOKEN');
  if (adminToken !== null && adminToken.length < 16) {
    problems.push('SIFT_ADMIN_TOKEN must be at least 16 characters long');
  }

  const config: Config = {
    port: int('PORT', 8080, 0, 65535),
    host: host(),
    dataDir: path.resolve(str('SIFT_DATA_DIR') ?? './data'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    adminToken,
    workers: int('SIFT_WORKERS', 2, 0, 64),
    leaseMs: int('SIFT_LEASE_SECONDS', 120, 1, 86400) * 1000,
    authCacheMs: int('SIFT_AUTH_CACHE_MS', 2000, 0, 60000),
    logLevel: logLevel(),
    rateLimits: {
      read: int('SIFT_RATE_LIMIT_READ', DEFAULT_LIMITS.read, 1),
      write: int('SIFT_RATE_LIMIT_WRITE', DEFAULT_LIMITS.write, 1),
      account: int('SIFT_RATE_LIMIT_ACCOUNT', DEFAULT_LIMITS.account, 1),
      accountUpload: int('SIFT_RATE_LIMIT_ACCOUNT_UPLOAD', DEFAULT_LIMITS.accountUpload, 1),
      partner: int('SIFT_RATE_LIMIT_PARTNER', DEFAULT_LIMITS.partner, 1),
      partnerUpload: int('SIFT_RATE_LIMIT_PARTNER_UPLOAD', DEFAULT_LIMITS.partnerUpload, 1),
      writeUpload: int('SIFT_RATE_LIMIT_WRITE_UPLOAD', DEFAULT_LIMITS.writeUpload, 1),
      admin: int('SIFT_RATE_LIMIT_ADMIN', DEFAULT_LIMITS.admin, 1),
      failedAuth: int('SIFT_RATE_LIMIT_FAILED_AUTH', DEFAULT_LIMITS.failedAuth, 1),
      signIn: int('SIFT_RATE_LIMIT_SIGN_IN', DEFAULT_LIMITS.signIn, 1),
    },
    pricing: {
      wordsPerCredit: int('SIFT_WORDS_PER_CREDIT', 1000, 1),
      anonymizedFactor: num('SIFT_ANONYMIZED_PRICE_FACTOR', 2, 0),
    },
    trialCredits: int('SIFT_TRIAL_CREDITS', 100, 0),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    extractTimeoutMs: int('SIFT_EXTRACT_TIMEOUT_SECONDS', 30, 1, 3600) * 1000,
    fetchAllowCidrs: cidrs('SIFT_FETCH_ALLOW_CIDRS'),
    trustProxy: cidrs('SIFT_TRUST_PROXY', true),
    mailFrom: mailFrom(),
    llm: {
      baseUrl: url('SIFT_LLM_BASE_URL', ['http:', 'https:']),
      apiKey: str('SIFT_LLM_API_KEY'),
      model: str('SIFT_LLM_MODEL'),
      embeddingModel: str('SIFT_EMBEDDING_MODEL'),
      embeddingLanguages: env.SIFT_EMBEDDING_LANGUAGES
        ? env.SIFT_EMBEDDING_LANGUAGES.split(',')
            .map((l) => l.trim().toLowerCase())
            .filter(Boolean)
        : env.SIFT_EMBEDDING_MODEL?.trim() === BUILTIN_EMBEDDING_MODEL
          ? BUILTIN_LANGUAGES
          : null,
      concurrency: int('SIFT_LLM_CONCURRENCY', 2, 1, 64),
      contextTokens: int('SIFT_LLM_CONTEXT_TOKENS', 8192, 1024, 10_000_000),
      maxTokensPerRun: env.SIFT_LLM_MAX_TOKENS_PER_RUN ? int('SIFT_LLM_MAX_TOKENS_PER_RUN', 0, 1) : null,
    },
    blobs: blobs(),
    searchCacheMb: int('SIFT_SEARCH_CACHE_MB', 256, 1, 1_000_000),
    metricsPort: env.SIFT_METRICS_PORT ? int('SIFT_METRICS_PORT', 0, 0, 65535) : null,
  };
  if (config.metricsPort !== null && config.metricsPort !== 0 && config.metricsPort === config.port) {
    problems.push(`SIFT_METRICS_PORT must differ from PORT (${config.port}): the metrics port is answered without a credential`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;

  function blobs(): BlobConfig {
    const raw = url('SIFT_BLOB_URL', ['s3:', 'file:']);
    if (!raw || raw.startsWith('file:')) return { kind: 'file' };
    const u = new URL(raw);
    if (!u.hostname) problems.push('SIFT_BLOB_URL must name a bucket: s3://<bucket>[/<prefix>]');
    const prefix = decodeURIComponent(u.pathname.replace(/^\/+/, ''));
    const endpoint = url('SIFT_S3_ENDPOINT', ['http:', 'https:']);
    const keyId = str('SIFT_S3_ACCESS_KEY_ID');
    const secret = str('SIFT_S3_SECRET_ACCESS_KEY');
    if ((keyId === null) !== (secret === null)) problems.push('SIFT_S3_ACCESS_KEY_ID and SIFT_S3_SECRET_ACCESS_KEY go together');
    const pathStyle = str('SIFT_S3_FORCE_PATH_STYLE');
    if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') problems.push('SIFT_S3_FORCE_PATH_STYLE must be true or false');
    return {
      kind: 's3',
      bucket: u.hostname,
      prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
      endpoint,
      region: str('SIFT_S3_REGION') ?? str('AWS_REGION') ?? 'us-east-1',
      // Self-hosted S3-compatible servers (MinIO, Ceph, s3rver) address buckets by path.
      forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === 'true',
      credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : null,
    };
  }
}
