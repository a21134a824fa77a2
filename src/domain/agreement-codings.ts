import { parseQuotes } from './views/insight-view.js';
import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { inBatches } from '../store/in-batches.js';
import { runOf } from './analysis-runs.js';
import { runName } from './analyses.js';
import { invalidField } from './errors.js';
import { resolveDocument } from './resolve.js';

/**
 * What the agreement reads of the store (issue 43, docs/decisions.md "Agreement"): which coding a
 * side names, the documents it covers, and its coded quotes on a document. A coding is a run's
 * insights and their categories (`analysisId`), or those made by hand (`analysisId` null: written
 * through the write surface or imported from REFI-QDA, which the store does not tell apart).
 */

export const MANUAL_NAME = 'Made by hand or imported';

export interface CodingSide {
  run: Row<'analyses'> | null;
  name: string;
}

/** The side a request names: a run of the project (404 for any other id), or the coding made by hand. */
export async function sideOf(db: DbOrTx, projectId: string, ref: { analysisId: string | null }): Promise<CodingSide> {
  if (ref.analysisId === null) return { run: null, name: MANUAL_NAME };
  const run = await runOf(db, projectId, ref.analysisId);
  return { run, name: runName(run) };
}

/**
 * The documents a coding covers. A run: those it gave a verdict of `analysed` or `skipped` (it
 * read them and coded what it found, perhaps nothing), and any its insights stand on. By hand:
 * the documents with at least one insight made by hand (a coder who coded nothing in a document
 * cannot be told from one who never read it).
 */
export async function coveredDocuments(db: DbOrTx, projectId: string, side: CodingSide): Promise<Set<string>> {
  const insights = db.selectFrom('insights').select('documentId').distinct().where('projectId', '=', projectId).where('documentId', 'is not', null);
  const coded = side.run ? await insights.where('analysisId', '=', side.run.id).execute() : await insights.where('analysisId', 'is', null).execute();
  const out = new Set(coded.map((r) => r.documentId!));
  if (side.run) {
    const verdicts = await db
      .selectFrom('analysisVerdicts')
      .select('documentId')
      .where('projectId', '=', projectId)
      .where('analysisId', '=', side.run.id)
      .where('verdict', 'in', ['analysed', 'skipped'])
      .execute();
    for (const v of verdicts) out.add(v.documentId);
  }
  return out;
}

export interface ComparedDocument {
  id: string;
  counter: number;
  filename: string;
}

/**
 * The documents compared, in the order of their counters: those named (each must be of the
 * project, 404 otherwise, and ready, 400 otherwise), or the ready documents both codings cover.
 */
export async function comparedDocuments(
  db: DbOrTx,
  projectId: string,
  named: readonly string[] | undefined,
  covered: [Set<string>, Set<string>],
): Promise<ComparedDocument[]> {
  if (named) {
    const out = new Map<string, ComparedDocument>();
    for (const [i, input] of named.entries()) {
      const doc = await resolveDocument(db, projectId, input);
      if (doc.status !== 'ready') throw invalidField(`/documentIds/${i}`, `document ${input} is ${doc.status}: only ready documents have sentences to compare`);
      out.set(doc.id, { id: doc.id, counter: doc.counter, filename: doc.filename });
    }
    return [...out.values()].sort((x, y) => x.counter - y.counter);
  }
  const both = [...covered[0]].filter((id) => covered[1].has(id));
  const rows = await inBatches(both, (slice) =>
    db
      .selectFrom('documents')
      .select(['id', 'counter', 'filename'])
      .where('projectId', '=', projectId)
      .where('status', '=', 'ready')
      .where('id', 'in', slice)
      .execute(),
  );
  return rows.map((r) => ({ ...r, counter: Number(r.counter) })).sort((x, y) => x.counter - y.counter);
}

export interface CodedInsight {
  documentId: string;
  quotes: string[];
  codes: string[];
}

/** A coding's insights on the documents, each with its quotes and the names of its categories. */
export async function codedInsights(db: DbOrTx, projectId: string, side: CodingSide, documentIds: readonly string[]): Promise<CodedInsight[]> {
  const rows = await inBatches(documentIds, (slice) => {
    const q = db.selectFrom('insights').select(['id', 'documentId', 'quotes', 'counter']).where('projectId', '=', projectId).where('documentId', 'in', slice);
    return (side.run ? q.where('analysisId', '=', side.run.id) : q.where('analysisId', 'is', null)).execute();
  });
  const links = await inBatches(
    rows.map((r) => r.id),
    (slice) =>
      db
        .selectFrom('insightCategories')
        .innerJoin('categories', 'categories.id', 'insightCategories.categoryId')
        .select(['insightCategories.insightId', 'categories.text'])
        .where('insightCategories.insightId', 'in', slice)
        .execute(),
  );
  const codesOf = new Map<string, string[]>();
  for (const l of links) codesOf.set(l.insightId, [...(codesOf.get(l.insightId) ?? []), l.text]);
  return rows
    .sort((x, y) => Number(x.counter) - Number(y.counter))
    .map((r) => ({ documentId: r.documentId!, quotes: parseQuotes(r.quotes), codes: codesOf.get(r.id) ?? [] }));
}

/** The names of a coding's codes: its categories (a run's, or those made by hand), and those its insights are filed in. */
export async function codeNames(db: DbOrTx, projectId: string, side: CodingSide): Promise<Set<string>> {
  const categories = db.selectFrom('categories').select('text').where('projectId', '=', projectId);
  const own = side.run ? await categories.where('analysisId', '=', side.run.id).execute() : await categories.where('analysisId', 'is', null).execute();
  const filed = db
    .selectFrom('insightCategories')
    .innerJoin('insights', 'insights.id', 'insightCategories.insightId')
    .innerJoin('categories', 'categories.id', 'insightCategories.categoryId')
    .select('categories.text')
    .distinct()
    .where('insights.projectId', '=', projectId);
  const linked = side.run
    ? await filed.where('insights.analysisId', '=', side.run.id).execute()
    : await filed.where('insights.analysisId', 'is', null).execute();
  return new Set([...own, ...linked].map((r) => r.text));
}

/** The texts of the documents, for the passages shown. */
export async function documentTexts(db: DbOrTx, projectId: string, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await inBatches(ids, (slice) =>
    db.selectFrom('documents').select(['id', 'text']).where('projectId', '=', projectId).where('id', 'in', slice).execute(),
  );
  return new Map(rows.map((r) => [r.id, r.text ?? '']));
}

/** One document's text, read when its turn comes (a project's texts are not all held at once). */
export async function documentText(db: DbOrTx, projectId: string, id: string): Promise<string> {
  const row = await db.selectFrom('documents').select('text').where('projectId', '=', projectId).where('id', '=', id).executeTakeFirst();
  return row?.text ?? '';
}
