import type { Tx } from '../store/store.js';
import type { Verdict } from '../store/tables.js';
import { newHashedRow, newId } from './ids.js';
import { nowIso } from './clock.js';
import { nextCounter } from './projects.js';
import type { CategoryDraft, InsightDraft as EngineInsightDraft } from '../engine/analysis/types.js';

/** Writing what an analysis found: categories, insights with their links, verdicts, memos. */
export type { CategoryDraft };
/** What is stored of an engine's insight (its support count is the engine's own). */
export type InsightDraft = Omit<EngineInsightDraft, 'support'>;

const clip = (s: string, n: number) => (s.length <= n ? s : s.slice(0, n));

/** Creates the drafted categories (parents first); answers key → category id, existing keys included. */
export async function createCategories(trx: Tx, projectId: string, drafts: CategoryDraft[], known: Map<string, string>, analysisId: string) {
  const ids = new Map(known);
  const pending = [...drafts];
  while (pending.length > 0) {
    const i = pending.findIndex((d) => d.parentKey === null || ids.has(d.parentKey));
    const draft = pending.splice(i === -1 ? 0 : i, 1)[0]!;
    const row = newHashedRow('C');
    await trx
      .insertInto('categories')
      .values({
        ...row,
        projectId,
        text: clip(draft.name || 'Theme', 500),
        description: clip(draft.description, 4000),
        parentId: draft.parentKey ? (ids.get(draft.parentKey) ?? null) : null,
        analysisId,
      })
      .execute();
    ids.set(draft.key, row.id);
  }
  return ids;
}

/**
 * Inserts insights (quotes already checked verbatim) and links them to their categories; answers
 * each draft's new id, or null where a draft without text or quotes was left out.
 */
export async function insertInsights(
  trx: Tx,
  projectId: string,
  drafts: Pick<InsightDraft, 'documentId' | 'text' | 'description' | 'quotes' | 'categoryKeys'>[],
  categoryIds: Map<string, string>,
  analysisId: string | null,
): Promise<(string | null)[]> {
  const ids: (string | null)[] = [];
  for (const d of drafts) {
    const links = [...new Set(d.categoryKeys.map((k) => categoryIds.get(k)).filter((x): x is string => !!x))];
    const quotes = d.quotes
      .filter((q) => q.length > 0)
      .slice(0, 20)
      .map((q) => clip(q, 4000));
    if (!d.text.trim() || quotes.length === 0) {
      ids.push(null);
      continue;
    }
    const counter = await nextCounter(trx, projectId, 'insightCounter');
    const id = newId();
    ids.push(id);
    const now = nowIso();
    await trx
      .insertInto('insights')
      .values({
        id,
        projectId,
        counter,
        documentId: d.documentId,
        text: clip(d.text, 2000),
        description: clip(d.description, 4000),
        quotes: JSON.stringify(quotes),
        analysisId,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    if (links.length > 0)
      await trx
        .insertInto('insightCategories')
        .values(links.map((categoryId) => ({ insightId: id, categoryId, projectId })))
        .execute();
  }
  return ids;
}

export async function setVerdict(trx: Tx, projectId: string, family: string, documentId: string, verdict: Verdict, reason: string | null, analysisId: string) {
  await trx.deleteFrom('analysisVerdicts').where('projectId', '=', projectId).where('family', '=', family).where('documentId', '=', documentId).execute();
  await trx.insertInto('analysisVerdicts').values({ projectId, family, documentId, verdict, reason, analysisId, updatedAt: nowIso() }).execute();
}

/**
 * After a rerun (family `from`): each document that no automatic run has a verdict for yet gets
 * the rerun's, so that the default rule (a later run takes only documents without a verdict) still
 * means "documents no automatic run has analysed".
 */
export async function giveMissingVerdicts(trx: Tx, projectId: string, from: string, to: string) {
  const have = new Set(
    (await trx.selectFrom('analysisVerdicts').select('documentId').where('projectId', '=', projectId).where('family', '=', to).execute()).map(
      (v) => v.documentId,
    ),
  );
  const rows = await trx.selectFrom('analysisVerdicts').selectAll().where('projectId', '=', projectId).where('family', '=', from).execute();
  for (const r of rows.filter((v) => !have.has(v.documentId)))
    await trx
      .insertInto('analysisVerdicts')
      .values({ ...r, family: to })
      .execute();
}

/** One memo per subject: a document's summary, or a metadata value's summary; written again on a later run. */
export async function upsertMemo(
  trx: Tx,
  projectId: string,
  memo: { kind: 'summary' | 'metadata_summary'; title: string; text: string; documentId?: string | null; fieldId?: string | null; fieldValue?: string | null },
  analysisId: string,
) {
  let q = trx.selectFrom('memos').select('id').where('projectId', '=', projectId).where('kind', '=', memo.kind);
  q = memo.documentId ? q.where('documentId', '=', memo.documentId) : q.where('documentId', 'is', null);
  q = memo.fieldId ? q.where('fieldId', '=', memo.fieldId).where('fieldValue', '=', memo.fieldValue ?? '') : q.where('fieldId', 'is', null);
  const existing = await q.executeTakeFirst();
  const now = nowIso();
  const title = clip(memo.title || 'Summary', 500);
  if (existing) {
    await trx.updateTable('memos').set({ title, text: memo.text, analysisId, updatedAt: now }).where('id', '=', existing.id).execute();
    return;
  }
  const counter = await nextCounter(trx, projectId, 'memoCounter');
  await trx
    .insertInto('memos')
    .values({
      id: newId(),
      projectId,
      counter,
      kind: memo.kind,
      title,
      text: memo.text,
      documentId: memo.documentId ?? null,
      fieldId: memo.fieldId ?? null,
      fieldValue: memo.fieldId ? (memo.fieldValue ?? '') : null,
      analysisId,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}
