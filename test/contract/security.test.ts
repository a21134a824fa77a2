import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { makeTestApp, seedProject, ACCOUNT, PARTNER, READ, WRITE, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { insertDocument } from '../helpers/documents.js';
import { multipart } from '../helpers/multipart.js';
import { SURFACES, UPLOAD_PATHS, type SurfaceName } from '../../src/schema/surfaces.js';
import { newHashedRow, newId } from '../../src/domain/ids.js';
import { nextCounter } from '../../src/domain/projects.js';
import { issueProjectKey } from '../../src/domain/keys.js';
import { createRun } from '../../src/domain/analyses.js';

/**
 * One security suite over every action that takes an id (in the manner of unkey's shared route
 * tests). The id members are found by walking the action schemas, so an action or member added
 * later fails `every id member has a case` until it gets one here. For each case:
 *
 *  1. the same request with an id of another project (or account) answers 404 — the same answer
 *     as an id that names nothing — and changes nothing, neither there nor in the caller's project;
 *     the same request with the caller's own ids answers 200 (so the 404 is the id's doing);
 *  2. a read-only credential on a write answers 403 and writes nothing;
 *  3. a revoked credential answers 401.
 *
 * The operator surface is out of scope: its token reaches every account by design.
 */

type Surface = Exclude<SurfaceName, 'admin'>;
const CLIENT_SURFACES = (Object.keys(SURFACES) as SurfaceName[]).filter((s) => SURFACES[s].credential !== 'adminToken') as Surface[];
const PATH: Record<Surface, string> = { read: READ, write: WRITE, account: ACCOUNT, partner: PARTNER };

/** Members that carry ids: `id`, `ids`, `…Id`, `…Ids`. */
const ID_MEMBER = /^(id|ids)$|[a-z](Id|Ids)$/;
type S = Record<string, any>;

/** JSON Pointers (array items as `*`) of the id members of one action's schema. */
function idMembers(s: S, path = ''): string[] {
  if (s.anyOf) return [...new Set(s.anyOf.flatMap((b: S) => idMembers(b, path)))] as string[];
  if (s.type === 'array' && s.items) return idMembers(s.items, `${path}/*`);
  if (s.type !== 'object' || !s.properties) return [];
  return Object.entries<S>(s.properties).flatMap(([k, sub]) => (ID_MEMBER.test(k) ? [`${path}/${k}`] : idMembers(sub, `${path}/${k}`)));
}

/** Every (surface, action, member) the schemas declare. */
const DECLARED = CLIENT_SURFACES.flatMap((surface) =>
  Object.entries<S>(SURFACES[surface].actions).flatMap(([action, schema]) => idMembers(schema).map((pointer) => ({ surface, action, pointer }))),
);

// ---------------------------------------------------------------------------------------------
// Worlds: a project with one object of each kind, named by id in every accepted form.

type Kind =
  | 'document'
  | 'waiting'
  | 'insight'
  | 'category'
  | 'category2'
  | 'tag'
  | 'field'
  | 'field2'
  | 'memo'
  | 'note'
  | 'project'
  | 'account'
  | 'user'
  | 'key'
  | 'analysis';
type Form = 'uuid' | 'short';
type Ids = Record<Kind, string>;
interface Ref {
  uuid: string;
  short: string;
}
interface World {
  projectId: string;
  marker: string;
  refs: Record<Kind, Ref>;
}

/** Kinds whose short form is a per-project counter: another project's `D3` is this project's `D3`, so only its UUID is foreign. */
const COUNTER_KINDS: Kind[] = ['document', 'waiting', 'insight', 'memo', 'note'];
/** Accounts, users (a project's owner) and project keys are named by UUID only. */
const UUID_ONLY_KINDS: Kind[] = ['account', 'user', 'key', 'analysis'];
const formsOf = (kind: Kind): Form[] => (COUNTER_KINDS.includes(kind) || UUID_ONLY_KINDS.includes(kind) ? ['uuid'] : ['uuid', 'short']);
const idsOf = (w: World, form: Form): Ids => Object.fromEntries(Object.entries(w.refs).map(([k, r]) => [k, r[form]])) as Ids;

const rand = () => crypto.randomBytes(5).toString('hex');
const base36 = () => Array.from(crypto.randomBytes(10), (b) => (b % 36).toString(36)).join('');
/** Ids that name nothing anywhere, in the same forms. */
function ghostWorld(): World {
  const hash = (p: string) => ({ uuid: newId(), short: `${p}${base36()}` });
  const counter = (p: string) => ({ uuid: newId(), short: `${p}999999` });
  const account = newId();
  const user = newId();
  const key = newId();
  const analysis = newId();
  return {
    projectId: newId(),
    marker: 'ghost',
    refs: {
      document: counter('D'),
      waiting: counter('D'),
      insight: counter('I'),
      memo: counter('M'),
      note: counter('N'),
      category: hash('C'),
      category2: hash('C'),
      tag: hash('T'),
      field: hash('F'),
      field2: hash('F'),
      project: hash('P'),
      account: { uuid: account, short: account },
      user: { uuid: user, short: user },
      key: { uuid: key, short: key },
      analysis: { uuid: analysis, short: analysis },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Cases. `body(own, x)`: `own` are the caller's ids (short forms), `x` the ids of the world under
// test in the form under test. In `member` cases only the member under test comes from `x`; in
// `scope` cases the whole request addresses `x`'s project or account (`projectId`, `accountId`),
// so that it would succeed if the scope check were missing. `filter` cases name a document in
// `filters`, where a name that matches nothing matches nothing (decisions §7): 200, nothing shown.

type Body = Record<string, unknown>;
type ForeignWorld = 'sibling' | 'stranger' | 'otherPartner';
interface IdCase {
  surface: Surface;
  action: string;
  pointer: string;
  kind: Kind;
  variant?: string;
  mode: 'member' | 'scope' | 'filter';
  foreign: ForeignWorld[];
  body(own: Ids, x: Ids): Body;
}

const PROJECT_WORLDS: ForeignWorld[] = ['sibling', 'stranger'];
const PARTNER_WORLDS: ForeignWorld[] = ['otherPartner', 'stranger'];

const read = (action: string, pointer: string, kind: Kind, body: IdCase['body'], mode: IdCase['mode'] = 'member'): IdCase => ({
  surface: 'read',
  action,
  pointer,
  kind,
  mode,
  foreign: PROJECT_WORLDS,
  body: (o, x) => ({ action, ...body(o, x) }),
});
const write = (action: string, pointer: string, kind: Kind, variant: string | undefined, body: IdCase['body']): IdCase => ({
  surface: 'write',
  action,
  pointer,
  kind,
  variant,
  mode: 'member',
  foreign: PROJECT_WORLDS,
  body: (o, x) => ({ action, ...body(o, x) }),
});
const op = (operation: string, rest: Body) => ({ operation, ...rest });

/** `compare_codings` on the account or partner surface: the project in scope, each side's run and the documents named as members. */
const compareCases = (surface: 'account' | 'partner', scope: ForeignWorld[], foreign: ForeignWorld[]): IdCase[] => [
  {
    surface,
    action: 'compare_codings',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: scope,
    body: (_o, x) => ({ action: 'compare_codings', projectId: x.project, a: { analysisId: x.analysis }, b: { analysisId: null } }),
  },
  ...(['a', 'b'] as const).map(
    (side): IdCase => ({
      surface,
      action: 'compare_codings',
      pointer: `/${side}/analysisId`,
      kind: 'analysis',
      mode: 'member',
      foreign,
      body: (o, x) => ({
        action: 'compare_codings',
        projectId: o.project,
        a: { analysisId: side === 'a' ? x.analysis : null },
        b: { analysisId: side === 'b' ? x.analysis : null },
      }),
    }),
  ),
  {
    surface,
    action: 'compare_codings',
    pointer: '/documentIds',
    kind: 'document',
    mode: 'member',
    foreign,
    body: (o, x) => ({ action: 'compare_codings', projectId: o.project, a: { analysisId: null }, b: { analysisId: null }, documentIds: [x.document] }),
  },
];

/** `use_as_codebook` on the account or partner surface: the project in scope, the run a member. */
const codebookCases = (surface: 'account' | 'partner', scope: ForeignWorld[], foreign: ForeignWorld[]): IdCase[] => [
  {
    surface,
    action: 'use_as_codebook',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: scope,
    body: (_o, x) => ({ action: 'use_as_codebook', projectId: x.project, analysisId: x.analysis }),
  },
  {
    surface,
    action: 'use_as_codebook',
    pointer: '/analysisId',
    kind: 'analysis',
    mode: 'member',
    foreign,
    body: (o, x) => ({ action: 'use_as_codebook', projectId: o.project, analysisId: x.analysis }),
  },
];

/** `get_matrix` on the account or partner surface: the project in scope, the run, the parent category and the documents named as members. */
const matrixCases = (surface: 'account' | 'partner', scope: ForeignWorld[], foreign: ForeignWorld[]): IdCase[] => [
  {
    surface,
    action: 'get_matrix',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: scope,
    body: (_o, x) => ({ action: 'get_matrix', projectId: x.project, columns: 'document', analysisId: x.analysis, documentIds: [x.document] }),
  },
  ...(
    [
      ['/analysisId', 'analysis', (x: Ids) => ({ analysisId: x.analysis })],
      ['/categoryId', 'category', (x: Ids) => ({ categoryId: x.category })],
      // A category of the caller's own as the parent: the project's root categories grow past a matrix's rows as the suite runs.
      ['/documentIds', 'document', (x: Ids, o: Ids) => ({ documentIds: [x.document], categoryId: o.category })],
    ] as const
  ).map(
    ([pointer, kind, member]): IdCase => ({
      surface,
      action: 'get_matrix',
      pointer,
      kind,
      mode: 'member',
      foreign,
      body: (o, x) => ({ action: 'get_matrix', projectId: o.project, columns: 'document', ...member(x, o) }),
    }),
  ),
];

const CASES: IdCase[] = [
  read('get_documents', '/id', 'document', (_o, x) => ({ id: x.document })),
  read('get_insights', '/id', 'insight', (_o, x) => ({ id: x.insight })),
  read('get_insights', '/ids', 'insight', (o, x) => ({ ids: [o.insight, x.insight] })),
  read('get_categories', '/id', 'category', (_o, x) => ({ id: x.category })),
  read('get_insights', '/analysisId', 'analysis', (_o, x) => ({ analysisId: x.analysis })),
  read('get_categories', '/analysisId', 'analysis', (_o, x) => ({ analysisId: x.analysis })),
  read('search', '/analysisId', 'analysis', (_o, x) => ({ query: 'zebra', analysisId: x.analysis })),
  read('compare_codings', '/a/analysisId', 'analysis', (_o, x) => ({ a: { analysisId: x.analysis }, b: { analysisId: null } })),
  read('compare_codings', '/b/analysisId', 'analysis', (_o, x) => ({ a: { analysisId: null }, b: { analysisId: x.analysis } })),
  read('compare_codings', '/documentIds', 'document', (_o, x) => ({ a: { analysisId: null }, b: { analysisId: null }, documentIds: [x.document] })),
  read('get_matrix', '/analysisId', 'analysis', (_o, x) => ({ columns: 'code', analysisId: x.analysis })),
  read('get_matrix', '/categoryId', 'category', (_o, x) => ({ columns: 'code', categoryId: x.category })),
  read('get_matrix', '/documentIds', 'document', (o, x) => ({ columns: 'document', documentIds: [x.document], categoryId: o.category })),
  read('get_memos', '/id', 'memo', (_o, x) => ({ id: x.memo })),
  read('read_document', '/documentId', 'document', (_o, x) => ({ documentId: x.document })),
  read('analyze', '/categoryIds', 'category', (_o, x) => ({ type: 'metadata_distribution', categoryIds: [x.category] })),
  ...['get_documents', 'get_insights', 'get_categories', 'get_notes'].map((a) =>
    read(a, '/filters/documentIds', 'document', (_o, x) => ({ filters: { documentIds: [x.document] } }), 'filter'),
  ),
  read('search', '/filters/documentIds', 'document', (_o, x) => ({ query: 'zebra', filters: { documentIds: [x.document] } }), 'filter'),

  write('manage_insights', '/id', 'insight', 'update', (o, x) => op('update', { categories: [o.category], id: x.insight, text: 'Rewritten' })),
  write('manage_insights', '/id', 'insight', 'delete', (_o, x) => op('delete', { categories: [], id: x.insight })),
  write('manage_insights', '/insightIds', 'insight', 'delete', (o, x) => op('delete', { categories: [], insightIds: [o.insight, x.insight] })),
  write('manage_insights', '/documentId', 'document', 'create', (o, x) =>
    op('create', { categories: [o.category], text: 'A new insight', documentId: x.document }),
  ),
  write('manage_insights', '/documentId', 'document', 'update', (o, x) => op('update', { categories: [o.category], id: o.insight, documentId: x.document })),
  write('manage_categories', '/id', 'category', 'update', (_o, x) => op('update', { id: x.category, text: 'Renamed' })),
  write('manage_categories', '/id', 'category', 'delete', (_o, x) => op('delete', { id: x.category, deleteIfNotEmpty: true })),
  write('manage_categories', '/parentId', 'category', 'create', (_o, x) => op('create', { text: 'A child', parentId: x.category })),
  write('manage_categories', '/parentId', 'category', 'update', (o, x) => op('update', { id: o.category2, parentId: x.category })),
  write('manage_categories', '/categoryIds', 'category', 'merge', (o, x) => op('merge', { categoryIds: [o.category2, x.category], newName: 'Merged' })),
  write('categorize_insights', '/insightIds', 'insight', 'assign', (o, x) => op('assign', { insightIds: [x.insight], categoryId: o.category2 })),
  write('categorize_insights', '/categoryId', 'category', 'assign', (o, x) => op('assign', { insightIds: [o.insight], categoryId: x.category })),
  write('categorize_insights', '/categoryId', 'category', 'move', (o, x) => op('move', { insightIds: [o.insight], categoryId: x.category })),
  write('categorize_insights', '/categoryId', 'category', 'remove', (o, x) => op('remove', { insightIds: [o.insight], categoryId: x.category })),
  ...['update', 'delete', 'add_targets', 'remove_targets'].map((o) =>
    write('manage_tags', '/id', 'tag', o, (own, x) =>
      op(o, { id: x.tag, ...(o === 'update' ? { description: 'Changed' } : o.endsWith('targets') ? { documentIds: [own.document] } : {}) }),
    ),
  ),
  write('manage_tags', '/documentIds', 'document', 'create', (_o, x) => op('create', { text: 'New tag', documentIds: [x.document] })),
  write('manage_tags', '/documentIds', 'document', 'add_targets', (o, x) => op('add_targets', { id: o.tag, documentIds: [x.document] })),
  write('manage_tags', '/documentIds', 'document', 'remove_targets', (o, x) => op('remove_targets', { id: o.tag, documentIds: [x.document] })),
  write('manage_tags', '/insightIds', 'insight', 'add_targets', (o, x) => op('add_targets', { id: o.tag, insightIds: [x.insight] })),
  write('manage_tags', '/categoryIds', 'category', 'add_targets', (o, x) => op('add_targets', { id: o.tag, categoryIds: [x.category] })),
  write('create_note', '/targetId', 'document', 'document', (_o, x) => ({ targetType: 'document', targetId: x.document, text: 'A note' })),
  write('create_note', '/targetId', 'insight', 'documentInsight', (_o, x) => ({ targetType: 'documentInsight', targetId: x.insight, text: 'A note' })),
  write('create_note', '/targetId', 'category', 'insightCategory', (_o, x) => ({ targetType: 'insightCategory', targetId: x.category, text: 'A note' })),
  write('manage_metadata_fields', '/id', 'field', 'update', (_o, x) => op('update', { id: x.field, description: 'Changed' })),
  write('manage_metadata_fields', '/id', 'field', 'delete', (_o, x) => op('delete', { id: x.field, deleteIfNotEmpty: true })),
  write('manage_metadata_fields', '/parentId', 'field', 'create', (_o, x) => op('create', { text: 'A sub-field', parentId: x.field })),
  write('manage_metadata_fields', '/parentId', 'field', 'update', (o, x) => op('update', { id: o.field2, parentId: x.field })),
  write('set_metadata_values', '/documentId', 'document', undefined, (o, x) => ({ documentId: x.document, values: [{ fieldId: o.field, text: 'Set' }] })),
  write('set_metadata_values', '/values/*/fieldId', 'field', undefined, (o, x) => ({ documentId: o.document, values: [{ fieldId: x.field, text: 'Set' }] })),

  // Account key: reaches the projects its user is a member of (so a sibling project is its own).
  {
    surface: 'account',
    action: 'get_project_status',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'get_project_status', projectId: x.project }),
  },
  {
    surface: 'account',
    action: 'confirm_documents',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'confirm_documents', projectId: x.project, expectedCreditCost: 1, documentIds: [x.waiting] }),
  },
  {
    surface: 'account',
    action: 'confirm_documents',
    pointer: '/documentIds',
    kind: 'waiting',
    mode: 'member',
    foreign: PROJECT_WORLDS,
    body: (o, x) => ({ action: 'confirm_documents', projectId: o.project, expectedCreditCost: 1, documentIds: [x.waiting] }),
  },
  {
    surface: 'account',
    action: 'delete_documents',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'delete_documents', projectId: x.project, documentIds: [x.document] }),
  },
  {
    surface: 'account',
    action: 'delete_documents',
    pointer: '/documentIds',
    kind: 'document',
    mode: 'member',
    foreign: PROJECT_WORLDS,
    body: (o, x) => ({ action: 'delete_documents', projectId: o.project, documentIds: [o.waiting, x.document] }),
  },
  {
    surface: 'account',
    action: 'start_analysis',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'start_analysis', projectId: x.project, type: 'summaries' }),
  },
  {
    surface: 'account',
    action: 'rename_analysis',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'rename_analysis', projectId: x.project, analysisId: x.analysis, name: 'Renamed' }),
  },
  {
    surface: 'account',
    action: 'rename_analysis',
    pointer: '/analysisId',
    kind: 'analysis',
    mode: 'member',
    foreign: PROJECT_WORLDS,
    body: (o, x) => ({ action: 'rename_analysis', projectId: o.project, analysisId: x.analysis, name: 'Renamed' }),
  },
  {
    surface: 'account',
    action: 'delete_analysis',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'delete_analysis', projectId: x.project, analysisId: x.analysis }),
  },
  {
    surface: 'account',
    action: 'delete_analysis',
    pointer: '/analysisId',
    kind: 'analysis',
    mode: 'member',
    foreign: PROJECT_WORLDS,
    body: (o, x) => ({ action: 'delete_analysis', projectId: o.project, analysisId: x.analysis }),
  },
  // Self-service keys (a sift extension): the project as above; a user who is not a member of the
  // caller's project, or a key of another project, is a 404. The sibling project's user is the
  // caller's own user (a member), so only the stranger's user is foreign.
  {
    surface: 'account',
    action: 'create_project_key',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'create_project_key', projectId: x.project, access: 'read' }),
  },
  {
    surface: 'account',
    action: 'create_project_key',
    pointer: '/userId',
    kind: 'user',
    mode: 'member',
    foreign: ['stranger'],
    body: (o, x) => ({ action: 'create_project_key', projectId: o.project, access: 'read', userId: x.user }),
  },
  {
    surface: 'account',
    action: 'list_project_keys',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'list_project_keys', projectId: x.project }),
  },
  {
    surface: 'account',
    action: 'revoke_project_key',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: ['stranger'],
    body: (_o, x) => ({ action: 'revoke_project_key', projectId: x.project, keyId: x.key }),
  },
  {
    surface: 'account',
    action: 'revoke_project_key',
    pointer: '/keyId',
    kind: 'key',
    mode: 'member',
    foreign: PROJECT_WORLDS,
    body: (o, x) => ({ action: 'revoke_project_key', projectId: o.project, keyId: x.key }),
  },

  // Partner secret: reaches only the accounts and projects this partner created.
  {
    surface: 'partner',
    action: 'create_project',
    pointer: '/accountId',
    kind: 'account',
    mode: 'scope',
    foreign: PARTNER_WORLDS,
    body: (_o, x) => ({ action: 'create_project', accountId: x.account, name: 'Another study' }),
  },
  {
    surface: 'partner',
    action: 'add_documents',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: PARTNER_WORLDS,
    body: (_o, x) => ({ action: 'add_documents', projectId: x.project, files: { documents: [{ filename: 'added.txt', text: 'Participant: added later.' }] } }),
  },
  {
    surface: 'partner',
    action: 'get_project_status',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: PARTNER_WORLDS,
    body: (_o, x) => ({ action: 'get_project_status', projectId: x.project }),
  },
  {
    surface: 'partner',
    action: 'confirm_documents',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: PARTNER_WORLDS,
    body: (_o, x) => ({ action: 'confirm_documents', projectId: x.project, expectedCreditCost: 1, documentIds: [x.waiting] }),
  },
  {
    surface: 'partner',
    action: 'confirm_documents',
    pointer: '/documentIds',
    kind: 'waiting',
    mode: 'member',
    foreign: PARTNER_WORLDS,
    body: (o, x) => ({ action: 'confirm_documents', projectId: o.project, expectedCreditCost: 1, documentIds: [x.waiting] }),
  },
  {
    surface: 'partner',
    action: 'delete_documents',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: PARTNER_WORLDS,
    body: (_o, x) => ({ action: 'delete_documents', projectId: x.project, documentIds: [x.document] }),
  },
  {
    surface: 'partner',
    action: 'delete_documents',
    pointer: '/documentIds',
    kind: 'document',
    mode: 'member',
    foreign: PARTNER_WORLDS,
    body: (o, x) => ({ action: 'delete_documents', projectId: o.project, documentIds: [o.waiting, x.document] }),
  },
  {
    surface: 'partner',
    action: 'start_analysis',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: PARTNER_WORLDS,
    body: (_o, x) => ({ action: 'start_analysis', projectId: x.project, type: 'summaries' }),
  },
  {
    surface: 'partner',
    action: 'rename_analysis',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: PARTNER_WORLDS,
    body: (_o, x) => ({ action: 'rename_analysis', projectId: x.project, analysisId: x.analysis, name: 'Renamed' }),
  },
  {
    surface: 'partner',
    action: 'rename_analysis',
    pointer: '/analysisId',
    kind: 'analysis',
    mode: 'member',
    foreign: PARTNER_WORLDS,
    body: (o, x) => ({ action: 'rename_analysis', projectId: o.project, analysisId: x.analysis, name: 'Renamed' }),
  },
  {
    surface: 'partner',
    action: 'delete_analysis',
    pointer: '/projectId',
    kind: 'project',
    mode: 'scope',
    foreign: PARTNER_WORLDS,
    body: (_o, x) => ({ action: 'delete_analysis', projectId: x.project, analysisId: x.analysis }),
  },
  {
    surface: 'partner',
    action: 'delete_analysis',
    pointer: '/analysisId',
    kind: 'analysis',
    mode: 'member',
    foreign: PARTNER_WORLDS,
    body: (o, x) => ({ action: 'delete_analysis', projectId: o.project, analysisId: x.analysis }),
  },
  // Agreement (a sift extension): a read, any member of the project on the account surface.
  ...compareCases('account', ['stranger'], PROJECT_WORLDS),
  ...compareCases('partner', PARTNER_WORLDS, PARTNER_WORLDS),
  // Matrices (a sift extension): a read, any member of the project on the account surface.
  ...matrixCases('account', ['stranger'], PROJECT_WORLDS),
  ...matrixCases('partner', PARTNER_WORLDS, PARTNER_WORLDS),
  // Codebooks (a sift extension): a write, the run a member.
  ...codebookCases('account', ['stranger'], PROJECT_WORLDS),
  ...codebookCases('partner', PARTNER_WORLDS, PARTNER_WORLDS),
];

const caseName = (c: IdCase) => `${c.surface} ${c.action}${c.variant ? ` (${c.variant})` : ''} ${c.pointer}`;

/** Upload routes that name a project in the query (`?projectId=`); the write upload names none. */
const UPLOAD_CASES: { route: 'account' | 'partner'; foreign: ForeignWorld[] }[] = [
  { route: 'account', foreign: ['stranger'] },
  { route: 'partner', foreign: PARTNER_WORLDS },
];

/** Account-surface actions a lesser role may still call on its projects (spec: errors, 403). */
const ACCOUNT_READS = ['get_project_status', 'compare_codings', 'get_matrix'];

/** The credentials that must be refused on each surface: 403 for read-only ones on a write, 401 for revoked ones. */
type Cred =
  | 'read key'
  | "viewer's edit key"
  | "viewer's account key"
  | 'revoked read key'
  | 'revoked edit key'
  | 'revoked account key'
  | 'revoked partner secret';
function refusedCredentials(surface: Surface, action: string): [Cred, 401 | 403][] {
  switch (surface) {
    case 'read':
      return [
        ['revoked read key', 401],
        ['revoked edit key', 401],
      ];
    case 'write':
      return [
        ['read key', 403],
        ["viewer's edit key", 403],
        ['revoked edit key', 401],
      ];
    case 'account':
      return [...(ACCOUNT_READS.includes(action) ? [] : [["viewer's account key", 403] as [Cred, 403]]), ['revoked account key', 401]];
    case 'partner':
      return [['revoked partner secret', 401]];
  }
}

// ---------------------------------------------------------------------------------------------

describe('the security suite covers every id the schemas declare', () => {
  it.each(DECLARED.map((d) => [`${d.surface} ${d.action} ${d.pointer}`, d] as const))('%s has a case', (_name, d) => {
    expect(
      CASES.filter((c) => c.surface === d.surface && c.action === d.action && c.pointer === d.pointer),
      'add a case to CASES in this file',
    ).not.toEqual([]);
  });

  it('names no member the schemas do not declare', () => {
    const declared = new Set(DECLARED.map((d) => `${d.surface} ${d.action} ${d.pointer}`));
    expect(CASES.map((c) => `${c.surface} ${c.action} ${c.pointer}`).filter((n) => !declared.has(n))).toEqual([]);
  });

  it('finds the id members of a surface (the walk itself works)', () => {
    expect(DECLARED.length).toBeGreaterThan(30);
    expect(DECLARED).toContainEqual({ surface: 'write', action: 'set_metadata_values', pointer: '/values/*/fieldId' });
    expect(DECLARED).toContainEqual({ surface: 'partner', action: 'create_project', pointer: '/accountId' });
    expect(Object.keys(UPLOAD_PATHS).sort()).toEqual(['account', 'partner', 'write']);
  });
});

const PROJECT_TABLES = [
  'documents',
  'chunks',
  'insights',
  'categories',
  'insightCategories',
  'tags',
  'tagTargets',
  'notes',
  'memos',
  'metadataFields',
  'metadataValues',
  'analyses',
  'analysisVerdicts',
  'memberships',
  'apiKeys',
] as const;

const normalise = (error: string) => error.replace(/"[^"]*"/g, '"<id>"');

describe.each(STORE_KINDS)('security of id-taking actions on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let secret = '';
    const cred = {} as Record<Cred, string>;
    const worlds = {} as Record<ForeignWorld | 'main' | 'partnerMain', World>;
    let partnerMainKey = '';

    const call = (surface: Surface, key: string, body: Body) => t.post(PATH[surface], key, body);
    const ok = async (res: LightMyRequestResponse | Promise<LightMyRequestResponse>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };

    /** A project with one of everything, made through the write surface with `editKey`. */
    async function buildWorld(projectId: string, accountId: string, editKey: string): Promise<World> {
      const store = t.app.store;
      const db = store.db;
      const marker = `mk${rand()}`;
      const w = (body: Body) => ok(t.post(WRITE, editKey, body));
      const text = `Participant: ${marker} told a zebra story about the onboarding.`;
      const doc = await insertDocument(store, projectId, { filename: `${marker}.txt`, text });
      await db
        .insertInto('chunks')
        .values({ id: newId(), projectId, documentId: doc.id, idx: 0, text, speaker: 'Participant', startOffset: 0, endOffset: text.length })
        .execute();
      const waiting = await insertDocument(store, projectId, { filename: `${marker}-waiting.txt`, status: 'awaiting_confirmation', creditCost: 1 });
      const D = `D${doc.counter}`;
      const category = (await w({ action: 'manage_categories', operation: 'create', text: `${marker} category` })).category;
      const category2 = (await w({ action: 'manage_categories', operation: 'create', text: `${marker} second category` })).category;
      const insight = (await w({ action: 'manage_insights', operation: 'create', categories: [category.id], text: `${marker} zebra insight`, documentId: D }))
        .insight;
      const tag = (
        await w({ action: 'manage_tags', operation: 'create', text: `${marker} tag`, documentIds: [D], insightIds: [insight.id], categoryIds: [category.id] })
      ).tag;
      const note = (await w({ action: 'create_note', targetType: 'document', targetId: D, text: `${marker} note` })).note;
      const field = (await w({ action: 'manage_metadata_fields', operation: 'create', text: `${marker} field` })).field;
      const field2 = (await w({ action: 'manage_metadata_fields', operation: 'create', text: `${marker} second field` })).field;
      await w({ action: 'set_metadata_values', documentId: D, values: [{ fieldId: field.id, text: `${marker} value` }] });
      const memo = await store.transaction(async (trx) => {
        const now = new Date().toISOString();
        const row = {
          id: newId(),
          projectId,
          counter: await nextCounter(trx, projectId, 'memoCounter'),
          kind: 'summary',
          title: `${marker} memo`,
          text: 'Short.',
          documentId: doc.id,
          fieldId: null,
          fieldValue: null,
          analysisId: null,
          createdAt: now,
          updatedAt: now,
        };
        await trx.insertInto('memos').values(row).execute();
        return row;
      });
      const uuidBy = async (table: 'insights' | 'notes', counter: string) =>
        (
          await db
            .selectFrom(table)
            .select('id')
            .where('projectId', '=', projectId)
            .where('counter', '=', Number(counter.slice(1)))
            .executeTakeFirstOrThrow()
        ).id;
      const uuidOf = async (table: 'categories' | 'tags' | 'metadataFields' | 'projects', shortId: string) =>
        (await db.selectFrom(table).select('id').where('shortId', '=', shortId).executeTakeFirstOrThrow()).id;
      const project = await db.selectFrom('projects').select(['id', 'shortId']).where('id', '=', projectId).executeTakeFirstOrThrow();
      // The project's owner, and a key of the project's own (fresh for each case, which may revoke it).
      const owner = await db
        .selectFrom('memberships')
        .select('userId')
        .where('projectId', '=', projectId)
        .where('role', '=', 'owner')
        .executeTakeFirstOrThrow();
      const key = (await issueProjectKey(db, { projectId, userId: owner.userId, access: 'read' })).row;
      // A finished run with a category of its own, so that actions taking a run's categories (use_as_codebook) have one.
      const analysis = await store.transaction(async (trx) => {
        const run = await createRun(trx, projectId, 'summaries', { granularity: 'default', strictMode: false, name: `${marker} run` });
        await trx.updateTable('analyses').set({ status: 'completed', finishedAt: run.createdAt }).where('id', '=', run.id).execute();
        const row = { ...newHashedRow('C'), projectId, text: `${marker} run category`, description: '', parentId: null, analysisId: run.id };
        await trx.insertInto('categories').values(row).execute();
        return { ...run, status: 'completed' };
      });
      return {
        projectId,
        marker,
        refs: {
          document: { uuid: doc.id, short: D },
          waiting: { uuid: waiting.id, short: `D${waiting.counter}` },
          insight: { uuid: await uuidBy('insights', insight.id), short: insight.id },
          note: { uuid: await uuidBy('notes', note.id), short: note.id },
          memo: { uuid: memo.id, short: `M${memo.counter}` },
          category: { uuid: await uuidOf('categories', category.id), short: category.id },
          category2: { uuid: await uuidOf('categories', category2.id), short: category2.id },
          tag: { uuid: await uuidOf('tags', tag.id), short: tag.id },
          field: { uuid: await uuidOf('metadataFields', field.id), short: field.id },
          field2: { uuid: await uuidOf('metadataFields', field2.id), short: field2.id },
          project: { uuid: project.id, short: project.shortId },
          account: { uuid: accountId, short: accountId },
          user: { uuid: owner.userId, short: owner.userId },
          key: { uuid: key.id, short: key.id },
          analysis: { uuid: analysis.id, short: analysis.id },
        },
      };
    }

    /** The rows of these projects, and every balance and ledger entry. */
    async function snapshot(projectIds: string[]) {
      const db = t.app.store.db;
      const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
      const out: Record<string, string[]> = {};
      for (const table of PROJECT_TABLES) out[table] = sorted(await db.selectFrom(table).selectAll().where('projectId', 'in', projectIds).execute());
      out.projects = sorted(await db.selectFrom('projects').selectAll().where('id', 'in', projectIds).execute());
      out.accounts = sorted(await db.selectFrom('accounts').selectAll().execute());
      out.partners = sorted(await db.selectFrom('partners').selectAll().execute());
      out.creditLedger = sorted(await db.selectFrom('creditLedger').selectAll().execute());
      return out;
    }

    /** The project the caller's own objects live in, and the credential it calls with. */
    const ownProject = (surface: Surface) => (surface === 'partner' ? worlds.partnerMain : worlds.main);
    const ownKey = (surface: Surface) => ({ read: f.readKey, write: f.editKey, account: f.accountKey, partner: secret })[surface];
    const editKeyOf = (surface: Surface) => (surface === 'partner' ? partnerMainKey : f.editKey);

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      // The caller's sibling project: same user, same account, another project.
      const { project: sibling } = await t.admin('create_project', { accountId: f.accountId, ownerUserId: f.userId, name: 'Sibling' });
      const siblingKey = (await t.admin('create_project_key', { projectId: sibling.id, userId: f.userId, access: 'edit' })).key;
      // A stranger: another user, account and project (created by no partner).
      const stranger = await seedProject(t);
      // Two partners, each with an account and a project of its own.
      const p = await t.admin('create_partner', { name: 'Partner', credits: 10_000 });
      const q = await t.admin('create_partner', { name: 'Other partner', credits: 10_000 });
      secret = p.secret;
      const partnerWorld = async (s: string, email: string) => {
        const account = (await ok(t.post(PARTNER, s, { action: 'create_account', email }))).account;
        const project = (await ok(t.post(PARTNER, s, { action: 'create_project', accountId: account.id, name: 'Partner study' }))).project;
        const owner = (await t.app.store.db.selectFrom('accounts').select('ownerUserId').where('id', '=', account.id).executeTakeFirstOrThrow()).ownerUserId;
        const key = (await t.admin('create_project_key', { projectId: project.id, userId: owner, access: 'edit' })).key;
        return { accountId: account.id as string, projectId: project.id as string, key: key as string };
      };
      const pm = await partnerWorld(p.secret, `own${rand()}@example.com`);
      const pq = await partnerWorld(q.secret, `other${rand()}@example.com`);
      partnerMainKey = pm.key;
      worlds.main = await buildWorld(f.projectId, f.accountId, f.editKey);
      worlds.partnerMain = await buildWorld(pm.projectId, pm.accountId, pm.key);
      worlds.sibling = await buildWorld(sibling.id, f.accountId, siblingKey);
      worlds.stranger = await buildWorld(stranger.projectId, stranger.accountId, stranger.editKey);
      worlds.otherPartner = await buildWorld(pq.projectId, pq.accountId, pq.key);

      // Credentials that must be refused.
      const { user: viewer } = await t.admin('create_user', { email: `viewer${rand()}@example.com` });
      const { account: viewerAccount } = await t.admin('create_account', { name: 'Viewer team', ownerUserId: viewer.id, credits: 100 });
      await t.admin('add_member', { projectId: f.projectId, userId: viewer.id, role: 'viewer' });
      cred['read key'] = f.readKey;
      cred["viewer's edit key"] = (await t.admin('create_project_key', { projectId: f.projectId, userId: viewer.id, access: 'edit' })).key;
      cred["viewer's account key"] = (await t.admin('create_account_key', { accountId: viewerAccount.id, userId: viewer.id })).key;
      const revoke = async (key: string) => {
        await t.admin('revoke_key', { key });
        return key;
      };
      cred['revoked read key'] = await revoke((await t.admin('create_project_key', { projectId: f.projectId, userId: f.userId, access: 'read' })).key);
      cred['revoked edit key'] = await revoke((await t.admin('create_project_key', { projectId: f.projectId, userId: f.userId, access: 'edit' })).key);
      cred['revoked account key'] = await revoke((await t.admin('create_account_key', { accountId: f.accountId, userId: f.userId })).key);
      cred['revoked partner secret'] = await revoke((await t.admin('create_partner', { name: 'Revoked partner', credits: 10_000 })).secret);
    });
    afterAll(() => t?.close());

    describe.each(CASES.map((c) => [caseName(c), c] as const))('%s', (_name, c) => {
      let own: World;
      beforeAll(async () => {
        // Fresh objects for this case, so that its own-id request may change or delete them.
        const project = ownProject(c.surface);
        own = await buildWorld(project.projectId, project.refs.account.uuid, editKeyOf(c.surface));
      });

      const attempts = c.foreign.flatMap((w) => formsOf(c.kind).map((form) => [w, form] as const));

      if (c.mode === 'filter') {
        it.each(attempts)('a document of the %s project (%s form) in filters matches nothing and shows nothing of it', async (w, form) => {
          const other = worlds[w];
          const before = await snapshot([own.projectId, other.projectId]);
          const res = await call(c.surface, ownKey(c.surface), c.body(idsOf(own, 'short'), idsOf(other, form)));
          expect(res.statusCode, res.body).toBe(200);
          const answer = res.json();
          const list = Object.values(answer).find(Array.isArray);
          expect(list, res.body).toEqual([]);
          expect(res.body).not.toContain(other.marker);
          expect(res.body).not.toContain(other.refs.document.uuid);
          expect(await snapshot([own.projectId, other.projectId])).toEqual(before);
        });
        it("the same request with its own document shows that document's objects", async () => {
          const res = await call(c.surface, ownKey(c.surface), c.body(idsOf(own, 'short'), idsOf(own, 'short')));
          expect(res.statusCode, res.body).toBe(200);
          expect(Object.values(res.json()).find(Array.isArray)).not.toEqual([]);
          expect(res.body).toContain(own.marker);
        });
        return;
      }

      it.each(attempts)('an id of the %s project (%s form) answers 404, as an id of nothing, and changes nothing', async (w, form) => {
        const other = worlds[w];
        const o = idsOf(own, 'short');
        const before = await snapshot([own.projectId, other.projectId]);
        const res = await call(c.surface, ownKey(c.surface), c.body(o, idsOf(other, form)));
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ error: expect.any(String) });
        expect(res.body).not.toContain(other.marker);
        // No existence oracle: the answer reads as the answer for an id that names nothing.
        const ghost = await call(c.surface, ownKey(c.surface), c.body(o, idsOf(ghostWorld(), form)));
        expect(ghost.statusCode, ghost.body).toBe(404);
        expect(normalise(res.json().error)).toBe(normalise(ghost.json().error));
        expect(await snapshot([own.projectId, other.projectId])).toEqual(before);
      });

      // Last: it may change or delete this case's objects.
      it('the same request with its own ids answers 200', async () => {
        const res = await call(c.surface, ownKey(c.surface), c.body(idsOf(own, 'short'), idsOf(own, 'short')));
        expect(res.statusCode, res.body).toBe(200);
      });
    });

    const ACTIONS = [...new Map(DECLARED.map((d) => [`${d.surface} ${d.action}`, d])).values()];
    describe.each(ACTIONS.map((a) => [`${a.surface} ${a.action}`, a] as const))('%s', (_name, a) => {
      const rules = refusedCredentials(a.surface, a.action);
      it.each(rules)('with a %s answers %i and changes nothing', async (credential, status) => {
        const c = CASES.find((x) => x.surface === a.surface && x.action === a.action);
        expect(c, 'add a case to CASES in this file').toBeDefined();
        const own = ownProject(a.surface);
        const body = c!.body(idsOf(own, 'short'), idsOf(own, 'short'));
        const before = await snapshot([own.projectId]);
        const res = await call(a.surface, cred[credential], body);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toEqual({ error: expect.any(String) });
        expect(await snapshot([own.projectId])).toEqual(before);
      });
    });

    describe.each(UPLOAD_CASES.map((u) => [`${u.route} upload ?projectId`, u] as const))('%s', (_name, u) => {
      const url = (projectId: string) => `${UPLOAD_PATHS[u.route]}?projectId=${encodeURIComponent(projectId)}`;
      const upload = (projectId: string, key: string) => {
        const body = multipart([{ filename: 'upload.txt', content: 'Participant: uploaded.' }]);
        return t.app.server.inject({
          method: 'POST',
          url: url(projectId),
          headers: { authorization: `Bearer ${key}`, 'content-type': body.contentType },
          payload: body.payload,
        });
      };
      const key = () => (u.route === 'partner' ? secret : f.accountKey);
      const own = () => (u.route === 'partner' ? worlds.partnerMain : worlds.main);

      it.each(u.foreign.flatMap((w) => formsOf('project').map((form) => [w, form] as const)))(
        'a project of the %s world (%s form) answers 404, as a project that does not exist, and changes nothing',
        async (w, form) => {
          const other = worlds[w];
          const before = await snapshot([own().projectId, other.projectId]);
          const res = await upload(other.refs.project[form], key());
          expect(res.statusCode, res.body).toBe(404);
          const ghost = await upload(ghostWorld().refs.project[form], key());
          expect(ghost.statusCode).toBe(404);
          expect(normalise(res.json().error)).toBe(normalise(ghost.json().error));
          expect(await snapshot([own().projectId, other.projectId])).toEqual(before);
        },
      );

      const refused: [Cred, 401 | 403][] =
        u.route === 'account'
          ? [
              ["viewer's account key", 403],
              ['revoked account key', 401],
            ]
          : [['revoked partner secret', 401]];
      it.each(refused)('with a %s answers %i and changes nothing', async (credential, status) => {
        const before = await snapshot([own().projectId]);
        const res = await upload(own().refs.project.short, cred[credential]);
        expect(res.statusCode, res.body).toBe(status);
        expect(await snapshot([own().projectId])).toEqual(before);
      });

      it('its own project answers 200', async () => {
        expect((await upload(own().refs.project.short, key())).statusCode).toBe(200);
      });
    });
  });
});
