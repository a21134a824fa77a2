import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ThreadPool } from '../../src/engine/thread-pool.js';

/** A thread that answers a number after that many milliseconds. */
const SLEEPER = `require('node:worker_threads').parentPort.on('message', (ms) => setTimeout(() => require('node:worker_threads').parentPort.postMessage(ms), ms));`;
const failures = { timeout: () => new Error('timeout'), crash: () => new Error('crash') };

describe('a pool of worker threads', () => {
  it('answers within the budget, fails a message past it, and answers the next one', async () => {
    const pool = new ThreadPool<number, number>(() => new Worker(SLEEPER, { eval: true }));
    expect(await pool.run(5, 5_000, failures)).toBe(5);
    await expect(pool.run(5_000, 50, failures)).rejects.toThrow('timeout');
    expect(await pool.run(1, 5_000, failures)).toBe(1);
  });

  it('runs at most maxBusy messages at once, the others waiting their turn', async () => {
    let started = 0;
    const pool = new ThreadPool<number, number>(
      () => {
        started++;
        return new Worker(SLEEPER, { eval: true });
      },
      2,
      2,
    );
    const answers = await Promise.all([30, 30, 30, 30, 30].map((ms) => pool.run(ms, 5_000, failures)));
    expect(answers).toEqual([30, 30, 30, 30, 30]);
    expect(started).toBe(2);
  });
});
