import { startThread } from '../thread.js';
import { ThreadPool } from '../thread-pool.js';
import type { Entity } from './index.js';

/** How long one request's entity reading may take. */
const TIMEOUT_MS = 5 * 60_000;

const threads = new ThreadPool<{ texts: string[]; locale: string }, Entity[][]>(() => startThread(import.meta.url, './worker'), 1, 2);

export class EntitiesUnavailable extends Error {}

/**
 * The entities of each text, read in a worker thread (compromise and chrono take seconds over a
 * project's chunks, which the thread answering HTTP must never spend); at most two such threads
 * at once, later requests waiting their turn.
 */
export function entitiesInThread(texts: string[], locale: string): Promise<Entity[][]> {
  if (texts.length === 0) return Promise.resolve([]);
  return threads.run({ texts, locale }, TIMEOUT_MS, {
    timeout: () => new EntitiesUnavailable(`reading the project's entities took longer than ${TIMEOUT_MS / 60_000} minutes`),
    crash: () => new EntitiesUnavailable("reading the project's entities failed"),
  });
}
