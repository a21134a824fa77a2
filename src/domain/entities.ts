import type { ProjectScope } from './context.js';
import { unavailable } from './errors.js';
import type { ReadBody, ReadAnswer } from '../schema/types.js';
import type { Entity } from '../engine/entities/index.js';
import { tallyEntities } from '../engine/entities/tally.js';
import { EntitiesUnavailable, entitiesInThread } from '../engine/entities/thread.js';

/**
 * `find_entities` (decisions §7): each chunk is read once per process, in the project's language,
 * in a worker thread (engine/entities/thread.ts); results are cached by chunk id.
 */
const perChunk = new Map<string, Entity[]>();
const MAX_CACHED = 200_000;

export async function findEntities(scope: ProjectScope, body: ReadBody<'find_entities'>): Promise<ReadAnswer<'find_entities'>> {
  const db = scope.store.db;
  const chunks = await db
    .selectFrom('chunks')
    .innerJoin('documents', 'documents.id', 'chunks.documentId')
    .select(['chunks.id as id', 'chunks.idx as idx', 'chunks.text as text', 'documents.counter as counter'])
    .where('chunks.projectId', '=', scope.project.id)
    .where('documents.status', '=', 'ready')
    .orderBy('documents.counter')
    .orderBy('chunks.idx')
    .execute();
  const wanted = body.entity?.trim().toLowerCase();
  if (wanted) {
    const mentions = [];
    for (const c of chunks) {
      const at = c.text.toLowerCase().indexOf(wanted);
      if (at === -1) continue;
      const from = Math.max(0, at - 80);
      const to = Math.min(c.text.length, at + wanted.length + 80);
      mentions.push({
        documentId: `D${c.counter}`,
        chunkIndex: Number(c.idx),
        snippet: `${from > 0 ? '…' : ''}${c.text.slice(from, to)}${to < c.text.length ? '…' : ''}`,
      });
    }
    return { entity: body.entity, mentions, count: mentions.length };
  }
  const unread = chunks.filter((c) => !perChunk.has(c.id));
  const read = await entitiesInThread(
    unread.map((c) => c.text),
    scope.project.locale,
  ).catch((err: unknown) => {
    if (err instanceof EntitiesUnavailable) throw unavailable(err.message, { cause: err });
    throw err;
  });
  const fresh = new Map(unread.map((c, i) => [c.id, read[i]!]));
  const found = chunks.map((c) => ({ document: Number(c.counter), entities: perChunk.get(c.id) ?? fresh.get(c.id) ?? [] }));
  if (perChunk.size + fresh.size > MAX_CACHED) perChunk.clear();
  for (const [id, entities] of fresh) perChunk.set(id, entities);
  const entities = tallyEntities(found)
    .slice(0, 100)
    .map((e) => ({
      text: e.text,
      type: e.kind,
      count: e.count,
      documentIds: [...e.documents].sort((x, y) => x - y).map((n) => `D${n}`),
    }));
  return { entities };
}
