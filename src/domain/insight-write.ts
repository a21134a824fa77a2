import type { ProjectScope } from './context.js';
import type { WriteBody } from '../schema/types.js';
import type { Tx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import { nextCounter } from './projects.js';
import { resolveDocument, resolveInsight, shortOf } from './resolve.js';
import { invalidField } from './errors.js';
import { categoryInputs, linkInsights, resolveOrCreateCategories } from './category-rows.js';
import { insightView } from './views/insight-view.js';

type Body = WriteBody<'manage_insights'>;

/** `documentId` "" unlinks the insight from its document, as `categories` "" means none. */
async function documentOf(trx: Tx, projectId: string, input: string): Promise<string | null> {
  return input.trim() === '' ? null : (await resolveDocument(trx, projectId, input)).id;
}

async function fileUnder(trx: Tx, projectId: string, insightId: string, names: string[]) {
  for (const c of await resolveOrCreateCategories(trx, projectId, names)) await linkInsights(trx, projectId, c.id, [insightId]);
}

export async function createInsight(scope: ProjectScope, body: Body) {
  if (body.text === undefined) throw invalidField('/text', '`create` needs `text`');
  const text = body.text;
  const projectId = scope.project.id;
  const row = await scope.store.transaction(async (trx) => {
    const documentId = body.documentId === undefined ? null : await documentOf(trx, projectId, body.documentId);
    const counter = await nextCounter(trx, projectId, 'insightCounter');
    const now = nowIso();
    const insight: Row<'insights'> = {
      id: newId(),
      projectId,
      counter,
      documentId,
      text,
      description: body.description ?? '',
      quotes: JSON.stringify(body.quotes ?? []),
      analysisId: null,
      createdAt: now,
      updatedAt: now,
    };
    await trx.insertInto('insights').values(insight).execute();
    await fileUnder(trx, projectId, insight.id, categoryInputs(body.categories));
    return insight;
  });
  return { insight: await insightView(scope.store.db, row) };
}

/** Changes only the members sent; a non-empty `categories` replaces the insight's categories. */
export async function updateInsight(scope: ProjectScope, body: Body) {
  if (body.id === undefined) throw invalidField('/id', '`update` needs `id`');
  const id = body.id;
  const projectId = scope.project.id;
  const row = await scope.store.transaction(async (trx) => {
    const insight = await resolveInsight(trx, projectId, id);
    const changes: Partial<Row<'insights'>> = { updatedAt: nowIso() };
    if (body.text !== undefined) changes.text = body.text;
    if (body.description !== undefined) changes.description = body.description;
    if (body.quotes !== undefined) changes.quotes = JSON.stringify(body.quotes);
    if (body.documentId !== undefined) changes.documentId = await documentOf(trx, projectId, body.documentId);
    await trx.updateTable('insights').set(changes).where('id', '=', insight.id).execute();
    const names = categoryInputs(body.categories);
    if (names.length > 0) {
      await trx.deleteFrom('insightCategories').where('insightId', '=', insight.id).execute();
      await fileUnder(trx, projectId, insight.id, names);
    }
    return { ...insight, ...changes };
  });
  return { insight: await insightView(scope.store.db, row) };
}

/** All or nothing: one id that names nothing refuses the whole call. */
export async function deleteInsights(scope: ProjectScope, body: Body) {
  const inputs = [...(body.id === undefined ? [] : [body.id]), ...(body.insightIds ?? [])];
  if (inputs.length === 0) throw invalidField('/id', '`delete` needs `id` or `insightIds`');
  const projectId = scope.project.id;
  const deleted = await scope.store.transaction(async (trx) => {
    const rows = new Map<string, Row<'insights'>>();
    for (const input of inputs) {
      const row = await resolveInsight(trx, projectId, input);
      rows.set(row.id, row);
    }
    const ids = [...rows.keys()];
    // Tag links and notes name their target without a foreign key, so they go by hand.
    await trx.deleteFrom('tagTargets').where('targetType', '=', 'insight').where('targetId', 'in', ids).execute();
    await trx.deleteFrom('notes').where('targetType', '=', 'documentInsight').where('targetId', 'in', ids).execute();
    await trx.deleteFrom('insightCategories').where('insightId', 'in', ids).execute();
    await trx.deleteFrom('insights').where('id', 'in', ids).execute();
    return [...rows.values()].map(shortOf.insight);
  });
  return { deleted };
}
