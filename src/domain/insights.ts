import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody, ReadAnswer, WriteAnswer } from '../schema/types.js';
import type { Row } from '../store/tables.js';
import { resolveInsight } from './resolve.js';
import { matchInsights } from './filters.js';
import { insightView, insightViews } from './views/insight-view.js';
import { runOf } from './analysis-runs.js';
import { notFound } from './errors.js';
import { createInsight, deleteInsights, updateInsight } from './insight-write.js';

/**
 * `get_insights`: one by `id`, several by `ids` (in the order given), or those the filters keep.
 * With `analysisId`, that run's insights only: an `id` or `ids` naming another is a 404.
 */
export async function getInsights(scope: ProjectScope, body: ReadBody<'get_insights'>): Promise<ReadAnswer<'get_insights'>> {
  const db = scope.store.db;
  const projectId = scope.project.id;
  const run = body.analysisId === undefined ? undefined : (await runOf(db, projectId, body.analysisId)).id;
  const resolve = async (input: string) => {
    const row = await resolveInsight(db, projectId, input);
    if (run !== undefined && row.analysisId !== run) throw notFound('insight', input);
    return row;
  };
  if (body.id !== undefined) return { insight: await insightView(db, await resolve(body.id)) };
  if (body.ids !== undefined) {
    const rows: Row<'insights'>[] = [];
    for (const input of body.ids) rows.push(await resolve(input));
    return { insights: await insightViews(db, rows) };
  }
  const keep = await matchInsights(db, projectId, body.filters);
  const rows = await db
    .selectFrom('insights')
    .selectAll()
    .where('projectId', '=', projectId)
    .$if(run !== undefined, (q) => q.where('analysisId', '=', run!))
    .orderBy('createdAt')
    .orderBy('counter')
    .execute();
  return { insights: await insightViews(db, keep === null ? rows : rows.filter((i) => keep.has(i.id))) };
}

export async function manageInsights(scope: ProjectScope, body: WriteBody<'manage_insights'>): Promise<WriteAnswer<'manage_insights'>> {
  switch (body.operation) {
    case 'create':
      return createInsight(scope, body);
    case 'update':
      return updateInsight(scope, body);
    case 'delete':
      return deleteInsights(scope, body);
  }
}
