import { parentPort } from 'node:worker_threads';
import { extractInProcess } from './run.js';
import { ExtractionError, type ExtractBudget } from './types.js';

/** Runs one extraction per message; the parent terminates this thread when the budget runs out. */
parentPort!.on('message', async (msg: { data: Uint8Array; filename: string; budget: ExtractBudget }) => {
  try {
    parentPort!.postMessage({ ok: true, ...(await extractInProcess(msg.data, msg.filename, msg.budget)) });
  } catch (err) {
    const e = err instanceof ExtractionError ? err : new ExtractionError('corrupt', 'the file could not be read', { cause: err });
    // The message is the document's note, written for its owner; what the parser said crosses as
    // text (an error does not cross a thread whole) and becomes the cause, for the operator's log.
    const cause = e.cause instanceof Error ? `${e.cause.name}: ${e.cause.message}` : e.cause === undefined ? undefined : String(e.cause);
    parentPort!.postMessage({ ok: false, reason: e.reason, message: e.message, ...(cause === undefined ? {} : { cause }) });
  }
});
