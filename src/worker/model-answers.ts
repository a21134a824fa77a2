import { sql } from 'kysely';
import type { Store } from '../store/store.js';
import type { AnswerCache } from '../engine/llm/meter.js';
import { nowIso } from '../domain/clock.js';
import type { JobKind } from './context.js';

/**
 * A project's model answers kept in the store (migration 011), outside any run's transaction:
 * an answer is kept the moment it arrives, so a worker killed mid-run leaves what it was
 * answered for the next attempt to read.
 */
export function storedAnswers(store: Store, projectId: string): AnswerCache {
  return {
    async get(key) {
      const row = await store.db
        .selectFrom('modelAnswers')
        .select(['content', 'inputTokens', 'outputTokens'])
        .where('projectId', '=', projectId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? { content: row.content, input: Number(row.inputTokens), output: Number(row.outputTokens) } : undefined;
    },
    async put(key, answer) {
      await store.db
        .insertInto('modelAnswers')
        .values({ projectId, key, content: answer.content, inputTokens: answer.input, outputTokens: answer.output, createdAt: nowIso() })
        .onConflict((oc) => oc.columns(['projectId', 'key']).doNothing())
        .execute();
    },
  };
}

const EVERY_MS = 3600_000;
const KEPT_MS = 30 * 24 * 3600_000;
const last = new WeakMap<object, number>();

/** Housekeeping: answers over 30 days old, and those and the text vectors of deleted projects, are removed once an hour. It never counts as work. */
export const modelAnswersPruneJob: JobKind = {
  name: 'model-answers-prune',
  async run(ctx) {
    if (Date.now() - (last.get(ctx.store) ?? 0) < EVERY_MS) return false;
    last.set(ctx.store, Date.now());
    const before = new Date(Date.now() - KEPT_MS).toISOString();
    await sql`delete from model_answers where created_at < ${before} or project_id not in (select id from projects)`.execute(ctx.store.db);
    await sql`delete from text_vectors where project_id not in (select id from projects)`.execute(ctx.store.db);
    return false;
  },
};
