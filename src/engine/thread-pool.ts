import type { Worker } from 'node:worker_threads';

export interface ThreadFailures {
  /** The error when a message takes longer than its time budget (the thread is then terminated). */
  timeout(): Error;
  /** The error when the thread dies on a message (out of memory, a crash). */
  crash(cause: Error | number): Error;
}

/**
 * Worker threads that answer one message at a time, each within a time budget: a thread past the
 * budget or dead is terminated, so hostile input fails its own request and nothing else, and the
 * thread that answers HTTP never runs the work. Threads that answered in time are kept (up to
 * `maxIdle`) for the next message, since starting one costs up to a second; at most `maxBusy`
 * run at once, later messages waiting their turn.
 */
export class ThreadPool<In, Out> {
  private readonly idle: Worker[] = [];
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly start: () => Worker,
    private readonly maxIdle = 2,
    private readonly maxBusy = Number.POSITIVE_INFINITY,
  ) {}

  /** `retire`: end the thread after this message (a large one leaves a heap worth giving back) rather than keep it idle. */
  async run(message: In, timeoutMs: number, failures: ThreadFailures, retire = false): Promise<Out> {
    while (this.busy >= this.maxBusy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy++;
    try {
      return await this.runOne(message, timeoutMs, failures, retire);
    } finally {
      this.busy--;
      this.waiting.shift()?.();
    }
  }

  private async runOne(message: In, timeoutMs: number, failures: ThreadFailures, retire: boolean): Promise<Out> {
    const worker = this.idle.pop() ?? this.start();
    worker.ref();
    let healthy = false;
    try {
      return await new Promise<Out>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer);
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(failures.timeout());
        }, timeoutMs);
        const onMessage = (reply: Out) => {
          cleanup();
          healthy = true;
          resolve(reply);
        };
        const onError = (err: Error) => {
          cleanup();
          reject(failures.crash(err));
        };
        const onExit = (code: number) => {
          cleanup();
          reject(failures.crash(code));
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(message);
      });
    } finally {
      if (healthy && !retire && this.idle.length < this.maxIdle) {
        worker.unref();
        this.idle.push(worker);
      } else {
        await worker.terminate();
      }
    }
  }
}
