import { CODE_OF_STATUS, type ServerErrorCode } from './generated/actions.js';

/**
 * The codes a `SiftError` carries: the server's `Sift-Error-Code` header (the codes the OpenAPI
 * document lists, e.g. `cost_changed`, `several_batches`, `insufficient_credits`), or, from a
 * server that does not send it, the code of the HTTP status; `network` and `timeout` for
 * failures on the way, `analysis_failed` when a run waited for fails.
 */
export type SiftErrorCode = ServerErrorCode | 'network' | 'timeout' | 'analysis_failed' | (string & {});

/** One field's problem in a 400: `path` is a JSON Pointer into the request body. */
export interface FieldError {
  path: string;
  message: string;
}

export class SiftError extends Error {
  /** The HTTP status, or 0 when no answer came (`network`, `timeout`). */
  readonly status: number;
  readonly code: SiftErrorCode;
  readonly details?: FieldError[];
  /** The server's `X-Request-Id`, to quote in a report. */
  readonly requestId?: string;
  /** Seconds the server asked to wait (429). */
  readonly retryAfter?: number;

  constructor(
    message: string,
    init: { status: number; code: SiftErrorCode; details?: FieldError[]; requestId?: string; retryAfter?: number; cause?: unknown },
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SiftError';
    this.status = init.status;
    this.code = init.code;
    if (init.details) this.details = init.details;
    if (init.requestId) this.requestId = init.requestId;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }
}

/** Seconds from a `Retry-After` header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The error an answer other than 2xx stands for, read from its `{error, details?}` body and headers. */
export async function errorFromResponse(res: Response): Promise<SiftError> {
  const text = await res.text().catch(() => '');
  let body: { error?: unknown; details?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const message = typeof body.error === 'string' ? body.error : `HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
  const code = res.headers.get('sift-error-code') || CODE_OF_STATUS[res.status] || (res.status >= 500 ? 'internal' : `http_${res.status}`);
  return new SiftError(message, {
    status: res.status,
    code,
    ...(Array.isArray(body.details) ? { details: body.details as FieldError[] } : {}),
    ...(res.headers.get('x-request-id') ? { requestId: res.headers.get('x-request-id')! } : {}),
    ...(res.status === 429 ? { retryAfter: retryAfterSeconds(res.headers.get('retry-after')) } : {}),
  });
}
