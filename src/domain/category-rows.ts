import type { DbOrTx, Tx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { isUuid, newHashedRow } from './ids.js';
import { findCategoryByIdOrText } from './resolve.js';
import { notFound } from './errors.js';

/** Row-level writes on categories and their links to insights, shared by the insight and category actions. */

type CategoryInput = { text: string; description?: string; parentId?: string | null; analysisId?: string | null };

/** A category made by hand has no run (`analysisId` null), unless it stands for categories of one run (a merge of them). */
export const categoryRow = (projectId: string, input: CategoryInput): Row<'categories'> => ({
  ...newHashedRow('C'),
  projectId,
  text: input.text,
  description: input.description ?? '',
  parentId: input.parentId ?? null,
  analysisId: input.analysisId ?? null,
});

export async function insertCategory(trx: Tx, projectId: string, input: CategoryInput): Promise<Row<'categories'>> {
  const row = categoryRow(projectId, input);
  await trx.insertInto('categories').values(row).execute();
  return row;
}

/** Every category of the project as `{id, parentId}`, for walks over the tree. */
export const loadHierarchy = (db: DbOrTx, projectId: string) =>
  db.selectFrom('categories').select(['id', 'parentId']).where('projectId', '=', projectId).orderBy('createdAt').orderBy('id').execute();

/** Files insights under a category; links that already exist are kept as they are. */
export async function linkInsights(trx: Tx, projectId: string, categoryId: string, insightIds: readonly string[]) {
  if (insightIds.length === 0) return;
  await trx
    .insertInto('insightCategories')
    .values([...new Set(insightIds)].map((insightId) => ({ insightId, categoryId, projectId })))
    .onConflict((oc) => oc.columns(['insightId', 'categoryId']).doNothing())
    .execute();
}

/**
 * The spec marks `categories` required on every `manage_insights` operation; `""` and `[]` mean
 * none. One name or a list, blanks ignored.
 */
export function categoryInputs(input: string | string[] | undefined): string[] {
  const list = typeof input === 'string' ? [input] : (input ?? []);
  return list.map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Categories named by id or text; a name that names no category yet is created at top level,
 * so that an agent can categorise in one call. A UUID that names nothing is a 404 rather than
 * a new category called by a UUID. Short-hash forms cannot be told apart from ordinary words
 * (`Consistency` has the shape of a `C` hash), so those become names.
 */
export async function resolveOrCreateCategories(trx: Tx, projectId: string, names: readonly string[]): Promise<Row<'categories'>[]> {
  const out = new Map<string, Row<'categories'>>();
  for (const name of names) {
    let row = await findCategoryByIdOrText(trx, projectId, name);
    if (!row) {
      if (isUuid(name)) throw notFound('category', name);
      row = await insertCategory(trx, projectId, { text: name });
    }
    out.set(row.id, row);
  }
  return [...out.values()];
}
