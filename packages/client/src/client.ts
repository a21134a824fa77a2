import { SURFACES } from './generated/actions.js';
import { send, type ClientOptions, type RequestOptions } from './transport.js';
import { batches, multipartBody, newBoundary, toParts, type Part, type UploadProgress, type UploadSource } from './upload.js';
import { waitForAnalysis, waitForDocuments, type ReadyProgress, type WaitOptions } from './wait.js';
import type { ActionAnswer, ActionArgs, ActionName, AnalysisRun, ProjectStatus, Surface, SurfaceClient, UploadAnswer, UploadedDocument } from './types.js';

/** Actions that accept an `Idempotency-Key`: the client sends a random one unless given, so that their retries are safe. */
const KEYED = new Set(['confirm_documents', 'create_project']);
/** Actions that change nothing besides reading: retried after a 5xx or a network failure. */
const isSafe = (surface: Surface, action: string) => surface === 'read' || /^(get|list)_/.test(action);

export interface UploadOptions {
  /** `account` (default; an account key) or `partner` (a partner secret). */
  surface?: 'account' | 'partner';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * A client of one sift server with one credential. Each surface is an object with one method per
 * action (`client.account.get_project_status({projectId})`); the helpers upload files, export a
 * project and wait for documents and analyses.
 */
export class SiftClient {
  readonly read: SurfaceClient<'read'>;
  readonly write: SurfaceClient<'write'>;
  readonly account: SurfaceClient<'account'>;
  readonly partner: SurfaceClient<'partner'>;
  readonly admin: SurfaceClient<'admin'>;

  constructor(readonly options: ClientOptions) {
    if (!options.baseUrl) throw new TypeError('SiftClient: baseUrl is required');
    if (!options.key) throw new TypeError('SiftClient: key is required');
    this.read = this.surface('read');
    this.write = this.surface('write');
    this.account = this.surface('account');
    this.partner = this.surface('partner');
    this.admin = this.surface('admin');
  }

  /** The same server with another credential (e.g. a project key minted with an account key). */
  withKey(key: string): SiftClient {
    return new SiftClient({ ...this.options, key });
  }

  /** Calls one action of one surface and answers its JSON. */
  async call<S extends Surface, A extends ActionName<S>>(surface: S, action: A, ...[body, options]: ActionArgs<S, A>): Promise<ActionAnswer<S, A>> {
    const idempotencyKey = options?.idempotencyKey ?? (KEYED.has(action) && surface !== 'admin' ? crypto.randomUUID() : undefined);
    const payload = JSON.stringify({ ...(body as object | undefined), action });
    const res = await send(this.options, {
      method: 'POST',
      path: SURFACES[surface].path,
      body: () => payload,
      contentType: 'application/json',
      idempotent: isSafe(surface, action) || idempotencyKey !== undefined,
      options: { ...options, ...(idempotencyKey ? { idempotencyKey } : {}) },
    });
    return (await res.json()) as ActionAnswer<S, A>;
  }

  /**
   * Uploads files to a project in requests of at most 20 files; each document lands `pending`
   * and uncharged. `onProgress` is told about each file's bytes as they leave and once more with
   * the document the server created. A rate-limited request is sent again after `Retry-After`
   * unless one of its files is a one-shot stream.
   */
  async upload(projectId: string, sources: readonly UploadSource[], options: UploadOptions = {}): Promise<UploadAnswer> {
    const parts = await toParts(sources);
    const path = `/api/sift-${options.surface ?? 'account'}/upload?projectId=${encodeURIComponent(projectId)}`;
    const documents: UploadedDocument[] = [];
    for (const batch of batches(parts)) {
      const boundary = newBoundary();
      const loaded = new Map<Part, number>();
      const tell = (part: Part, extra: Partial<UploadProgress> = {}) =>
        options.onProgress?.({ index: part.index, filename: part.filename, loaded: loaded.get(part) ?? 0, total: part.size, ...extra });
      const res = await send(this.options, {
        method: 'POST',
        path,
        idempotent: false,
        replayable: batch.every((p) => p.replayable),
        onAttempt: () => {
          for (const p of batch) {
            loaded.set(p, 0);
            tell(p);
          }
        },
        body: () =>
          multipartBody(batch, boundary, (part, bytes) => {
            loaded.set(part, (loaded.get(part) ?? 0) + bytes);
            tell(part);
          }),
        contentType: `multipart/form-data; boundary=${boundary}`,
        options: options.signal ? { signal: options.signal } : {},
      });
      const answer = (await res.json()) as UploadAnswer;
      answer.documents.forEach((document, i) => {
        const part = batch[i];
        if (part) tell(part, { loaded: loaded.get(part) ?? 0, document });
      });
      documents.push(...answer.documents);
    }
    return { documents };
  }

  /** Has the server fetch files from URLs into a project (account surface; at most 20 per call). */
  async uploadUrls(projectId: string, urls: { url: string; filename?: string }[], options: RequestOptions = {}): Promise<UploadAnswer> {
    const payload = JSON.stringify({ urls });
    const res = await send(this.options, {
      method: 'POST',
      path: `/api/sift-account/upload?projectId=${encodeURIComponent(projectId)}`,
      body: () => payload,
      contentType: 'application/json',
      idempotent: false,
      options,
    });
    return (await res.json()) as UploadAnswer;
  }

  /**
   * The project of this client's project key as a REFI-QDA archive (`.qdpx`), streamed; with
   * `analysisId`, one run's categories and insights alone.
   */
  async exportQdpx(options: RequestOptions & { analysisId?: string } = {}): Promise<ReadableStream<Uint8Array>> {
    const { analysisId, ...rest } = options;
    const query = new URLSearchParams({ format: 'qdpx', ...(analysisId === undefined ? {} : { analysisId }) });
    const res = await send(this.options, { method: 'GET', path: `/api/sift-read/export?${query}`, idempotent: true, options: rest });
    if (!res.body) throw new TypeError('the export answered no body');
    return res.body;
  }

  /**
   * `compare_codings` of this client's project key's project as CSV (a sift extension): `a` and
   * `b` each a run's id or `manual` (the coding made by hand or imported), `pairs` as the action
   * takes them, `documentIds` to compare over those documents.
   */
  async agreementCsv(
    query: { a: string; b: string; pairs?: { a: string; b: string }[]; documentIds?: string[] },
    options: RequestOptions = {},
  ): Promise<string> {
    const params = new URLSearchParams({ a: query.a, b: query.b });
    if (query.pairs) params.set('pairs', JSON.stringify(query.pairs));
    if (query.documentIds) params.set('documentIds', query.documentIds.join(','));
    const res = await send(this.options, { method: 'GET', path: `/api/sift-read/agreement.csv?${params}`, idempotent: true, options });
    return res.text();
  }

  /** `get_project_status` of the account (default) or partner surface, typed for the members the helpers read. */
  async projectStatus(projectId: string, options: RequestOptions & { surface?: 'account' | 'partner' } = {}): Promise<ProjectStatus> {
    const { surface = 'account', ...rest } = options;
    return (await this.call(surface, 'get_project_status', { projectId }, rest)) as ProjectStatus;
  }

  /**
   * Waits until no document of the project (or of `documentIds`) is `pending` or `processing`:
   * after an upload, until every price is known; after a confirmation, until the documents are
   * `ready` or `failed`. Answers the last project status.
   */
  waitForReady(
    projectId: string,
    options: WaitOptions<ReadyProgress> & { documentIds?: readonly string[]; surface?: 'account' | 'partner' } = {},
  ): Promise<ProjectStatus> {
    return waitForDocuments(() => this.projectStatus(projectId, pick(options)), options.documentIds, options);
  }

  /** Waits until an analysis run completes (answers it) or fails (throws `SiftError` with code `analysis_failed`). */
  waitForRun(projectId: string, analysisId: string, options: WaitOptions<AnalysisRun> & { surface?: 'account' | 'partner' } = {}): Promise<AnalysisRun> {
    return waitForAnalysis(() => this.projectStatus(projectId, pick(options)), analysisId, options);
  }

  private surface<S extends Surface>(surface: S): SurfaceClient<S> {
    const methods: Record<string, unknown> = {};
    for (const action of SURFACES[surface].actions) {
      methods[action] = (...args: unknown[]) => (this.call as (s: S, a: string, ...rest: unknown[]) => Promise<unknown>)(surface, action, ...args);
    }
    return methods as SurfaceClient<S>;
  }
}

const pick = (o: { surface?: 'account' | 'partner'; signal?: AbortSignal }) => ({
  ...(o.surface ? { surface: o.surface } : {}),
  ...(o.signal ? { signal: o.signal } : {}),
});
