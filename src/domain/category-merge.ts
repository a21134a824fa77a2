import type { ProjectScope } from './context.js';
import type { WriteBody } from '../schema/types.js';
import type { Tx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { nowIso } from './clock.js';
import { resolveCategory } from './resolve.js';
import { invalidField } from './errors.js';
import { insertCategory, linkInsights, loadHierarchy } from './category-rows.js';
import { ancestorIds, subtreeIds, type Node } from './category-hierarchy.js';
import { dropCategories } from './category-write.js';
import { categoryView } from './views/category-view.js';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The category the others merge into: one of them already named `newName`, or a new one. It
 * sits where the merged ones sat: under the nearest ancestor outside every merged subtree
 * (shared by all of them, for a new category), else at top level. That ancestor cannot move
 * with the merge, so the result stays a tree. A new category merging categories of one run is
 * that run's (so the run's categories and its codebook keep it); otherwise it is made by hand.
 */
async function survivor(trx: Tx, projectId: string, merged: Row<'categories'>[], newName: string, nodes: Node[]): Promise<Row<'categories'>> {
  const inside = new Set(merged.flatMap((m) => subtreeIds(nodes, m.id)));
  const anchor = (id: string) => ancestorIds(nodes, id).find((a) => !inside.has(a)) ?? null;
  const reused = merged.find((c) => c.text === newName) ?? merged.find((c) => sameName(c.text, newName));
  if (reused) {
    const changes = { text: newName, parentId: anchor(reused.id), updatedAt: nowIso() };
    await trx.updateTable('categories').set(changes).where('id', '=', reused.id).execute();
    return { ...reused, ...changes };
  }
  const anchors = new Set(merged.map((m) => anchor(m.id)));
  const runs = new Set(merged.map((m) => m.analysisId));
  const analysisId = runs.size === 1 ? [...runs][0]! : null;
  return insertCategory(trx, projectId, { text: newName, parentId: anchors.size === 1 ? [...anchors][0]! : null, analysisId });
}

/** Moves insights, subcategories, tags and notes of `from` onto `to`, without duplicating links. */
async function moveContents(trx: Tx, projectId: string, from: string[], to: string) {
  const insightLinks = await trx.selectFrom('insightCategories').select('insightId').where('categoryId', 'in', from).execute();
  await linkInsights(
    trx,
    projectId,
    to,
    insightLinks.map((l) => l.insightId),
  );
  await trx.updateTable('categories').set({ parentId: to }).where('parentId', 'in', from).where('id', 'not in', from).execute();
  const tagLinks = await trx.selectFrom('tagTargets').select('tagId').where('targetType', '=', 'category').where('targetId', 'in', from).execute();
  const tagIds = [...new Set(tagLinks.map((l) => l.tagId))];
  if (tagIds.length > 0) {
    await trx
      .insertInto('tagTargets')
      .values(tagIds.map((tagId) => ({ tagId, targetType: 'category' as const, targetId: to, projectId })))
      .onConflict((oc) => oc.columns(['tagId', 'targetType', 'targetId']).doNothing())
      .execute();
  }
  await trx.updateTable('notes').set({ targetId: to }).where('targetType', '=', 'insightCategory').where('targetId', 'in', from).execute();
}

/** `merge`: one category takes the insights and subcategories of all of them; the others are deleted. */
export async function mergeCategories(scope: ProjectScope, body: WriteBody<'manage_categories'>) {
  if (body.categoryIds === undefined) throw invalidField('/categoryIds', '`merge` needs `categoryIds` (2-100 categories)');
  if (body.newName === undefined) throw invalidField('/newName', '`merge` needs `newName`');
  const inputs = body.categoryIds;
  const newName = body.newName;
  const projectId = scope.project.id;
  const { target, merged } = await scope.store.transaction(async (trx) => {
    const byId = new Map<string, Row<'categories'>>();
    for (const input of inputs) {
      const row = await resolveCategory(trx, projectId, input);
      byId.set(row.id, row);
    }
    const merged = [...byId.values()];
    if (merged.length < 2) throw invalidField('/categoryIds', '`merge` needs at least two different categories');
    const target = await survivor(trx, projectId, merged, newName, await loadHierarchy(trx, projectId));
    const others = merged.filter((c) => c.id !== target.id).map((c) => c.id);
    await moveContents(trx, projectId, others, target.id);
    await dropCategories(trx, others);
    return { target, merged };
  });
  return { category: await categoryView(scope.store.db, projectId, target.id), merged: merged.map((c) => c.shortId) };
}
