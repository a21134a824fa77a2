import type { FastifyInstance } from 'fastify';

/** How long without a request before this process counts as quiet. */
const QUIET_MS = 100;
const CHECK_MS = 50;

// The process's, not a server's: work done while it is quiet takes the CPU from all of them.
const activity = { answering: 0, lastAt: Number.NEGATIVE_INFINITY };

const ended = () => {
  activity.answering--;
  activity.lastAt = performance.now();
};

/** Counts the requests `app` is answering, for the work this process does only while none come (`whenQuiet`). */
export function trackRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, reply, done) => {
    activity.answering++;
    activity.lastAt = performance.now();
    // 'close', not Fastify's onResponse: it comes for an answer cut short by its client too.
    reply.raw.once('close', ended);
    done();
  });
}

const isQuiet = () => activity.answering === 0 && performance.now() - activity.lastAt >= QUIET_MS;

/**
 * Runs `task` once no request is being answered and none has begun or ended for QUIET_MS
 * (checked every CHECK_MS), or after `atMostMs` whatever comes: for what a start loads in the
 * background, so that the first requests after it do not wait behind it.
 */
export function whenQuiet(task: () => void, atMostMs = Number.POSITIVE_INFINITY): void {
  const since = performance.now();
  const check = () => {
    if (isQuiet() || performance.now() - since >= atMostMs) task();
    else setTimeout(check, CHECK_MS).unref();
  };
  setTimeout(check, CHECK_MS).unref();
}
