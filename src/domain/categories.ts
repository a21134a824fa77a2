import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody, ReadAnswer, WriteAnswer } from '../schema/types.js';
import type { Row } from '../store/tables.js';
import { nowIso } from './clock.js';
import { resolveCategory, resolveInsight } from './resolve.js';
import { matchInsights, tagIds, targetsOfTags } from './filters.js';
import { linkInsights } from './category-rows.js';
import { createCategory, deleteCategory, updateCategory } from './category-write.js';
import { mergeCategories } from './category-merge.js';
import { categoryForest, pruneToCounted } from './views/category-view.js';
import { insightViews } from './views/insight-view.js';
import { runOf } from './analysis-runs.js';
import { notFound } from './errors.js';

/**
 * `get_categories`: the tree, or the subtree under `id`. With filters that restrict, the tree
 * keeps only categories holding matching insights (and their ancestors), counting those alone;
 * with `tags`, a category tagged itself with one of them is kept too. With `analysisId`, that
 * run's categories only.
 */
export async function getCategories(scope: ProjectScope, body: ReadBody<'get_categories'>): Promise<ReadAnswer<'get_categories'>> {
  const db = scope.store.db;
  const projectId = scope.project.id;
  const run = body.analysisId === undefined ? undefined : (await runOf(db, projectId, body.analysisId)).id;
  const matching = await matchInsights(db, projectId, body.filters);
  const { roots, byUuid } = await categoryForest(db, projectId, matching, run);
  const tagged = body.filters?.tags?.length ? await targetsOfTags(db, await tagIds(db, projectId, body.filters.tags), 'category') : new Set<string>();
  const keep = new Set([...tagged].flatMap((uuid) => (byUuid.has(uuid) ? [byUuid.get(uuid)!.id] : [])));
  if (body.id !== undefined) {
    const node = byUuid.get((await resolveCategory(db, projectId, body.id)).id);
    if (!node) throw notFound('category', body.id);
    return { category: matching === null ? node : { ...node, children: pruneToCounted(node.children, keep) } };
  }
  return { categories: matching === null ? roots : pruneToCounted(roots, keep) };
}

export async function manageCategories(scope: ProjectScope, body: WriteBody<'manage_categories'>): Promise<WriteAnswer<'manage_categories'>> {
  switch (body.operation) {
    case 'create':
      return createCategory(scope, body);
    case 'update':
      return updateCategory(scope, body);
    case 'delete':
      return deleteCategory(scope, body);
    case 'merge':
      return mergeCategories(scope, body);
  }
}

/** `assign` adds the category, `move` makes it the only one, `remove` takes it away; answers the insights as they now are. */
export async function categorizeInsights(scope: ProjectScope, body: WriteBody<'categorize_insights'>): Promise<WriteAnswer<'categorize_insights'>> {
  const projectId = scope.project.id;
  const insights = await scope.store.transaction(async (trx) => {
    const category = await resolveCategory(trx, projectId, body.categoryId);
    const byId = new Map<string, Row<'insights'>>();
    for (const input of body.insightIds) {
      const row = await resolveInsight(trx, projectId, input);
      byId.set(row.id, row);
    }
    const ids = [...byId.keys()];
    if (body.operation === 'move') await trx.deleteFrom('insightCategories').where('insightId', 'in', ids).execute();
    if (body.operation === 'remove') {
      await trx.deleteFrom('insightCategories').where('insightId', 'in', ids).where('categoryId', '=', category.id).execute();
    } else {
      await linkInsights(trx, projectId, category.id, ids);
    }
    const updatedAt = nowIso();
    await trx.updateTable('insights').set({ updatedAt }).where('id', 'in', ids).execute();
    return [...byId.values()].map((i) => ({ ...i, updatedAt }));
  });
  return { insights: await insightViews(scope.store.db, insights) };
}
