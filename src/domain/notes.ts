import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody, ReadAnswer, WriteAnswer } from '../schema/types.js';
import type { DbOrTx, Tx } from '../store/store.js';
import type { NoteTargetType, Row } from '../store/tables.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import { nextCounter } from './projects.js';
import { resolveCategory, resolveDocument, resolveInsight, findCategoryByIdOrText } from './resolve.js';
import { matchDocuments, matchInsights } from './filters.js';
import { inBatches } from '../store/in-batches.js';

/** A note row on a target already resolved to its UUID, with the project's next note counter. */
export async function insertNote(
  trx: Tx,
  projectId: string,
  targetType: Row<'notes'>['targetType'],
  targetId: string,
  text: string,
  authorUserId: string | null,
) {
  const note: Row<'notes'> = {
    id: newId(),
    projectId,
    counter: await nextCounter(trx, projectId, 'noteCounter'),
    targetType,
    targetId,
    text,
    authorUserId,
    createdAt: nowIso(),
  };
  await trx.insertInto('notes').values(note).execute();
  return note;
}

/**
 * Notes on a document, an insight (`documentInsight`) or a category (`insightCategory`).
 * Answers name the target by its short form.
 */
async function noteViews(db: DbOrTx, notes: Row<'notes'>[]) {
  const ids = (type: NoteTargetType) => notes.filter((n) => n.targetType === type).map((n) => n.targetId);
  const short = new Map<string, string>();
  for (const d of await inBatches(ids('document'), (s) => db.selectFrom('documents').select(['id', 'counter']).where('id', 'in', s).execute()))
    short.set(d.id, `D${d.counter}`);
  for (const i of await inBatches(ids('documentInsight'), (s) => db.selectFrom('insights').select(['id', 'counter']).where('id', 'in', s).execute()))
    short.set(i.id, `I${i.counter}`);
  for (const c of await inBatches(ids('insightCategory'), (s) => db.selectFrom('categories').select(['id', 'shortId']).where('id', 'in', s).execute()))
    short.set(c.id, c.shortId);
  // A note goes with its target; one whose target vanished between two reads is left out.
  return notes.flatMap((n) => {
    const targetId = short.get(n.targetId);
    return targetId === undefined ? [] : [{ id: `N${n.counter}`, targetType: n.targetType, targetId, text: n.text, createdAt: n.createdAt }];
  });
}

export async function createNote(scope: ProjectScope, body: WriteBody<'create_note'>): Promise<WriteAnswer<'create_note'>> {
  const projectId = scope.project.id;
  return scope.store.transaction(async (trx) => {
    const target =
      body.targetType === 'document'
        ? await resolveDocument(trx, projectId, body.targetId)
        : body.targetType === 'documentInsight'
          ? await resolveInsight(trx, projectId, body.targetId)
          : await resolveCategory(trx, projectId, body.targetId);
    const note = await insertNote(trx, projectId, body.targetType, target.id, body.text, scope.userId);
    const [view] = await noteViews(trx, [note]);
    if (!view) throw new Error('a note just inserted has no target');
    return { note: view };
  });
}

/** Categories named in the filter and everything below them. */
async function categoriesNamed(db: DbOrTx, projectId: string, names: string[]): Promise<Set<string>> {
  const all = await db.selectFrom('categories').select(['id', 'parentId']).where('projectId', '=', projectId).execute();
  const out = new Set<string>();
  const stack: string[] = [];
  for (const n of names) {
    const c = await findCategoryByIdOrText(db, projectId, n);
    if (c) stack.push(c.id);
  }
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    for (const c of all) if (c.parentId === id) stack.push(c.id);
  }
  return out;
}

/** `get_notes`: notes whose target is a document, insight or category the filters keep. */
export async function getNotes(scope: ProjectScope, body: ReadBody<'get_notes'>): Promise<ReadAnswer<'get_notes'>> {
  const db = scope.store.db;
  const projectId = scope.project.id;
  const notes = await db.selectFrom('notes').selectAll().where('projectId', '=', projectId).orderBy('counter').execute();
  const docs = await matchDocuments(db, projectId, body.filters);
  const insights = await matchInsights(db, projectId, body.filters);
  const categories = body.filters?.categories?.length ? await categoriesNamed(db, projectId, body.filters.categories) : null;
  const kept = notes.filter((n) => {
    if (n.targetType === 'document') return docs === null || docs.has(n.targetId);
    if (n.targetType === 'documentInsight') return insights === null || insights.has(n.targetId);
    return (docs === null && insights === null) || categories?.has(n.targetId);
  });
  return { notes: await noteViews(db, kept) };
}
