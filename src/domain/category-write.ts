import type { ProjectScope } from './context.js';
import type { WriteBody } from '../schema/types.js';
import type { Tx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { nowIso } from './clock.js';
import { findCategoryByIdOrText, resolveCategory } from './resolve.js';
import { conflict, invalidField, notFound } from './errors.js';
import { insertCategory, loadHierarchy } from './category-rows.js';
import { subtreeIds, wouldCycle } from './category-hierarchy.js';
import { categoryView } from './views/category-view.js';

type Body = WriteBody<'manage_categories'>;

/** `update` and `delete` name their category by `id`, or else by `categoryName` (id or text). */
async function namedCategory(trx: Tx, projectId: string, body: Body): Promise<Row<'categories'>> {
  if (body.id !== undefined) return resolveCategory(trx, projectId, body.id);
  if (body.categoryName !== undefined) {
    const row = await findCategoryByIdOrText(trx, projectId, body.categoryName);
    if (!row) throw notFound('category', body.categoryName);
    return row;
  }
  throw invalidField('/id', `\`${body.operation}\` needs \`id\` or \`categoryName\``);
}

/** `parentId` null (or "") means top level. */
async function parentOf(trx: Tx, projectId: string, input: string | null): Promise<Row<'categories'> | null> {
  return input === null || input.trim() === '' ? null : resolveCategory(trx, projectId, input);
}

export async function createCategory(scope: ProjectScope, body: Body) {
  if (body.text === undefined) throw invalidField('/text', '`create` needs `text`');
  const text = body.text;
  const projectId = scope.project.id;
  const row = await scope.store.transaction(async (trx) => {
    const parent = await parentOf(trx, projectId, body.parentId ?? null);
    return insertCategory(trx, projectId, { text, description: body.description, parentId: parent?.id ?? null });
  });
  return { category: await categoryView(scope.store.db, projectId, row.id) };
}

/** Changes only the members sent; a move must keep the tree a tree. */
export async function updateCategory(scope: ProjectScope, body: Body) {
  const projectId = scope.project.id;
  const row = await scope.store.transaction(async (trx) => {
    const category = await namedCategory(trx, projectId, body);
    const changes: Partial<Row<'categories'>> = { updatedAt: nowIso() };
    if (body.text !== undefined) changes.text = body.text;
    if (body.description !== undefined) changes.description = body.description;
    if (body.parentId !== undefined) {
      const parent = await parentOf(trx, projectId, body.parentId);
      if (parent && wouldCycle(await loadHierarchy(trx, projectId), category.id, parent.id)) {
        throw invalidField('/parentId', 'a category cannot move under itself or one of its descendants');
      }
      changes.parentId = parent?.id ?? null;
    }
    await trx.updateTable('categories').set(changes).where('id', '=', category.id).execute();
    return category;
  });
  return { category: await categoryView(scope.store.db, projectId, row.id) };
}

/** Removes categories and what hangs off them; insights are unlinked, never deleted. */
export async function dropCategories(trx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  await trx.deleteFrom('insightCategories').where('categoryId', 'in', ids).execute();
  // Tag links and notes name their target without a foreign key, so they go by hand.
  await trx.deleteFrom('tagTargets').where('targetType', '=', 'category').where('targetId', 'in', ids).execute();
  await trx.deleteFrom('notes').where('targetType', '=', 'insightCategory').where('targetId', 'in', ids).execute();
  // Parents and children go together; cutting the links first spares relying on constraint timing.
  await trx.updateTable('categories').set({ parentId: null }).where('id', 'in', ids).execute();
  await trx.deleteFrom('categories').where('id', 'in', ids).execute();
}

/** A category holding insights or subcategories is refused unless `deleteIfNotEmpty`, which takes its whole subtree. */
export async function deleteCategory(scope: ProjectScope, body: Body) {
  const projectId = scope.project.id;
  const deleted = await scope.store.transaction(async (trx) => {
    const category = await namedCategory(trx, projectId, body);
    const subtree = subtreeIds(await loadHierarchy(trx, projectId), category.id);
    const links = await trx
      .selectFrom('insightCategories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('categoryId', '=', category.id)
      .executeTakeFirstOrThrow();
    const insightCount = Number(links.n);
    const childCount = subtree.length - 1;
    if ((insightCount > 0 || childCount > 0) && body.deleteIfNotEmpty !== true) {
      throw conflict(
        `category ${category.shortId} holds ${insightCount} insight(s) and ${childCount} subcategory(ies); ` +
          'pass deleteIfNotEmpty: true to delete it with its subcategories (its insights are kept, unlinked)',
        'not_empty',
      );
    }
    const rows = await trx.selectFrom('categories').select(['id', 'shortId']).where('id', 'in', subtree).execute();
    const shortIdOf = new Map(rows.map((r) => [r.id, r.shortId]));
    await dropCategories(trx, subtree);
    return subtree.map((id) => shortIdOf.get(id)!);
  });
  return { deleted };
}
