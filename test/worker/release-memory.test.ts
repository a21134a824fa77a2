import { describe, expect, it } from 'vitest';
import { startThread } from '../../src/engine/thread.js';

/** Runs releaseMemory in a worker thread after it made and dropped garbage: the heap in use before and after. */
function heapAroundRelease(): Promise<{ before: number; after: number }> {
  return new Promise((resolve, reject) => {
    const worker = startThread(import.meta.url, '../fixtures/release-memory-worker');
    worker.once('message', (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('memory after a large job', () => {
  it("collects what the job left behind in the workers' thread", async () => {
    const { before, after } = await heapAroundRelease();
    expect(after).toBeLessThan(before / 2);
  });
});
