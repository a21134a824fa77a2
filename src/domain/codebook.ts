import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { groupBy, inBatches } from '../store/in-batches.js';
import { CODEBOOK_BOUNDS, type CodebookCode, treeOrder } from '../engine/codebook/codebook.js';
import { parseQuotes } from './views/insight-view.js';

/**
 * A run's codebook, or the project's, read from the categories as they now stand (docs/decisions.md,
 * "Codebooks"). A run's codebook holds the categories it made that are left (renamed, moved, merged
 * into one of them), and the categories made by hand that hold any of its insights (a merge under a
 * new name, a category the researcher recoded its insights into) or sit under one of those.
 */
type CategoryRow = Pick<Row<'categories'>, 'id' | 'text' | 'description' | 'parentId' | 'analysisId'>;

async function categoriesOf(db: DbOrTx, projectId: string, analysisId: string | undefined): Promise<CategoryRow[]> {
  const all = await db
    .selectFrom('categories')
    .select(['id', 'text', 'description', 'parentId', 'analysisId'])
    .where('projectId', '=', projectId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  if (analysisId === undefined) return all;
  const holding = await db
    .selectFrom('insightCategories')
    .innerJoin('insights', 'insights.id', 'insightCategories.insightId')
    .select('insightCategories.categoryId')
    .distinct()
    .where('insightCategories.projectId', '=', projectId)
    .where('insights.analysisId', '=', analysisId)
    .execute();
  const holds = new Set(holding.map((h) => h.categoryId));
  const members = new Set(all.filter((c) => c.analysisId === analysisId || (c.analysisId === null && holds.has(c.id))).map((c) => c.id));
  // Categories made by hand under the codebook's join it, level by level.
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of all) {
      if (c.analysisId === null && c.parentId !== null && members.has(c.parentId) && !members.has(c.id)) {
        members.add(c.id);
        grew = true;
      }
    }
  }
  return all.filter((c) => members.has(c.id));
}

interface Filed {
  categoryId: string;
  documentId: string | null;
  quotes: string;
  counter: number;
}

/**
 * Up to `max` examples of a category: the first quote of each insight filed in it, taking the
 * documents in turn (each document's oldest insight first, then their second …), so a category's
 * examples come from as many documents as it has; a quote met twice counts once.
 */
function examplesOf(filed: Filed[], max: number): string[] {
  const byDocument = [...groupBy(filed, (f) => f.documentId ?? `insight ${f.counter}`).values()];
  const out: string[] = [];
  for (let round = 0; out.length < max && byDocument.some((d) => d.length > round); round++) {
    for (const insights of byDocument) {
      const insight = insights[round];
      if (!insight || out.length >= max) continue;
      const quote = parseQuotes(insight.quotes)
        .map((q) => q.trim())
        .find(Boolean);
      if (quote && !out.some((e) => e.toLowerCase() === quote.toLowerCase())) out.push(quote.slice(0, CODEBOOK_BOUNDS.example));
    }
  }
  return out;
}

/** The codebook of a run (`analysisId`) or of the whole project, in tree order, with up to `maxExamples` examples per code. */
export async function codebookOf(db: DbOrTx, projectId: string, analysisId: string | undefined, maxExamples: number): Promise<CodebookCode[]> {
  const categories = await categoriesOf(db, projectId, analysisId);
  const ids = categories.map((c) => c.id);
  const filed =
    maxExamples === 0
      ? []
      : await inBatches(ids, (slice) =>
          db
            .selectFrom('insightCategories')
            .innerJoin('insights', 'insights.id', 'insightCategories.insightId')
            .select(['insightCategories.categoryId', 'insights.documentId', 'insights.quotes', 'insights.counter'])
            .where('insightCategories.projectId', '=', projectId)
            .where('insightCategories.categoryId', 'in', slice)
            .execute(),
        );
  const byCategory = groupBy(
    filed.map((f) => ({ ...f, counter: Number(f.counter) })).sort((a, b) => a.counter - b.counter),
    (f) => f.categoryId,
  );
  const members = new Set(ids);
  const codes = categories.map(
    (c): CodebookCode => ({
      id: c.id,
      name: c.text,
      description: c.description,
      parentId: c.parentId !== null && members.has(c.parentId) ? c.parentId : null,
      examples: examplesOf(byCategory.get(c.id) ?? [], maxExamples),
    }),
  );
  return treeOrder(codes).map((x) => x.code);
}
