import type { DbOrTx } from '../store/store.js';
import type { FiltersInput } from '../schema/common.js';
import { findCategoryByIdOrText, findDocument, findTagByIdOrText } from './resolve.js';
import { fieldsNamed, metadataValueMatches } from './metadata-match.js';

/**
 * The shared `filters` object (spec "Shared filter object", decisions §7): values inside one
 * member are OR-ed, members are AND-ed, `exclude*` members remove. Tags and categories are named
 * by id or text; a name that matches nothing matches no item. Matchers answer a set of UUIDs,
 * or null when the filters restrict nothing.
 */
export type IdSet = Set<string> | null;

const hasAny = (f: FiltersInput | undefined): f is FiltersInput => !!f && Object.values(f).some((v) => Array.isArray(v) && v.length > 0);

const intersect = (a: IdSet, b: Set<string>): Set<string> => (a === null ? new Set(b) : new Set([...a].filter((x) => b.has(x))));

/** Ids of a category and all its descendants. */
async function categoryClosure(db: DbOrTx, projectId: string, names: string[]): Promise<Set<string>> {
  const roots: string[] = [];
  for (const n of names) {
    const c = await findCategoryByIdOrText(db, projectId, n);
    if (c) roots.push(c.id);
  }
  if (roots.length === 0) return new Set();
  const all = await db.selectFrom('categories').select(['id', 'parentId']).where('projectId', '=', projectId).execute();
  const children = new Map<string, string[]>();
  for (const c of all) if (c.parentId) children.set(c.parentId, [...(children.get(c.parentId) ?? []), c.id]);
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

export async function tagIds(db: DbOrTx, projectId: string, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const n of names) {
    const t = await findTagByIdOrText(db, projectId, n);
    if (t) ids.push(t.id);
  }
  return ids;
}

export async function targetsOfTags(db: DbOrTx, tags: string[], type: 'document' | 'insight' | 'category'): Promise<Set<string>> {
  if (tags.length === 0) return new Set();
  const rows = await db.selectFrom('tagTargets').select('targetId').where('tagId', 'in', tags).where('targetType', '=', type).execute();
  return new Set(rows.map((r) => r.targetId));
}

async function insightsInCategories(db: DbOrTx, categoryIds: Set<string>): Promise<Set<string>> {
  if (categoryIds.size === 0) return new Set();
  const rows = await db
    .selectFrom('insightCategories')
    .select('insightId')
    .where('categoryId', 'in', [...categoryIds])
    .execute();
  return new Set(rows.map((r) => r.insightId));
}

async function documentsOfInsights(db: DbOrTx, insightIds: Set<string>): Promise<Set<string>> {
  if (insightIds.size === 0) return new Set();
  const out = new Set<string>();
  const ids = [...insightIds];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('insights')
      .select('documentId')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.documentId) out.add(r.documentId);
  }
  return out;
}

/** Documents with a value matching any of the pairs (the metadata member's rule). */
export async function documentsMatchingMetadata(db: DbOrTx, projectId: string, pairs: { field: string; value: string }[]): Promise<Set<string>> {
  const fields = await db.selectFrom('metadataFields').selectAll().where('projectId', '=', projectId).execute();
  const out = new Set<string>();
  for (const pair of pairs) {
    const ids = fieldsNamed(fields, pair.field).map((f) => f.id);
    if (ids.length === 0) continue;
    const values = await db.selectFrom('metadataValues').select(['documentId', 'text', 'shortName']).where('fieldId', 'in', ids).execute();
    for (const v of values) if (metadataValueMatches(pair.value, v)) out.add(v.documentId);
  }
  return out;
}

async function documentIdsNamed(db: DbOrTx, projectId: string, inputs: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const input of inputs) {
    const d = await findDocument(db, projectId, input);
    if (d) out.add(d.id);
  }
  return out;
}

/** Documents (UUIDs) the filters keep. A category filter keeps documents with an insight in it or below it. */
export async function matchDocuments(db: DbOrTx, projectId: string, f: FiltersInput | undefined): Promise<IdSet> {
  if (!hasAny(f)) return null;
  let keep: IdSet = null;
  if (f.tags?.length) keep = intersect(keep, await targetsOfTags(db, await tagIds(db, projectId, f.tags), 'document'));
  if (f.categories?.length)
    keep = intersect(keep, await documentsOfInsights(db, await insightsInCategories(db, await categoryClosure(db, projectId, f.categories))));
  if (f.metadata?.length) keep = intersect(keep, await documentsMatchingMetadata(db, projectId, f.metadata));
  if (f.documentIds?.length) keep = intersect(keep, await documentIdsNamed(db, projectId, f.documentIds));
  if (keep === null) keep = new Set((await db.selectFrom('documents').select('id').where('projectId', '=', projectId).execute()).map((r) => r.id));
  if (f.excludeTags?.length) for (const id of await targetsOfTags(db, await tagIds(db, projectId, f.excludeTags), 'document')) keep.delete(id);
  if (f.excludeCategories?.length) {
    for (const id of await documentsOfInsights(db, await insightsInCategories(db, await categoryClosure(db, projectId, f.excludeCategories)))) keep.delete(id);
  }
  return keep;
}

/**
 * Insights (UUIDs) the filters keep. Tags match an insight tagged itself or through its
 * document; metadata and documentIds apply to the insight's document.
 */
export async function matchInsights(db: DbOrTx, projectId: string, f: FiltersInput | undefined): Promise<IdSet> {
  if (!hasAny(f)) return null;
  const all = await db.selectFrom('insights').select(['id', 'documentId']).where('projectId', '=', projectId).execute();
  const byDocuments = (docs: Set<string>) => new Set(all.filter((i) => i.documentId && docs.has(i.documentId)).map((i) => i.id));
  const taggedInsights = async (names: string[]) => {
    const tags = await tagIds(db, projectId, names);
    const direct = await targetsOfTags(db, tags, 'insight');
    for (const id of byDocuments(await targetsOfTags(db, tags, 'document'))) direct.add(id);
    return direct;
  };
  let keep: IdSet = null;
  if (f.tags?.length) keep = intersect(keep, await taggedInsights(f.tags));
  if (f.categories?.length) keep = intersect(keep, await insightsInCategories(db, await categoryClosure(db, projectId, f.categories)));
  if (f.metadata?.length) keep = intersect(keep, byDocuments(await documentsMatchingMetadata(db, projectId, f.metadata)));
  if (f.documentIds?.length) keep = intersect(keep, byDocuments(await documentIdsNamed(db, projectId, f.documentIds)));
  if (keep === null) keep = new Set(all.map((i) => i.id));
  if (f.excludeTags?.length) for (const id of await taggedInsights(f.excludeTags)) keep.delete(id);
  if (f.excludeCategories?.length) for (const id of await insightsInCategories(db, await categoryClosure(db, projectId, f.excludeCategories))) keep.delete(id);
  return keep;
}
