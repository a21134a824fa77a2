import type { ProjectScope } from './context.js';
import type { ReadBody, ReadAnswer } from '../schema/types.js';
import { resolveDocument, shortOf } from './resolve.js';

const HEAD_CHARS = 200;
const head = (text: string) => (text.length <= HEAD_CHARS ? text : `${text.slice(0, HEAD_CHARS).trimEnd()}…`);

/** `read_document`: a page of the document's chunks (decisions §7), each with its speaker and role (a transcript's turn, issue 44). */
export async function readDocument(scope: ProjectScope, body: ReadBody<'read_document'>) {
  const db = scope.store.db;
  const doc = await resolveDocument(db, scope.project.id, body.documentId);
  const offset = body.offset ?? 0;
  const limit = body.limit ?? 10;
  const total = await db
    .selectFrom('chunks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('documentId', '=', doc.id)
    .executeTakeFirstOrThrow();
  const totalChunks = Number(total.n);
  const rows = await db
    .selectFrom('chunks')
    .select(['idx', 'text', 'speaker', 'role'])
    .where('documentId', '=', doc.id)
    .where('idx', '>=', offset)
    .orderBy('idx')
    .limit(limit)
    .execute();
  const next = offset + rows.length;
  return {
    document: { id: shortOf.document(doc), filename: doc.filename, status: doc.status },
    chunks: rows.map((r) => ({ index: Number(r.idx), text: r.text, speaker: r.speaker, role: r.role })),
    totalChunks,
    offset,
    nextOffset: next < totalChunks ? next : null,
  };
}

const VERIFY_CAP = 1000;

/**
 * `verify_context`: the documents and/or insights at counter positions `from`..`to` (1-based,
 * inclusive; a negative `to` counts back from the highest counter, -1 being it), with the head
 * of their text, so that a client can check the ids it holds. At most 1000 of each.
 */
export async function verifyContext(scope: ProjectScope, body: ReadBody<'verify_context'>): Promise<ReadAnswer<'verify_context'>> {
  const db = scope.store.db;
  const type = body.type ?? 'all';
  const from = body.from ?? 1;
  const to = body.to ?? -1;
  const range = (max: number) => ({ lo: from, hi: to < 0 ? max + 1 + to : to });
  const counters = await db.selectFrom('projects').select(['documentCounter', 'insightCounter']).where('id', '=', scope.project.id).executeTakeFirstOrThrow();
  const out: ReadAnswer<'verify_context'> = { type, from, to };
  if (type === 'documents' || type === 'all') {
    const { lo, hi } = range(Number(counters.documentCounter));
    const rows =
      hi < lo
        ? []
        : await db
            .selectFrom('documents')
            .select(['counter', 'filename', 'status', 'text'])
            .where('projectId', '=', scope.project.id)
            .where('counter', '>=', lo)
            .where('counter', '<=', hi)
            .orderBy('counter')
            .limit(VERIFY_CAP + 1)
            .execute();
    out.documents = rows.slice(0, VERIFY_CAP).map((d) => ({ id: shortOf.document(d), filename: d.filename, status: d.status, head: head(d.text ?? '') }));
    out.documentRange = { from: lo, to: hi, truncated: rows.length > VERIFY_CAP };
  }
  if (type === 'insights' || type === 'all') {
    const { lo, hi } = range(Number(counters.insightCounter));
    const rows =
      hi < lo
        ? []
        : await db
            .selectFrom('insights')
            .leftJoin('documents', 'documents.id', 'insights.documentId')
            .select(['insights.counter as counter', 'insights.text as text', 'documents.counter as documentCounter'])
            .where('insights.projectId', '=', scope.project.id)
            .where('insights.counter', '>=', lo)
            .where('insights.counter', '<=', hi)
            .orderBy('insights.counter')
            .limit(VERIFY_CAP + 1)
            .execute();
    out.insights = rows.slice(0, VERIFY_CAP).map((i) => ({
      id: shortOf.insight(i),
      head: head(i.text),
      documentId: i.documentCounter === null ? null : `D${i.documentCounter}`,
    }));
    out.insightRange = { from: lo, to: hi, truncated: rows.length > VERIFY_CAP };
  }
  return out;
}
