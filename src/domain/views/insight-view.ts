import type { DbOrTx } from '../../store/store.js';
import type { Row } from '../../store/tables.js';
import { shortOf } from '../resolve.js';
import { groupBy, inBatches } from '../../store/in-batches.js';
import { tagLabelsOf, type TagLabel } from './tag-labels.js';

export interface CategoryLabel {
  id: string;
  text: string;
}

export interface InsightView {
  id: string;
  text: string;
  description: string;
  quotes: string[];
  documentId: string | null;
  categories: CategoryLabel[];
  tags: TagLabel[];
  /** The run that made it, null when made by hand. */
  analysisId: string | null;
  createdAt: string;
  updatedAt: string;
}

export const parseQuotes = (text: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((q): q is string => typeof q === 'string') : [];
  } catch {
    return [];
  }
};

/** The categories of each insight, keyed by insight UUID, in category creation order. */
async function categoryLabelsOf(db: DbOrTx, insightIds: readonly string[]): Promise<Map<string, CategoryLabel[]>> {
  const rows = await inBatches(insightIds, (slice) =>
    db
      .selectFrom('insightCategories')
      .innerJoin('categories', 'categories.id', 'insightCategories.categoryId')
      .select([
        'insightCategories.insightId as insightId',
        'categories.id as categoryId',
        'categories.shortId as shortId',
        'categories.text as text',
        'categories.createdAt as createdAt',
      ])
      .where('insightCategories.insightId', 'in', slice)
      .execute(),
  );
  rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.categoryId.localeCompare(b.categoryId));
  const grouped = groupBy(rows, (r) => r.insightId);
  return new Map([...grouped].map(([insight, list]) => [insight, list.map((r) => ({ id: r.shortId, text: r.text }))]));
}

/** Short ids of the documents the insights come from, keyed by document UUID. */
async function documentShortIds(db: DbOrTx, documentIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await inBatches(documentIds, (slice) => db.selectFrom('documents').select(['id', 'counter']).where('id', 'in', slice).execute());
  return new Map(rows.map((r) => [r.id, shortOf.document(r)]));
}

/** Insight records for the read and write surfaces, in the order given. */
export async function insightViews(db: DbOrTx, insights: readonly Row<'insights'>[]): Promise<InsightView[]> {
  const ids = insights.map((i) => i.id);
  const documentIds = insights.map((i) => i.documentId).filter((d): d is string => d !== null);
  const [categories, tags, documents] = await Promise.all([categoryLabelsOf(db, ids), tagLabelsOf(db, 'insight', ids), documentShortIds(db, documentIds)]);
  return insights.map((i) => ({
    id: shortOf.insight(i),
    text: i.text,
    description: i.description,
    quotes: parseQuotes(i.quotes),
    documentId: i.documentId === null ? null : (documents.get(i.documentId) ?? null),
    categories: categories.get(i.id) ?? [],
    tags: tags.get(i.id) ?? [],
    analysisId: i.analysisId,
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
  }));
}

export async function insightView(db: DbOrTx, insight: Row<'insights'>): Promise<InsightView> {
  const [view] = await insightViews(db, [insight]);
  return view!;
}
