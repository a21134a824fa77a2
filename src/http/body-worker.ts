import { parentPort } from 'node:worker_threads';
import { parseJsonBody } from './json-parse.js';
import { bodyValidator, firstProblemValidator, type BodyKind } from '../schema/validate.js';
import type { BodyReading } from './body-thread.js';

/** Bodies up to this long have every problem listed; longer ones their first (validate.ts says why). */
const FULL_DETAILS_CHARS = 2 * 1024 * 1024;

/** Parses one body per message and checks it against its route's schema up to the first problem. */
parentPort!.on('message', (msg: { text: string; kind: BodyKind | null }) => {
  let reply: BodyReading;
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
