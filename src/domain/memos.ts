import type { ProjectScope } from './context.js';
import type { ReadBody, ReadAnswer } from '../schema/types.js';
import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { resolveMemo } from './resolve.js';

/** Memos are written by analyses (summaries); the read surface lists them with short ids. */
async function memoViews(db: DbOrTx, projectId: string, memos: Row<'memos'>[]) {
  const docs = await db.selectFrom('documents').select(['id', 'counter']).where('projectId', '=', projectId).execute();
  const fields = await db.selectFrom('metadataFields').select(['id', 'shortId']).where('projectId', '=', projectId).execute();
  const docShort = new Map(docs.map((d) => [d.id, `D${d.counter}`]));
  const fieldShort = new Map(fields.map((f) => [f.id, f.shortId]));
  return memos.map((m) => ({
    id: `M${m.counter}`,
    kind: m.kind,
    title: m.title,
    text: m.text,
    documentId: m.documentId ? (docShort.get(m.documentId) ?? null) : null,
    fieldId: m.fieldId ? (fieldShort.get(m.fieldId) ?? null) : null,
    value: m.fieldValue,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  }));
}

export async function getMemos(scope: ProjectScope, body: ReadBody<'get_memos'>): Promise<ReadAnswer<'get_memos'>> {
  const db = scope.store.db;
  if (body.id !== undefined) {
    const memo = await resolveMemo(db, scope.project.id, body.id);
    return { memo: (await memoViews(db, scope.project.id, [memo]))[0] };
  }
  const memos = await db.selectFrom('memos').selectAll().where('projectId', '=', scope.project.id).orderBy('counter').execute();
  return { memos: await memoViews(db, scope.project.id, memos) };
}
