import { errorFromResponse, retryAfterSeconds, SiftError } from './errors.js';

export interface ClientOptions {
  /** The server, e.g. `http://127.0.0.1:8080` (a path prefix is kept). */
  baseUrl: string;
  /** The credential sent as `Authorization: Bearer …`: a project key, an account key, a partner secret or the operator token. */
  key: string;
  /** Attempts after the first one, for a 429 and, on requests safe to repeat, a 502/503/504 or a network failure. Default 3. */
  maxRetries?: number;
  /** The longest wait a retry honours, in ms; a 429 asking for longer fails at once. Default 60 000. */
  maxRetryDelayMs?: number;
  /** Told before each retry (e.g. to show "rate limited, retrying in 12 s"). */
  onRetry?: (info: { attempt: number; delayMs: number; error: SiftError }) => void;
  /** Headers added to every request. */
  headers?: Record<string, string>;
  /** A `fetch` of your own (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
}

/** Per-request options of every call. */
export interface RequestOptions {
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: a retry with the same key answers the first answer. `confirm_documents` and `create_project` get a random one unless given. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

export interface Outgoing {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/api/sift-account/upload?projectId=P…`. */
  path: string;
  /** Called once per attempt, so that a stream body is made anew. */
  body?: () => string | ReadableStream<Uint8Array>;
  contentType?: string;
  /** Whether sending it twice does no harm (reads, or a request with an idempotency key): only those are retried after a 5xx or a network failure. */
  idempotent: boolean;
  /** False for a body read from a one-shot stream: it cannot be sent again at all. */
  replayable?: boolean;
  /** Told at the start of each attempt (an upload resets its progress). */
  onAttempt?: (attempt: number) => void;
  options?: RequestOptions;
}

const RETRY_STATUSES = new Set([502, 503, 504]);

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });

/** Exponential back-off with jitter: about 0.5, 1, 2, 4 s. */
const backoffMs = (attempt: number) => 500 * 2 ** attempt + Math.floor(Math.random() * 250);

/** Why fetch failed: undici hides it in `cause` (`ECONNREFUSED`, `ENOTFOUND`, …). */
function why(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return (err as Error)?.message ?? String(err);
}

/** Sends one request, retrying as `ClientOptions` says; answers a 2xx response or throws a `SiftError`. */
export async function send(client: ClientOptions, out: Outgoing): Promise<Response> {
  const fetchImpl = client.fetch ?? globalThis.fetch;
  const maxRetries = client.maxRetries ?? 3;
  const maxDelay = client.maxRetryDelayMs ?? 60_000;
  const url = `${client.baseUrl.replace(/\/+$/, '')}${out.path}`;
  const headers: Record<string, string> = {
    authorization: `Bearer ${client.key}`,
    accept: 'application/json',
    ...client.headers,
    ...out.options?.headers,
    ...(out.contentType ? { 'content-type': out.contentType } : {}),
    ...(out.options?.idempotencyKey ? { 'idempotency-key': out.options.idempotencyKey } : {}),
  };
  const signal = out.options?.signal;
  for (let attempt = 0; ; attempt++) {
    out.onAttempt?.(attempt);
    const canRetry = attempt < maxRetries && out.replayable !== false;
    let res: Response;
    try {
      const body = out.body?.();
      res = await fetchImpl(url, {
        method: out.method,
        headers,
        ...(body === undefined ? {} : { body }),
        ...(signal ? { signal } : {}),
        // Node's fetch needs this for a stream body.
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (err) {
      if (signal?.aborted) throw err;
      const error = new SiftError(`cannot reach ${url}: ${why(err)}`, { status: 0, code: 'network', cause: err });
      if (!canRetry || !out.idempotent) throw error;
      const delayMs = backoffMs(attempt);
      client.onRetry?.({ attempt: attempt + 1, delayMs, error });
      await sleep(delayMs, signal);
      continue;
    }
    if (res.ok) return res;
    const error = await errorFromResponse(res);
    const retriable = res.status === 429 || (RETRY_STATUSES.has(res.status) && out.idempotent);
    if (!retriable || !canRetry) throw error;
    const asked = retryAfterSeconds(res.headers.get('retry-after'));
    const delayMs = asked === undefined ? backoffMs(attempt) : Math.max(asked * 1000, 100);
    if (delayMs > maxDelay) throw error;
    client.onRetry?.({ attempt: attempt + 1, delayMs, error });
    await sleep(delayMs, signal);
  }
}
