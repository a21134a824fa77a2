import { parentPort } from 'node:worker_threads';
import { countJsonValues, parseJsonBody } from './json-parse.js';
import { bodyValidator, firstProblemValidator, maxValuesOf, type BodyKind } from '../schema/validate.js';
import type { BodyReading } from './body-thread.js';

/** Bodies up to this long have every problem listed; longer ones their first (validate.ts says why). */
const FULL_DETAILS_CHARS = 2 * 1024 * 1024;

/** Parses one body per message and checks it against its route's schema up to the first problem. */
parentPort!.on('message', (msg: { text: string; kind: BodyKind | null }) => {
  let reply: BodyReading;
  // A large body is counted before it is parsed: millions of tiny members cost a gigabyte to parse.
  const most = msg.kind && msg.text.length > FULL_DETAILS_CHARS ? maxValuesOf(msg.kind) : Number.POSITIVE_INFINITY;
  if (most < Number.POSITIVE_INFINITY && countJsonValues(msg.text, most) > most) {
    parentPort!.postMessage({ ok: false, status: 413, message: `the body holds more than the ${most} JSON values any valid request of this route can` });
    return;
  }
  try {
    const value = parseJsonBody(msg.text);
    let checked = msg.kind ? firstProblemValidator(msg.kind)(value) : ({ ok: true } as const);
    if (!checked.ok && msg.kind && msg.text.length <= FULL_DETAILS_CHARS) checked = bodyValidator(msg.kind)(value);
    reply = checked.ok ? { ok: true, value } : { ok: false, status: 400, message: checked.message, details: checked.details };
  } catch (err) {
    const message = err instanceof Error ? err.message : 'the body is not valid JSON';
    reply = { ok: false, status: 400, message, details: [{ path: '', message }] };
  }
  parentPort!.postMessage(reply);
});
