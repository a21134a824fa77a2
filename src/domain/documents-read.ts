import type { ProjectScope } from './context.js';
import type { ReadBody, ReadAnswer } from '../schema/types.js';
import type { Db, Store } from '../store/store.js';
import { resolveDocument } from './resolve.js';
import { matchDocuments } from './filters.js';
import { documentViews, type DocumentView } from './views/document-view.js';
import { LRUCache } from 'lru-cache';

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
 * The last listing of each project, reused while nothing it shows may have changed: building one
 * reads every document's row, tags and metadata values, about 15 ms for 1,000 documents, and
 * repeated reads are the common case. Two stamps decide. The store's change stamp is the cheapest
 * (no table read) but moves with any write anywhere; when it moved, the project's listing log
 * (migration 008: one row per write to its documents, their tags or metadata, kept by triggers)
 * says whether the write was this project's. So writes to other projects, or to other databases
 * of the same server, cost one indexed query and no rebuild. Requests that miss together share
 * one build. The records are shared between answers: never modify them.
 */
interface Kept {
  store: string;
  project: string;
  listing: Promise<Listing>;
}
const listings = new WeakMap<Db, LRUCache<string, Kept>>();
const MAX_PROJECTS = 16;

/**
 * How many rows the project's log holds and the last one's id. The count matters beside the id:
 * PostgreSQL numbers rows before they commit, so a write committed after a later-numbered one
 * leaves the last id as it was, but not the count.
 */
async function listingStamp(db: Db, projectId: string): Promise<string> {
  const row = await db
    .selectFrom('listingChanges')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.last ?? ''}`;
}

async function projectListing(store: Store, projectId: string): Promise<Listing> {
  // Both read before the rows: a write that lands meanwhile changes what the next request reads.
  const storeStamp = await store.changeStamp();
  let cache = listings.get(store.db);
  if (!cache) {
    cache = new LRUCache({ max: MAX_PROJECTS });
    listings.set(store.db, cache);
  }
  const kept = cache.get(projectId);
  if (kept?.store === storeStamp) return kept.listing;
  const projectStamp = await listingStamp(store.db, projectId);
  if (kept?.project === projectStamp) {
    kept.store = storeStamp;
    return kept.listing;
  }
  const entry: Kept = { store: storeStamp, project: projectStamp, listing: buildListing(store.db, projectId) };
  cache.set(projectId, entry);
  const current = cache;
  entry.listing.catch(() => {
    if (current.get(projectId) === entry) current.delete(projectId);
  });
  return entry.listing;
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
