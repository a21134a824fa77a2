import type { ProjectScope } from './context.js';
import type { ReadBody } from '../schema/types.js';
import { resolveDocument } from './resolve.js';
import { matchDocuments } from './filters.js';
import { documentViews } from './views/document-view.js';

/** `get_documents`: one document by `id`, or every document the filters keep, in creation order. */
export async function getDocuments(scope: ProjectScope, body: ReadBody<'get_documents'>): Promise<Record<string, unknown>> {
  const db = scope.store.db;
  const projectId = scope.project.id;
  if (body.id !== undefined) {
    const [document] = await documentViews(db, [await resolveDocument(db, projectId, body.id)]);
    return { document };
  }
  const keep = await matchDocuments(db, projectId, body.filters);
  // Never the documents' text: a listing must not read every document whole.
  const rows = await db.selectFrom('documents')
    .select(['id', 'counter', 'filename', 'status', 'pipeline', 'creditCost', 'wordCount', 'error', 'createdAt', 'updatedAt', 'duplicateOf'])
    .where('projectId', '=', projectId).orderBy('createdAt').orderBy('counter').execute();
  const kept = keep === null ? rows : rows.filter((d) => keep.has(d.id));
  return { documents: await documentViews(db, kept) };
}
