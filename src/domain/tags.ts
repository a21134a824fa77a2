import type { ProjectScope } from './context.js';
import type { WriteBody, ReadAnswer, WriteAnswer } from '../schema/types.js';
import type { DbOrTx } from '../store/store.js';
import type { Row, TagTargetType } from '../store/tables.js';
import { newHashedRow } from './ids.js';
import { nowIso } from './clock.js';
import { conflict, invalidField } from './errors.js';
import { resolveCategory, resolveDocument, resolveInsight, resolveTag } from './resolve.js';
import { inBatches } from '../store/in-batches.js';

/**
 * Tags and their targets (documents, insights, categories). A tag's text is unique in its
 * project, compared case-insensitively: a second `create` of the same text is a 409.
 */
async function tagViews(db: DbOrTx, tags: Row<'tags'>[]) {
  const targets = await inBatches(
    tags.map((t) => t.id),
    (slice) => db.selectFrom('tagTargets').select(['tagId', 'targetType', 'targetId']).where('tagId', 'in', slice).execute(),
  );
  const short = new Map<string, string>();
  const byType = (type: TagTargetType) => [...new Set(targets.filter((t) => t.targetType === type).map((t) => t.targetId))];
  const docs = await inBatches(byType('document'), (s) => db.selectFrom('documents').select(['id', 'counter']).where('id', 'in', s).execute());
  const insights = await inBatches(byType('insight'), (s) => db.selectFrom('insights').select(['id', 'counter']).where('id', 'in', s).execute());
  const categories = await inBatches(byType('category'), (s) => db.selectFrom('categories').select(['id', 'shortId']).where('id', 'in', s).execute());
  for (const d of docs) short.set(`document:${d.id}`, `D${d.counter}`);
  for (const i of insights) short.set(`insight:${i.id}`, `I${i.counter}`);
  for (const c of categories) short.set(`category:${c.id}`, c.shortId);
  const list = (tagId: string, type: TagTargetType) =>
    targets
      .filter((t) => t.tagId === tagId && t.targetType === type)
      .map((t) => short.get(`${type}:${t.targetId}`))
      .filter((x): x is string => !!x)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return tags.map((t) => ({
    id: t.shortId,
    text: t.text,
    description: t.description,
    color: t.color,
    documentIds: list(t.id, 'document'),
    insightIds: list(t.id, 'insight'),
    categoryIds: list(t.id, 'category'),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  }));
}

const allTags = (db: DbOrTx, projectId: string) =>
  db.selectFrom('tags').selectAll().where('projectId', '=', projectId).orderBy('createdAt').orderBy('id').execute();

export async function getTags(scope: ProjectScope): Promise<ReadAnswer<'get_tags'>> {
  return { tags: await tagViews(scope.store.db, await allTags(scope.store.db, scope.project.id)) };
}

async function ensureUniqueText(db: DbOrTx, projectId: string, text: string, except?: string) {
  const clash = (await allTags(db, projectId)).find((t) => t.id !== except && t.text.trim().toLowerCase() === text.trim().toLowerCase());
  // A concurrent request may pass this check too: the store's unique index then refuses the
  // second, answered with the same code (src/store/unique.ts).
  if (clash) throw conflict(`a tag named ${JSON.stringify(clash.text)} already exists (${clash.shortId})`, 'tag_exists');
}

/** Resolves every named target first, so that a 404 leaves nothing half-done. */
async function targetsNamed(db: DbOrTx, projectId: string, body: WriteBody<'manage_tags'>) {
  const out: { type: TagTargetType; id: string }[] = [];
  for (const d of body.documentIds ?? []) out.push({ type: 'document', id: (await resolveDocument(db, projectId, d)).id });
  for (const i of body.insightIds ?? []) out.push({ type: 'insight', id: (await resolveInsight(db, projectId, i)).id });
  for (const c of body.categoryIds ?? []) out.push({ type: 'category', id: (await resolveCategory(db, projectId, c)).id });
  return out;
}

export async function manageTags(scope: ProjectScope, body: WriteBody<'manage_tags'>): Promise<WriteAnswer<'manage_tags'>> {
  const projectId = scope.project.id;
  const needId = () => {
    if (!body.id) throw invalidField('/id', `operation ${body.operation} needs the tag's id`);
    return body.id;
  };
  return scope.store.transaction(async (trx) => {
    const view = async (tag: Row<'tags'>) => ({ tag: (await tagViews(trx, [tag]))[0] });
    switch (body.operation) {
      case 'create': {
        if (!body.text) throw invalidField('/text', 'creating a tag needs its text');
        await ensureUniqueText(trx, projectId, body.text);
        const tag: Row<'tags'> = {
          ...newHashedRow('T'),
          projectId,
          text: body.text,
          description: body.description ?? '',
          color: body.color ?? null,
        };
        await trx.insertInto('tags').values(tag).execute();
        const targets = await targetsNamed(trx, projectId, body);
        if (targets.length)
          await trx
            .insertInto('tagTargets')
            .values(targets.map((t) => ({ tagId: tag.id, targetType: t.type, targetId: t.id, projectId })))
            // One target may be named twice (its id and its text, or `D3` and its UUID).
            .onConflict((oc) => oc.columns(['tagId', 'targetType', 'targetId']).doNothing())
            .execute();
        return view(tag);
      }
      case 'update': {
        const tag = await resolveTag(trx, projectId, needId());
        if (body.text !== undefined) await ensureUniqueText(trx, projectId, body.text, tag.id);
        const set = {
          ...(body.text !== undefined ? { text: body.text } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.color !== undefined ? { color: body.color } : {}),
          updatedAt: nowIso(),
        };
        await trx.updateTable('tags').set(set).where('id', '=', tag.id).execute();
        return view({ ...tag, ...set });
      }
      case 'delete': {
        const tag = await resolveTag(trx, projectId, needId());
        await trx.deleteFrom('tagTargets').where('tagId', '=', tag.id).execute();
        await trx.deleteFrom('tags').where('id', '=', tag.id).execute();
        return { deleted: [tag.shortId] };
      }
      case 'add_targets':
      case 'remove_targets': {
        const tag = await resolveTag(trx, projectId, needId());
        const targets = await targetsNamed(trx, projectId, body);
        if (targets.length === 0) throw invalidField('/documentIds', 'name at least one target in documentIds, insightIds or categoryIds');
        for (const t of targets) {
          await trx.deleteFrom('tagTargets').where('tagId', '=', tag.id).where('targetType', '=', t.type).where('targetId', '=', t.id).execute();
          if (body.operation === 'add_targets')
            await trx
              .insertInto('tagTargets')
              .values({ tagId: tag.id, targetType: t.type, targetId: t.id, projectId })
              // A concurrent add of the same target (PostgreSQL's READ COMMITTED lets both pass the delete).
              .onConflict((oc) => oc.columns(['tagId', 'targetType', 'targetId']).doNothing())
              .execute();
        }
        const updatedAt = nowIso();
        await trx.updateTable('tags').set({ updatedAt }).where('id', '=', tag.id).execute();
        return view({ ...tag, updatedAt });
      }
    }
  });
}
