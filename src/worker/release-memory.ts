import { isMainThread } from 'node:worker_threads';
import v8 from 'node:v8';
import vm from 'node:vm';

let collect: (() => void) | null = null;

/**
 * A full garbage collection after a large job (an analysis), in the workers' own thread only:
 * the job leaves hundreds of megabytes of garbage that V8 would otherwise collect whenever
 * its heuristics say, so the process's memory swung by a third from one run to the next. The
 * collector is reached as `--expose-gc` would (the flag set now, the function read from a fresh
 * context), so that no command line has to carry the flag. Never on the thread answering HTTP,
 * which a full collection would hold up.
 */
export function releaseMemory(): void {
  if (isMainThread) return;
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}
