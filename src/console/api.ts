import type { Static, TSchema } from '@sinclair/typebox';
import type { readActions } from '../schema/read.js';
import type { writeActions } from '../schema/write.js';
import type { accountActions, UploadUrls } from '../schema/account.js';
import type { adminActions } from '../schema/admin.js';
import type { SessionInfo } from './types.js';

/**
 * The console's only way to the server: the API's own actions, mounted for the session under
 * `/console/api/…`. Request bodies are typed by the API's TypeBox schemas (types only: no schema
 * code reaches the browser).
 */
type Surfaces = { read: typeof readActions; write: typeof writeActions; account: typeof accountActions; admin: typeof adminActions };
export type SurfaceName = keyof Surfaces;
export type ActionOf<S extends SurfaceName> = keyof Surfaces[S] & string;
export type BodyOf<S extends SurfaceName, A extends ActionOf<S>> = Surfaces[S][A] extends TSchema ? Omit<Static<Surfaces[S][A]>, 'action'> : never;

const PATHS: Record<SurfaceName, string> = {
  read: '/console/api/sift-read',
  write: '/console/api/sift-write',
  account: '/console/api/sift-account',
  admin: '/console/api/sift-admin',
};
const UPLOAD_PATH = '/console/api/sift-account/upload';
const AGREEMENT_CSV_PATH = '/console/api/sift-read/agreement.csv';
const CODEBOOK_PATH = '/console/api/sift-read/codebook';
const CODEBOOK_IMPORT_PATH = '/console/api/sift-account/codebook';
const MATRIX_PATH = '/console/api/sift-read/matrix';
const SESSION_PATH = '/console/session';
/** Sent on every request that changes something; the server refuses such requests without it (CSRF). */
const CONSOLE_HEADERS = { 'X-Sift-Console': '1' };

export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: FieldError[] = [],
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

/** Listeners told when the server says the session is gone (401), so the app shows sign-in. */
const signedOutListeners = new Set<(message: string) => void>();
export function onSignedOut(listener: (message: string) => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

async function errorOf(res: Response): Promise<ApiError> {
  let message = `the server answered ${res.status}`;
  let details: FieldError[] = [];
  try {
    const body = (await res.json()) as { error?: string; details?: FieldError[] };
    if (body.error) message = body.error;
    details = body.details ?? [];
  } catch {
    // not JSON: keep the status line
  }
  const retry = Number(res.headers.get('Retry-After'));
  return new ApiError(res.status, message, details, Number.isFinite(retry) && retry > 0 ? retry : null);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `signingIn`: a 401 is a wrong key, not a session that ended. */
async function send<R>(url: string, init: RequestInit, signingIn = false): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(url, { credentials: 'same-origin', ...init });
    } catch {
      throw new ApiError(0, 'the server cannot be reached: check that sift is running, then try again');
    }
    if (res.ok) return (await res.json()) as R;
    const err = await errorOf(res);
    // A rate-limited request was not carried out: wait as told and try again, twice at most.
    if (res.status === 429 && attempt < 2 && err.retryAfter !== null && err.retryAfter <= 20) {
      await sleep(err.retryAfter * 1000);
      continue;
    }
    if (res.status === 401 && !signingIn) for (const l of signedOutListeners) l(err.message);
    throw err;
  }
}

export interface CallOptions {
  /** Read and write actions name their project in the query. */
  projectId?: string;
  idempotencyKey?: string;
}

/** Calls one action of one surface and answers its JSON (typed by the caller: the API's answers). */
export function call<R, S extends SurfaceName = SurfaceName, A extends ActionOf<S> = ActionOf<S>>(
  surface: S,
  action: A,
  body: BodyOf<S, A>,
  options: CallOptions = {},
): Promise<R> {
  const query = options.projectId ? `?projectId=${encodeURIComponent(options.projectId)}` : '';
  return send<R>(`${PATHS[surface]}${query}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...CONSOLE_HEADERS,
      ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
    },
    body: JSON.stringify({ action, ...body }),
  });
}

export const getSession = () => send<SessionInfo>(SESSION_PATH, { method: 'GET' });
export const signIn = (key: string) =>
  send<SessionInfo>(SESSION_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json', ...CONSOLE_HEADERS }, body: JSON.stringify({ key }) }, true);
export const signOut = () => send<{ signedOut: boolean }>(SESSION_PATH, { method: 'DELETE', headers: CONSOLE_HEADERS });

export const newIdempotencyKey = () => `console-${crypto.randomUUID()}`;

/**
 * Uploads files in one multipart request, reporting bytes sent (XMLHttpRequest: fetch has no
 * upload progress). Answers the documents created, in the order of the files.
 */
export function uploadFiles<R>(projectId: string, files: File[], onProgress: (loaded: number, total: number) => void): Promise<R> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const f of files) form.append('file', f, f.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${UPLOAD_PATH}?projectId=${encodeURIComponent(projectId)}`);
    xhr.setRequestHeader('X-Sift-Console', '1');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onerror = () => reject(new ApiError(0, 'the upload was interrupted: check the connection and try again'));
    xhr.onload = () => {
      const body = xhr.response as { error?: string; details?: FieldError[] } | null;
      if (xhr.status === 200) return resolve(body as R);
      if (xhr.status === 401) for (const l of signedOutListeners) l(body?.error ?? 'signed out');
      const retry = Number(xhr.getResponseHeader('Retry-After'));
      reject(
        new ApiError(xhr.status, body?.error ?? `the server answered ${xhr.status}`, body?.details ?? [], Number.isFinite(retry) && retry > 0 ? retry : null),
      );
    };
    xhr.send(form);
  });
}

/** Uploads by URL: the server fetches them (public addresses only, unless the operator allows more). */
export const uploadUrls = <R>(projectId: string, body: Static<typeof UploadUrls>) =>
  send<R>(`${UPLOAD_PATH}?projectId=${encodeURIComponent(projectId)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...CONSOLE_HEADERS },
    body: JSON.stringify(body),
  });

/**
 * The address of `compare_codings` as CSV for the session: a plain link (a GET carries the
 * session cookie; the download needs no script). `a` and `b` are run ids or `manual`.
 */
export function agreementCsvHref(projectId: string, a: string, b: string, pairs: readonly { a: string; b: string }[] = []): string {
  const q = new URLSearchParams({ projectId, a, b });
  if (pairs.length > 0) q.set('pairs', JSON.stringify(pairs));
  return `${AGREEMENT_CSV_PATH}?${q.toString()}`;
}

/** The address of a run's codebook (or the project's, without `analysisId`) as `.qdc`, CSV or Markdown, for the session. */
export function codebookHref(projectId: string, format: 'qdc' | 'csv' | 'md', analysisId?: string): string {
  const q = new URLSearchParams({ projectId, format });
  if (analysisId) q.set('analysisId', analysisId);
  return `${CODEBOOK_PATH}?${q.toString()}`;
}

/** The query of `get_matrix` as the matrix downloads take it (`analysisId=manual`: the coding by hand). */
export interface MatrixQuery {
  columns: string;
  field?: string;
  by?: string;
  analysisId?: string;
  categoryId?: string;
  measure?: string;
}

/** The address of a matrix as CSV (one figure, `measure`) or .xlsx (a sheet per figure), for the session. */
export function matrixHref(projectId: string, format: 'csv' | 'xlsx', query: MatrixQuery): string {
  const q = new URLSearchParams({ projectId });
  for (const [k, v] of Object.entries(query)) if (v && !(format === 'xlsx' && k === 'measure')) q.set(k, v);
  return `${MATRIX_PATH}.${format}?${q.toString()}`;
}

/** Sends a `.qdc` or CSV codebook (multipart, one `file`): the server starts a predefined run with it. */
export function uploadCodebook<R>(projectId: string, file: File, name?: string): Promise<R> {
  const form = new FormData();
  form.append('file', file, file.name);
  const q = new URLSearchParams({ projectId });
  if (name) q.set('name', name);
  return send<R>(`${CODEBOOK_IMPORT_PATH}?${q.toString()}`, { method: 'POST', headers: CONSOLE_HEADERS, body: form });
}
