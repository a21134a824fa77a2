import type { DbOrTx } from '../../store/store.js';
import type { IdSet } from '../filters.js';
import { tagLabelsOf, type TagLabel } from './tag-labels.js';

export interface CategoryView {
  id: string;
  text: string;
  description: string;
  parentId: string | null;
  /** Insights filed directly under this category (matching ones only, when filtered). */
  insightCount: number;
  tags: TagLabel[];
  /** The run that made it, null when made by hand. */
  analysisId: string | null;
  children: CategoryView[];
  createdAt: string;
  updatedAt: string;
}

export interface CategoryForest {
  roots: CategoryView[];
  /** Every node by category UUID, for answering a subtree. */
  byUuid: Map<string, CategoryView>;
}

/**
 * The project's category tree in creation order. `countOnly` restricts `insightCount` to those
 * insights (null counts all of them). With `analysisId`, only that run's categories: one whose
 * parent is not the run's (a default automatic run files categories under earlier runs' ones)
 * is a root there, its `parentId` kept.
 */
export async function categoryForest(db: DbOrTx, projectId: string, countOnly: IdSet = null, analysisId?: string): Promise<CategoryForest> {
  const rows = await db.selectFrom('categories').selectAll().where('projectId', '=', projectId).orderBy('createdAt').orderBy('id').execute();
  const links = await db.selectFrom('insightCategories').select(['insightId', 'categoryId']).where('projectId', '=', projectId).execute();
  const tags = await tagLabelsOf(
    db,
    'category',
    rows.map((r) => r.id),
  );
  const counts = new Map<string, number>();
  for (const l of links) if (countOnly === null || countOnly.has(l.insightId)) counts.set(l.categoryId, (counts.get(l.categoryId) ?? 0) + 1);

  const byUuid = new Map<string, CategoryView>();
  for (const r of rows) {
    byUuid.set(r.id, {
      id: r.shortId,
      text: r.text,
      description: r.description,
      parentId: null,
      insightCount: counts.get(r.id) ?? 0,
      tags: tags.get(r.id) ?? [],
      analysisId: r.analysisId,
      children: [],
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
  }
  const roots: CategoryView[] = [];
  for (const r of rows) {
    const node = byUuid.get(r.id)!;
    const parent = r.parentId ? byUuid.get(r.parentId) : undefined;
    if (parent) node.parentId = parent.id;
    const inView = analysisId === undefined || r.analysisId === analysisId;
    if (!inView) continue;
    if (parent && (analysisId === undefined || parent.analysisId === analysisId)) parent.children.push(node);
    else roots.push(node);
  }
  if (analysisId !== undefined) for (const r of rows) if (r.analysisId !== analysisId) byUuid.delete(r.id);
  return { roots, byUuid };
}

/** Keeps the categories that count an insight, and their ancestors; answers copies. */
export function pruneToCounted(nodes: readonly CategoryView[], keep: ReadonlySet<string> = new Set()): CategoryView[] {
  const out: CategoryView[] = [];
  for (const n of nodes) {
    const children = pruneToCounted(n.children, keep);
    if (n.insightCount > 0 || children.length > 0 || keep.has(n.id)) out.push({ ...n, children });
  }
  return out;
}

/** One category with its subtree. */
export async function categoryView(db: DbOrTx, projectId: string, categoryId: string): Promise<CategoryView> {
  const { byUuid } = await categoryForest(db, projectId);
  return byUuid.get(categoryId)!;
}
