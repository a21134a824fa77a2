import { makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import type { StoreKind } from '../helpers/stores.js';

export interface LiveServer {
  t: TestApp;
  f: Fixture;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A server listening on an ephemeral port of 127.0.0.1, with a seeded project (1000 credits, one
 * key of each kind) and one background worker polling in this thread, as clients meet it: they
 * upload, then poll until the worker has done its part.
 */
export async function startLiveServer(kind: StoreKind, env: Record<string, string> = {}): Promise<LiveServer> {
  const t = await makeTestApp(kind, { SIFT_WORKERS: '1', ...env });
  const f = await seedProject(t);
  const url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  return { t, f, url, close: () => t.close() };
}
