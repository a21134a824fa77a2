import { Worker, type WorkerOptions } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Starts a worker thread on a module given by its URL relative to the caller's `import.meta.url`:
 * from dist/ the module is plain JS; from the TypeScript sources (tsx, vitest) the thread registers
 * tsx before importing it.
 */
export function startThread(callerUrl: string, modulePath: string, options: WorkerOptions = {}): Worker {
  const fromSource = callerUrl.endsWith('.ts');
  const url = new URL(fromSource ? `${modulePath}.ts` : `${modulePath}.js`, callerUrl);
  if (!fromSource) return new Worker(url, options);
  // require.resolve answers the CommonJS entry; the thread needs tsx's ESM one beside it.
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
