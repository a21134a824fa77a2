import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { inBatches } from '../store/in-batches.js';
import { MAX_MATRIX_ROWS } from '../schema/matrix.js';
import { runOf } from './analysis-runs.js';
import { coveredDocuments } from './agreement-codings.js';
import { invalidField, notFound } from './errors.js';
import { findCategoryByIdOrText, resolveDocument } from './resolve.js';

/**
 * What a matrix is over (docs/decisions.md "Matrices"): the coding (every run's and the one by
 * hand, one run's, or the one by hand), its codes as rows (the root categories, or a category's
 * children, each with the categories below it), the documents in scope and the insights filed
 * in a row that stand on them.
 */

export interface ScopeRequest {
  analysisId?: string | null;
  categoryId?: string;
  documentIds?: string[];
}

export interface RowCategory {
  uuid: string;
  id: string;
  name: string;
  analysisId: string | null;
  children: number;
}

export interface ScopeDocument {
  id: string;
  counter: number;
  filename: string;
  updatedAt: string;
}

export interface ScopeInsight {
  id: string;
  counter: number;
  documentId: string;
  quotes: string;
  updatedAt: string;
  /** The rows it is in. */
  rows: number[];
}

export interface MatrixScope {
  analysisId?: string | null;
  parent: { id: string; name: string } | null;
  rows: RowCategory[];
  documents: ScopeDocument[];
  insights: ScopeInsight[];
}

type CategoryRow = Pick<Row<'categories'>, 'id' | 'shortId' | 'text' | 'parentId' | 'analysisId'>;

export async function matrixScope(db: DbOrTx, projectId: string, input: ScopeRequest): Promise<MatrixScope> {
  const run = typeof input.analysisId === 'string' ? await runOf(db, projectId, input.analysisId) : null;
  const inCoding = (made: string | null) => input.analysisId === undefined || made === (run?.id ?? null);
  const categories = (
    await db
      .selectFrom('categories')
      .select(['id', 'shortId', 'text', 'parentId', 'analysisId'])
      .where('projectId', '=', projectId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute()
  ).filter((c) => inCoding(c.analysisId));
  const byUuid = new Map(categories.map((c) => [c.id, c]));
  const children = new Map<string | null, CategoryRow[]>();
  for (const c of categories) {
    // A category whose parent is of another coding is a root of this one (as get_categories answers a run's tree).
    const parent = c.parentId !== null && byUuid.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const parent = input.categoryId === undefined ? null : await parentOf(db, projectId, input.categoryId, byUuid);
  // Everything named is found (404 otherwise) before the matrix's size is judged.
  const documents = await scopeDocuments(db, projectId, input.documentIds, run);
  const rowCategories = children.get(parent?.id ?? null) ?? [];
  if (rowCategories.length > MAX_MATRIX_ROWS)
    throw invalidField(
      '/categoryId',
      `the matrix would have ${rowCategories.length} rows, more than ${MAX_MATRIX_ROWS} (at most ${MAX_MATRIX_ROWS} rows): name a category in \`categoryId\` whose children are fewer`,
    );
  const rowOf = new Map<string, number>();
  rowCategories.forEach((c, r) => {
    const stack = [c];
    while (stack.length) {
      const next = stack.pop()!;
      rowOf.set(next.id, r);
      stack.push(...(children.get(next.id) ?? []));
    }
  });
  const insights = await scopeInsights(db, projectId, input.analysisId === undefined ? undefined : (run?.id ?? null), rowOf, documents);
  return {
    ...(input.analysisId === undefined ? {} : { analysisId: input.analysisId }),
    parent: parent ? { id: parent.shortId, name: parent.text } : null,
    rows: rowCategories.map((c) => ({ uuid: c.id, id: c.shortId, name: c.text, analysisId: c.analysisId, children: children.get(c.id)?.length ?? 0 })),
    documents,
    insights,
  };
}

/** The category named, which must be of the coding (as `get_categories` with a run answers 404 for another's). */
async function parentOf(db: DbOrTx, projectId: string, input: string, inCoding: Map<string, CategoryRow>): Promise<CategoryRow> {
  const found = await findCategoryByIdOrText(db, projectId, input);
  const row = found ? inCoding.get(found.id) : undefined;
  if (!row) throw notFound('category', input);
  return row;
}

/** The documents named (ready ones), else those a run covers, else every ready document; in the order of their ids. */
async function scopeDocuments(db: DbOrTx, projectId: string, named: readonly string[] | undefined, run: Row<'analyses'> | null): Promise<ScopeDocument[]> {
  const pick = (r: { id: string; counter: number; filename: string; updatedAt: string }) => ({
    id: r.id,
    counter: Number(r.counter),
    filename: r.filename,
    updatedAt: r.updatedAt,
  });
  if (named) {
    const out = new Map<string, ScopeDocument>();
    for (const [i, input] of named.entries()) {
      const doc = await resolveDocument(db, projectId, input);
      if (doc.status !== 'ready') throw invalidField(`/documentIds/${i}`, `document ${input} is ${doc.status}: only ready documents are in a matrix`);
      out.set(doc.id, pick(doc));
    }
    return [...out.values()].sort((x, y) => x.counter - y.counter);
  }
  const ready = db.selectFrom('documents').select(['id', 'counter', 'filename', 'updatedAt']).where('projectId', '=', projectId).where('status', '=', 'ready');
  const rows = run
    ? await inBatches([...(await coveredDocuments(db, projectId, { run, name: '' }))], (slice) => ready.where('id', 'in', slice).execute())
    : await ready.execute();
  return rows.map(pick).sort((x, y) => x.counter - y.counter);
}

/** The coding's insights filed in a row and standing on a document in scope, in the order of their ids. */
async function scopeInsights(
  db: DbOrTx,
  projectId: string,
  analysisId: string | null | undefined,
  rowOf: Map<string, number>,
  documents: readonly ScopeDocument[],
): Promise<ScopeInsight[]> {
  if (rowOf.size === 0 || documents.length === 0) return [];
  const links = await db.selectFrom('insightCategories').select(['insightId', 'categoryId']).where('projectId', '=', projectId).execute();
  const rowsOf = new Map<string, Set<number>>();
  for (const l of links) {
    const r = rowOf.get(l.categoryId);
    if (r !== undefined) rowsOf.set(l.insightId, (rowsOf.get(l.insightId) ?? new Set()).add(r));
  }
  const inScope = new Set(documents.map((d) => d.id));
  // One query for the coding's insights (an IN list of thousands of ids, in slices, took ten times as long).
  let query = db
    .selectFrom('insights')
    .select(['id', 'counter', 'documentId', 'quotes', 'updatedAt'])
    .where('projectId', '=', projectId)
    .where('documentId', 'is not', null);
  if (analysisId !== undefined) query = analysisId === null ? query.where('analysisId', 'is', null) : query.where('analysisId', '=', analysisId);
  const rows = await query.execute();
  return rows
    .filter((r) => rowsOf.has(r.id) && inScope.has(r.documentId!))
    .map((r) => ({
      id: r.id,
      counter: Number(r.counter),
      documentId: r.documentId!,
      quotes: r.quotes,
      updatedAt: r.updatedAt,
      rows: [...rowsOf.get(r.id)!].sort((x, y) => x - y),
    }))
    .sort((x, y) => x.counter - y.counter);
}
