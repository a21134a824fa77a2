import { randomUUID } from 'node:crypto';
import { findProjectKey } from '../domain/keys.js';
import { WARM_QUERY } from '../domain/search.js';
import { ANSWERS } from '../schema/answers/surfaces.js';
import type { Store } from '../store/store.js';
import { actionValidator } from '../schema/validate.js';
import { answerSerializer } from './answers.js';
import { parseJsonBody } from './json-parse.js';

/**
 * The rest of a search request's path run once, on nothing, after a start's warm-up search
 * (`answer`, its answer): its body parsed and validated, its answer serialized, and a key looked
 * up that no one holds (the query built, the statement prepared). Run for the first time by the
 * first search after a start, they cost it 12-20 ms more than later ones (bench/first-search.ts).
 */
export async function warmRequestPath(store: Store, answer: unknown): Promise<void> {
  actionValidator('read', 'search')(parseJsonBody(JSON.stringify(WARM_QUERY)));
  answerSerializer(ANSWERS.read.search)(answer);
  await findProjectKey(store.db, `warm-up ${randomUUID()}`);
}
