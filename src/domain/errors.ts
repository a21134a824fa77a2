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
  | 'rate_limited';

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
};

export interface FieldError {
  /** JSON Pointer into the request body, e.g. `/filters/tags/3`. */
  path: string;
  message: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'DomainError';
  }
  get status(): number {
    return STATUS_OF[this.kind];
  }
}

export const invalid = (message: string, details?: FieldError[]) => new DomainError('invalid', message, details ?? [{ path: '', message }]);
/** A 400 that names the member of the body at fault. */
export const invalidField = (path: string, message: string) => new DomainError('invalid', message, [{ path, message }]);
export const unauthorized = (message = 'missing or invalid credential') => new DomainError('unauthorized', message);
export const paymentRequired = (message: string) => new DomainError('payment_required', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (what: string, id?: string) =>
  new DomainError('not_found', id === undefined ? `${what} not found` : `${what} ${JSON.stringify(id)} not found`);
export const conflict = (message: string) => new DomainError('conflict', message);
export const payloadTooLarge = (message: string) => new DomainError('payload_too_large', message);
export const unsupportedMediaType = (message: string) => new DomainError('unsupported_media_type', message);
export const rateLimited = (message = 'rate limit exceeded') => new DomainError('rate_limited', message);
