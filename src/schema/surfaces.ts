import type { ActionMap } from './common.js';
import { readActions } from './read.js';
import { writeActions } from './write.js';
import { accountActions } from './account.js';
import { partnerActions } from './partner.js';
import { adminActions } from './admin.js';

export type SurfaceName = 'read' | 'write' | 'account' | 'partner' | 'admin';

export interface SurfaceDef {
  name: SurfaceName;
  path: string;
  title: string;
  credential: 'projectKey' | 'projectEditKey' | 'accountKey' | 'partnerSecret' | 'adminToken';
  actions: ActionMap;
}

export const SURFACES: Record<SurfaceName, SurfaceDef> = {
  read: { name: 'read', path: '/api/sift-read', title: 'Read', credential: 'projectKey', actions: readActions },
  write: { name: 'write', path: '/api/sift-write', title: 'Write', credential: 'projectEditKey', actions: writeActions },
  account: { name: 'account', path: '/api/sift-account', title: 'Account', credential: 'accountKey', actions: accountActions },
  partner: { name: 'partner', path: '/api/sift-partner', title: 'Partner', credential: 'partnerSecret', actions: partnerActions },
  admin: { name: 'admin', path: '/api/sift-admin', title: 'Operator', credential: 'adminToken', actions: adminActions },
};

export const UPLOAD_PATHS = {
  account: '/api/sift-account/upload',
  write: '/api/sift-write/upload',
  partner: '/api/sift-partner/upload',
} as const;

/** `GET`: the project of a read or edit key as a REFI-QDA archive (`?format=qdpx`). */
export const EXPORT_PATH = '/api/sift-read/export';

/** `GET`: `compare_codings` of a read or edit key's project as CSV (`?a=<run id|manual>&b=…`; agreement, docs/decisions.md). */
export const AGREEMENT_CSV_PATH = '/api/sift-read/agreement.csv';

/** `GET`: `get_matrix` of a read or edit key's project as a CSV grid or an .xlsx workbook (`?columns=…`; matrices, docs/decisions.md). */
export const MATRIX_EXPORT_PATHS = {
  csv: '/api/sift-read/matrix.csv',
  xlsx: '/api/sift-read/matrix.xlsx',
} as const;

/** `POST` (multipart `file`): a REFI-QDA archive as a new project of the account key's account (`?format=qdpx`). */
export const IMPORT_PATH = '/api/sift-account/import';

/** `GET`: a run's codebook (`?analysisId=`) or the project's, of a read or edit key's project (`?format=qdc|csv|md`; codebooks, docs/decisions.md). */
export const CODEBOOK_PATH = '/api/sift-read/codebook';

/** `POST` (multipart `file`, `?projectId=`): a `.qdc` or CSV codebook started as a predefined run (codebooks, docs/decisions.md). */
export const CODEBOOK_IMPORT_PATHS = {
  account: '/api/sift-account/codebook',
  partner: '/api/sift-partner/codebook',
} as const;
