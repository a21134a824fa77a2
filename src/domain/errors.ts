/**
 * The one catalogue of expected failures. Each kind carries its HTTP meaning once; the HTTP
 * layer renders any DomainError as `{error, details?}` with this status and anything else as
 * a generic 500.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable';

export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

/**
 * Stable, machine-readable codes sent in the `Sift-Error-Code` response header (the body stays
 * `{error, details?}` as the specification requires). A kind's own name is its code unless a
 * more precise one is given; the 409s of `confirm_documents` each have their own.
 */
export const ERROR_CODES = {
  invalid: { status: 400, description: 'the body, a query parameter or a file does not match the schema; `details` says where' },
  unauthorized: { status: 401, description: 'missing, invalid or revoked credential, or one of the wrong scope' },
  insufficient_credits: { status: 402, description: 'the balance does not cover the confirmation' },
  forbidden: { status: 403, description: 'a read key or a role too low for this action' },
  not_found: { status: 404, description: 'the project, an id in the body, or the route does not exist for this credential' },
  method_not_allowed: { status: 405, description: 'a method other than POST' },
  conflict: { status: 409, description: 'the request conflicts with the current state (the message says how)' },
  not_awaiting_confirmation: { status: 409, description: '`confirm_documents`: a named document is not awaiting confirmation' },
  mixed_pipelines: { status: 409, description: '`confirm_documents`: the named documents belong to different pipelines' },
  nothing_to_confirm: { status: 409, description: '`confirm_documents`: no document is awaiting confirmation' },
  several_batches: { status: 409, description: '`confirm_documents`: several confirmable batches and no `documentIds`' },
  cost_changed: { status: 409, description: '`confirm_documents`: `expectedCreditCost` differs from the current cost' },
  confirmed_meanwhile: { status: 409, description: '`confirm_documents`: some documents were confirmed or deleted by a concurrent request' },
  email_taken: {
    status: 409,
    description: '`create_user`: a user with this e-mail already exists (the message ends with their id, unless a concurrent request created them first)',
  },
  tag_exists: { status: 409, description: '`manage_tags`: a tag with this name, in any letter case, already exists in the project' },
  already_exists: { status: 409, description: 'a concurrent request created the same thing first (a rule of the store without a more precise code)' },
  not_empty: { status: 409, description: 'a category or metadata field still holds content; pass the delete-if-not-empty flag' },
  payload_too_large: { status: 413, description: 'a body or file over its limit' },
  unsupported_media_type: { status: 415, description: 'a media file or a type that cannot be read' },
  rate_limited: { status: 429, description: 'rate limit exceeded; see `Retry-After`' },
  internal: { status: 500, description: 'unexpected server error (logged with the request id)' },
  unavailable: {
    status: 503,
    description:
      'the database or the file store is not answering (retry after `Retry-After` seconds), or work the request needs did not finish within its budget (`find_entities` over a very large project); retry later',
  },
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_HEADER = 'Sift-Error-Code';

/** The code of each status sift answers; a kind's code is its status's unless a more precise one is given. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'invalid',
  401: 'unauthorized',
  402: 'insufficient_credits',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
};
export const codeOfStatus = (status: number): ErrorCode => CODE_OF_STATUS[status] ?? (status >= 500 ? 'internal' : 'invalid');

export interface FieldError {
  /** JSON Pointer into the request body, e.g. `/filters/tags/3`. */
  path: string;
  message: string;
}

/**
 * An expected failure. `options.cause` keeps the error it stands for (a refused fetch, an
 * unreadable archive, a store's refusal): the caller sees the message, the log sees both.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details?: FieldError[],
    private readonly preciseCode?: ErrorCode,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'DomainError';
  }
  get status(): number {
    return STATUS_OF[this.kind];
  }
  get code(): ErrorCode {
    return this.preciseCode ?? codeOfStatus(this.status);
  }
}

// Each factory takes the error it wraps, if any, as `{cause}` (ES2022 error options).
export const invalid = (message: string, details?: FieldError[], options?: ErrorOptions) =>
  new DomainError('invalid', message, details ?? [{ path: '', message }], undefined, options);
/** A 400 that names the member of the body at fault. */
export const invalidField = (path: string, message: string, options?: ErrorOptions) =>
  new DomainError('invalid', message, [{ path, message }], undefined, options);
export const unauthorized = (message = 'missing or invalid credential', options?: ErrorOptions) =>
  new DomainError('unauthorized', message, undefined, undefined, options);
export const paymentRequired = (message: string) => new DomainError('payment_required', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (what: string, id?: string) =>
  new DomainError('not_found', id === undefined ? `${what} not found` : `${what} ${JSON.stringify(id)} not found`);
export const conflict = (message: string, code: ErrorCode = 'conflict', options?: ErrorOptions) =>
  new DomainError('conflict', message, undefined, code, options);
export const payloadTooLarge = (message: string, options?: ErrorOptions) => new DomainError('payload_too_large', message, undefined, undefined, options);
export const unsupportedMediaType = (message: string, options?: ErrorOptions) =>
  new DomainError('unsupported_media_type', message, undefined, undefined, options);
export const rateLimited = (message = 'rate limit exceeded') => new DomainError('rate_limited', message);
export const unavailable = (message: string, options?: ErrorOptions) => new DomainError('unavailable', message, undefined, undefined, options);
