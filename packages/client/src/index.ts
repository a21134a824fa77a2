/**
 * The TypeScript client of the sift HTTP API: typed actions per surface, typed errors,
 * retries honouring `Retry-After`, uploads with progress, and helpers that wait.
 */
export { SiftClient, type UploadOptions } from './client.js';
export { SiftError, type FieldError, type SiftErrorCode } from './errors.js';
export type { ClientOptions, RequestOptions } from './transport.js';
export { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST, type UploadData, type UploadProgress, type UploadSource } from './upload.js';
export type { ReadyProgress, WaitOptions } from './wait.js';
export type {
  ActionAnswer,
  ActionArgs,
  ActionName,
  ActionRequest,
  Actions,
  AnalysisRun,
  DocumentState,
  ProjectStatus,
  Surface,
  SurfaceClient,
  UploadAnswer,
  UploadedDocument,
} from './types.js';
export type { components, paths } from './generated/openapi.js';
