import { parentPort } from 'node:worker_threads';
import { CHECKED_AS_IT_ARRIVES_BYTES, countJsonValues, parseJsonBody } from './json-parse.js';
import { bodyValidator, firstProblemValidator, maxValuesOf, type BodyKind } from '../schema/validate.js';
import type { BodyReading } from './body-thread.js';

/** Decodes, parses and checks one body per message against its route's schema, up to the first problem past CHECKED_AS_IT_ARRIVES_BYTES. */
parentPort!.on('message', (msg: { bytes: Uint8Array; kind: BodyKind | null }) => {
  let reply: BodyReading;
  const large = msg.bytes.length > CHECKED_AS_IT_ARRIVES_BYTES;
  const text = Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength).toString('utf8');
  // A large body is counted before it is parsed (body-scan.ts counted it as it came; this is the
  // same rule for a body that reached the thread another way): millions of tiny members cost a gigabyte to parse.
  const most = msg.kind && large ? maxValuesOf(msg.kind) : Number.POSITIVE_INFINITY;
  if (most < Number.POSITIVE_INFINITY && countJsonValues(text, most) > most) {
    parentPort!.postMessage({ ok: false, status: 413, message: `the body holds more than the ${most} JSON values any valid request of this route can` });
    return;
  }
  try {
    const value = parseJsonBody(text);
    let checked = msg.kind ? firstProblemValidator(msg.kind)(value) : ({ ok: true } as const);
    if (!checked.ok && msg.kind && !large) checked = bodyValidator(msg.kind)(value);
    reply = checked.ok ? { ok: true, value } : { ok: false, status: 400, message: checked.message, details: checked.details };
  } catch (err) {
    const message = err instanceof Error ? err.message : 'the body is not valid JSON';
    reply = { ok: false, status: 400, message, details: [{ path: '', message }] };
  }
  parentPort!.postMessage(reply);
});
