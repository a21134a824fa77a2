import type { DbOrTx, Store, Tx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { paramsOf, runStatus, runView } from './analyses.js';
import { dropCategories } from './category-write.js';
import { notFound } from './errors.js';
import { shortOf } from './resolve.js';

/**
 * Runs as things (issue 43): a run is renamed, or deleted with what it made. A run's id is its
 * UUID; a run of another project answers 404, as one that does not exist.
 */
export async function runOf(trx: DbOrTx, projectId: string, analysisId: string): Promise<Row<'analyses'>> {
  const row = await trx.selectFrom('analyses').selectAll().where('projectId', '=', projectId).where('id', '=', analysisId).executeTakeFirst();
  if (!row) throw notFound('analysis', analysisId);
  return row;
}

/** The project's runs, newest first, as the read surface's `get_project` lists them: each run's id, name, type and status. */
export async function projectRuns(db: DbOrTx, projectId: string) {
  const rows = await db.selectFrom('analyses').selectAll().where('projectId', '=', projectId).orderBy('createdAt', 'desc').orderBy('id').execute();
  return rows.map(runView);
}

/** `rename_analysis`: the name is kept with the run's settings; answers the run as the project status lists it. */
export async function renameRun(store: Store, project: Row<'projects'>, input: { analysisId: string; name: string }) {
  const row = await store.transaction(async (trx) => {
    const run = await runOf(trx, project.id, input.analysisId);
    const params = JSON.stringify({ ...paramsOf(run), name: input.name });
    await trx.updateTable('analyses').set({ params }).where('id', '=', run.id).execute();
    return { ...run, params };
  });
  return { analysis: await runStatus(store.db, row) };
}

/**
 * `delete_analysis`: the run, its categories (their links, tag links and notes, as deleting a
 * category does), its insights (likewise) and its verdicts, in one transaction; nothing of
 * another run. A category of another run or made by hand under one of its categories becomes a
 * root. Where the run held a document's `automatic` verdict, another standing rerun's verdict of
 * that document takes its place, so that a document counts as new only when no automatic run
 * left standing analysed it (docs/decisions.md). A run still working stops writing: its writes
 * are fenced on its row (src/worker/analysis-job.ts).
 */
export async function deleteRun(store: Store, project: Row<'projects'>, input: { analysisId: string }) {
  return store.transaction(async (trx) => {
    const run = await runOf(trx, project.id, input.analysisId);
    const categories = await trx
      .selectFrom('categories')
      .select(['id', 'shortId'])
      .where('projectId', '=', project.id)
      .where('analysisId', '=', run.id)
      .execute();
    const insights = await trx.selectFrom('insights').select(['id', 'counter']).where('projectId', '=', project.id).where('analysisId', '=', run.id).execute();
    const categoryIds = categories.map((c) => c.id);
    const insightIds = insights.map((i) => i.id);
    if (categoryIds.length > 0) {
      await trx.updateTable('categories').set({ parentId: null }).where('projectId', '=', project.id).where('parentId', 'in', categoryIds).execute();
      await dropCategories(trx, categoryIds);
    }
    if (insightIds.length > 0) {
      await trx.deleteFrom('tagTargets').where('targetType', '=', 'insight').where('targetId', 'in', insightIds).execute();
      await trx.deleteFrom('notes').where('targetType', '=', 'documentInsight').where('targetId', 'in', insightIds).execute();
      await trx.deleteFrom('insightCategories').where('insightId', 'in', insightIds).execute();
      await trx.deleteFrom('insights').where('id', 'in', insightIds).execute();
    }
    await handOverVerdicts(trx, project.id, run.id);
    await trx.deleteFrom('analysisVerdicts').where('projectId', '=', project.id).where('analysisId', '=', run.id).execute();
    await trx.deleteFrom('analyses').where('id', '=', run.id).execute();
    return { deleted: [run.id], categoryIds: categories.map((c) => c.shortId), insightIds: insights.map(shortOf.insight) };
  });
}

/** The `automatic` verdicts the run held go to the newest other rerun with a verdict of the same document, if any. */
async function handOverVerdicts(trx: Tx, projectId: string, analysisId: string) {
  const held = await trx
    .selectFrom('analysisVerdicts')
    .select('documentId')
    .where('projectId', '=', projectId)
    .where('family', '=', 'automatic')
    .where('analysisId', '=', analysisId)
    .execute();
  if (held.length === 0) return;
  const others = await trx
    .selectFrom('analysisVerdicts')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('family', 'like', 'automatic:%')
    .where('analysisId', '!=', analysisId)
    .orderBy('updatedAt', 'desc')
    .execute();
  for (const { documentId } of held) {
    const other = others.find((v) => v.documentId === documentId);
    if (!other) continue;
    await trx
      .deleteFrom('analysisVerdicts')
      .where('projectId', '=', projectId)
      .where('family', '=', 'automatic')
      .where('documentId', '=', documentId)
      .execute();
    await trx
      .insertInto('analysisVerdicts')
      .values({ ...other, family: 'automatic' })
      .execute();
  }
}
