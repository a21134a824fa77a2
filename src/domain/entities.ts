import type { ProjectScope } from './context.js';
import { unavailable } from './errors.js';
import type { ReadBody, ReadAnswer } from '../schema/types.js';
import type { Entity } from '../engine/entities/index.js';
import { tallyEntities } from '../engine/entities/tally.js';
import { EntitiesUnavailable, entitiesInThread } from '../engine/entities/thread.js';
import { rankedText } from '../engine/search/analysed.js';
import { chunkSections } from '../engine/chunk.js';
import { groupBy } from '../store/in-batches.js';

/**
 * `find_entities` (decisions §7): each section of a document (a run of its chunks of up to 250
 * words, chunk.ts `chunkSections`: a prose chunk, or a transcript's turns as chunks held them
 * before issue 44, each after its speaker's label) is read once per process, in the project's
 * language, in a worker thread (engine/entities/thread.ts); results are cached by the section's
 * chunk ids. Read turn by turn, the speaker's labels made every name count once per turn (a
 * participant's 4 passages became 14), and read without them the names of speakers were lost.
 */
const perSection = new Map<string, Entity[]>();
const MAX_CACHED = 200_000;

export async function findEntities(scope: ProjectScope, body: ReadBody<'find_entities'>): Promise<ReadAnswer<'find_entities'>> {
  const db = scope.store.db;
  const chunks = await db
    .selectFrom('chunks')
    .innerJoin('documents', 'documents.id', 'chunks.documentId')
    .select(['chunks.id as id', 'chunks.idx as idx', 'chunks.text as text', 'chunks.speaker as speaker', 'documents.counter as counter'])
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
  const sections = [...groupBy(chunks, (c) => String(c.counter)).values()].flatMap((list) =>
    chunkSections(list).map((places) => ({
      key: places.map((i) => list[i]!.id).join(' '),
      counter: list[0]!.counter,
      text: places.map((i) => rankedText(list[i]!)).join('\n\n'),
    })),
  );
  const unread = sections.filter((c) => !perSection.has(c.key));
  const read = await entitiesInThread(
    unread.map((c) => c.text),
    scope.project.locale,
  ).catch((err: unknown) => {
    if (err instanceof EntitiesUnavailable) throw unavailable(err.message, { cause: err });
    throw err;
  });
  const fresh = new Map(unread.map((c, i) => [c.key, read[i]!]));
  const found = sections.map((c) => ({ document: Number(c.counter), entities: perSection.get(c.key) ?? fresh.get(c.key) ?? [] }));
  if (perSection.size + fresh.size > MAX_CACHED) perSection.clear();
  for (const [key, entities] of fresh) perSection.set(key, entities);
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
