import { parentPort } from 'node:worker_threads';

/**
 * The extraction thread of src/engine/extract/worker.ts with one parser that never finishes:
 * a file named `stuck-…` spins forever before the real handler sees it, as a runaway parser
 * would. Every other file goes to the real handler unchanged. extraction-budget.test.ts starts
 * the extractor threads on this module.
 */
type Handler = (msg: { filename: string }) => unknown;
const port = parentPort! as unknown as { on(event: string, handler: Handler): unknown };
const on = port.on.bind(port);
port.on = (event, handler) =>
  on(
    event,
    event !== 'message'
      ? handler
      : (msg) => {
          if (msg.filename.startsWith('stuck-')) for (;;);
          return handler(msg);
        },
  );
await import('../../src/engine/extract/worker.js');
