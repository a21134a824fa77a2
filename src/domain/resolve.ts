import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { parseCounterRef, parseHashRef, type CounterPrefix, type HashPrefix } from './ids.js';
import { notFound } from './errors.js';

/**
 * Resolving id inputs of every accepted form to rows of one project. A malformed id and an id
 * of another project both answer 404, like an id that names nothing (decisions §3).
 */
type CounterTable = 'documents' | 'insights' | 'memos' | 'notes';
type HashTable = 'categories' | 'tags' | 'metadataFields';

const COUNTER_PREFIX: Record<CounterTable, CounterPrefix> = { documents: 'D', insights: 'I', memos: 'M', notes: 'N' };
const HASH_PREFIX: Record<HashTable, HashPrefix> = { categories: 'C', tags: 'T', metadataFields: 'F' };
const NAME: Record<CounterTable | HashTable, string> = {
  documents: 'document',
  insights: 'insight',
  memos: 'memo',
  notes: 'note',
  categories: 'category',
  tags: 'tag',
  metadataFields: 'metadata field',
};

async function findByCounter<T extends CounterTable>(db: DbOrTx, table: T, projectId: string, input: string): Promise<Row<T> | null> {
  const ref = parseCounterRef(COUNTER_PREFIX[table], input);
  if (!ref) return null;
  // The union of tables defeats Kysely's column inference; the columns exist on all four.
  const q = (db as DbOrTx)
    .selectFrom(table as 'documents')
    .selectAll()
    .where('projectId', '=', projectId);
  const row = ref.by === 'uuid' ? await q.where('id', '=', ref.value).executeTakeFirst() : await q.where('counter', '=', Number(ref.value)).executeTakeFirst();
  return (row as Row<T> | undefined) ?? null;
}

async function findByHash<T extends HashTable>(db: DbOrTx, table: T, projectId: string, input: string): Promise<Row<T> | null> {
  const ref = parseHashRef(HASH_PREFIX[table], input);
  if (!ref) return null;
  const q = (db as DbOrTx)
    .selectFrom(table as 'tags')
    .selectAll()
    .where('projectId', '=', projectId);
  const row = ref.by === 'uuid' ? await q.where('id', '=', ref.value).executeTakeFirst() : await q.where('shortId', '=', String(ref.value)).executeTakeFirst();
  return (row as Row<T> | undefined) ?? null;
}

const must = <R>(row: R | null, table: CounterTable | HashTable, input: string): R => {
  if (!row) throw notFound(NAME[table], input);
  return row;
};

export const findDocument = (db: DbOrTx, projectId: string, input: string) => findByCounter(db, 'documents', projectId, input);
export const findInsight = (db: DbOrTx, projectId: string, input: string) => findByCounter(db, 'insights', projectId, input);
export const findCategory = (db: DbOrTx, projectId: string, input: string) => findByHash(db, 'categories', projectId, input);
export const findTag = (db: DbOrTx, projectId: string, input: string) => findByHash(db, 'tags', projectId, input);
export const findField = (db: DbOrTx, projectId: string, input: string) => findByHash(db, 'metadataFields', projectId, input);

export const resolveDocument = async (db: DbOrTx, projectId: string, input: string) => must(await findDocument(db, projectId, input), 'documents', input);
export const resolveInsight = async (db: DbOrTx, projectId: string, input: string) => must(await findInsight(db, projectId, input), 'insights', input);
export const resolveMemo = async (db: DbOrTx, projectId: string, input: string) => must(await findByCounter(db, 'memos', projectId, input), 'memos', input);
/** Wherever a category or tag is named, its id or its text is accepted (decisions §7). */
export const resolveCategory = async (db: DbOrTx, projectId: string, input: string) =>
  must(await findCategoryByIdOrText(db, projectId, input), 'categories', input);
export const resolveTag = async (db: DbOrTx, projectId: string, input: string) => must(await findTagByIdOrText(db, projectId, input), 'tags', input);
export const resolveField = async (db: DbOrTx, projectId: string, input: string) => must(await findField(db, projectId, input), 'metadataFields', input);

/** Categories and tags may also be named by their text (decisions §7): id first, then exact text, then case-insensitive text. */
export async function findCategoryByIdOrText(db: DbOrTx, projectId: string, input: string): Promise<Row<'categories'> | null> {
  const byId = await findCategory(db, projectId, input);
  if (byId) return byId;
  const rows = await db.selectFrom('categories').selectAll().where('projectId', '=', projectId).orderBy('createdAt').orderBy('id').execute();
  return rows.find((r) => r.text === input) ?? rows.find((r) => r.text.toLowerCase() === input.trim().toLowerCase()) ?? null;
}

export async function findTagByIdOrText(db: DbOrTx, projectId: string, input: string): Promise<Row<'tags'> | null> {
  const byId = await findTag(db, projectId, input);
  if (byId) return byId;
  const rows = await db.selectFrom('tags').selectAll().where('projectId', '=', projectId).orderBy('createdAt').orderBy('id').execute();
  return rows.find((r) => r.text === input) ?? rows.find((r) => r.text.toLowerCase() === input.trim().toLowerCase()) ?? null;
}

/** Short forms for output on the read and write surfaces. */
export const shortOf = {
  document: (r: { counter: number }) => `D${r.counter}`,
  insight: (r: { counter: number }) => `I${r.counter}`,
  memo: (r: { counter: number }) => `M${r.counter}`,
  note: (r: { counter: number }) => `N${r.counter}`,
};
