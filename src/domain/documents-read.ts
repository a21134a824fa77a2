import type { ProjectScope } from './context.js';
import type { ReadBody, ReadAnswer } from '../schema/types.js';
import type { Db, Store } from '../store/store.js';
import { resolveDocument } from './resolve.js';
import { matchDocuments } from './filters.js';
import { documentViews, type DocumentView } from './views/document-view.js';

/** `get_documents`: one document by `id`, or every document the filters keep, in creation order. */
export async function getDocuments(scope: ProjectScope, body: ReadBody<'get_documents'>): Promise<ReadAnswer<'get_documents'>> {
  const db = scope.store.db;
  const projectId = scope.project.id;
  if (body.id !== undefined) {
    const [document] = await documentViews(db, [await resolveDocument(db, projectId, body.id)]);
    return { document };
  }
  const keep = await matchDocuments(db, projectId, body.filters);
  const { ids, views } = await projectListing(scope.store, projectId);
  return { documents: keep === null ? [...views] : views.filter((_, i) => keep.has(ids[i]!)) };
}

/** Every document record of a project, beside the documents' UUIDs (for the filters), in the same order. */
interface Listing {
  ids: string[];
  views: DocumentView[];
}

/**
 * The last listing of each project, reused while the store's change stamp stays the same (no
 * write anywhere since): building one reads every document's row, tags and metadata values,
 * about 15 ms for 1,000 documents, and repeated reads are the common case. Requests that miss
 * together share one build. The records are shared between answers: never modify them.
 */
const listings = new WeakMap<Db, { stamp: string; byProject: Map<string, Promise<Listing>> }>();
const MAX_PROJECTS = 16;

async function projectListing(store: Store, projectId: string): Promise<Listing> {
  // Read before the rows: a write that lands meanwhile changes the stamp the next request sees.
  const stamp = await store.changeStamp();
  let cache = listings.get(store.db);
  if (cache?.stamp !== stamp) {
    cache = { stamp, byProject: new Map() };
    listings.set(store.db, cache);
  }
  const cached = cache.byProject.get(projectId);
  if (cached) return cached;
  const building = buildListing(store.db, projectId);
  if (cache.byProject.size >= MAX_PROJECTS) cache.byProject.delete(cache.byProject.keys().next().value!);
  cache.byProject.set(projectId, building);
  const current = cache;
  building.catch(() => {
    if (current.byProject.get(projectId) === building) current.byProject.delete(projectId);
  });
  return building;
}

async function buildListing(db: Db, projectId: string): Promise<Listing> {
  // Never the documents' text: a listing must not read every document whole.
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'counter', 'filename', 'status', 'pipeline', 'creditCost', 'wordCount', 'error', 'createdAt', 'updatedAt', 'duplicateOf'])
    .where('projectId', '=', projectId)
    .orderBy('createdAt')
    .orderBy('counter')
    .execute();
  return { ids: rows.map((r) => r.id), views: await documentViews(db, rows) };
}
