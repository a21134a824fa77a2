import type { DbOrTx, Tx } from '../store/store.js';
import type { Pipeline, Role, Row } from '../store/tables.js';
import { newId, parseHashRef, shortHash } from './ids.js';
import { nowIso } from './clock.js';
import { notFound } from './errors.js';

export interface NewProject {
  accountId: string;
  ownerUserId: string;
  name: string;
  locale?: string;
  description?: string;
  createdByPartnerId?: string | null;
  /** The id to give it, when its files were stored under that id before it existed. */
  id?: string;
}

/** Creates a project and makes `ownerUserId` its owner. Must run in a transaction. */
export async function createProject(trx: Tx, input: NewProject): Promise<Row<'projects'>> {
  const account = await trx.selectFrom('accounts').select('id').where('id', '=', input.accountId).executeTakeFirst();
  if (!account) throw notFound('account', input.accountId);
  const user = await trx.selectFrom('users').select('id').where('id', '=', input.ownerUserId).executeTakeFirst();
  if (!user) throw notFound('user', input.ownerUserId);
  const id = input.id ?? newId();
  const now = nowIso();
  const row: Row<'projects'> = {
    id,
    shortId: shortHash('P', id),
    accountId: input.accountId,
    name: input.name,
    locale: input.locale ?? 'en',
    description: input.description ?? '',
    pipeline: 'standard',
    createdByPartnerId: input.createdByPartnerId ?? null,
    documentCounter: 0,
    insightCounter: 0,
    memoCounter: 0,
    noteCounter: 0,
    createdAt: now,
    updatedAt: now,
  };
  await trx.insertInto('projects').values(row).execute();
  await trx.insertInto('memberships').values({ projectId: id, userId: input.ownerUserId, role: 'owner', createdAt: now }).execute();
  return row;
}

/** Finds a project by UUID or `P` short id; null when the input names none. */
export async function findProject(db: DbOrTx, input: string): Promise<Row<'projects'> | null> {
  const ref = parseHashRef('P', input);
  if (!ref) return null;
  const q = db.selectFrom('projects').selectAll();
  const row = ref.by === 'uuid' ? await q.where('id', '=', ref.value).executeTakeFirst() : await q.where('shortId', '=', String(ref.value)).executeTakeFirst();
  return row ?? null;
}

export async function getProjectById(db: DbOrTx, id: string): Promise<Row<'projects'>> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('project', id);
  return row;
}

export async function resolveProject(db: DbOrTx, input: string): Promise<Row<'projects'>> {
  const row = await findProject(db, input);
  if (!row) throw notFound('project', input);
  return row;
}

/** Read/write surfaces: short ids only. */
export function projectView(p: Row<'projects'>) {
  return {
    id: p.shortId,
    name: p.name,
    locale: p.locale,
    description: p.description,
    pipeline: p.pipeline,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** Account/partner/operator surfaces: raw UUIDs, plus the short id for convenience. */
export function projectViewRaw(p: Row<'projects'>) {
  return {
    id: p.id,
    shortId: p.shortId,
    accountId: p.accountId,
    name: p.name,
    locale: p.locale,
    description: p.description,
    pipeline: p.pipeline,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

export async function setProjectPipeline(db: DbOrTx, projectId: string, pipeline: Pipeline): Promise<Row<'projects'>> {
  await db.updateTable('projects').set({ pipeline, updatedAt: nowIso() }).where('id', '=', projectId).execute();
  return getProjectById(db, projectId);
}

export async function roleOf(db: DbOrTx, projectId: string, userId: string): Promise<Role | null> {
  const m = await db.selectFrom('memberships').select('role').where('projectId', '=', projectId).where('userId', '=', userId).executeTakeFirst();
  return m?.role ?? null;
}

export const canWrite = (role: Role | null): boolean => role === 'owner' || role === 'admin';

/** Adds or changes a membership. */
export async function setMember(db: DbOrTx, projectId: string, userId: string, role: Role) {
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('user', userId);
  const now = nowIso();
  // One statement, so that two concurrent calls for one member cannot both insert.
  await db
    .insertInto('memberships')
    .values({ projectId, userId, role, createdAt: now })
    .onConflict((oc) => oc.columns(['projectId', 'userId']).doUpdateSet({ role }))
    .execute();
  return { projectId, userId, role };
}

/** Takes the next per-project counter for D/I/M/N ids. Must run in a transaction. */
export async function nextCounter(trx: Tx, projectId: string, column: 'documentCounter' | 'insightCounter' | 'memoCounter' | 'noteCounter'): Promise<number> {
  const row = await trx
    .updateTable('projects')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', projectId)
    .returning(column)
    .executeTakeFirstOrThrow();
  return Number((row as Record<string, number>)[column]);
}
