import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { makeTestApp, seedProject, ADMIN, ADMIN_TOKEN, READ, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { insertDocument } from '../helpers/documents.js';
import { parseConfig, ConfigError } from '../../src/config.js';
import { listenMetrics } from '../../src/http/metrics-route.js';
import { newId } from '../../src/domain/ids.js';
import type { Store } from '../../src/store/store.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface Family {
  type: string;
  help: string;
  samples: Sample[];
}

/**
 * The Prometheus text format (version 0.0.4), as far as prom-client writes it: `# HELP` and
 * `# TYPE` lines, then the family's samples, `name{label="value",…} number`. Throws on any line
 * it cannot read, and on a sample outside the family its `# TYPE` line opened.
 */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  let current: { name: string; family: Family } | null = null;
  const familyOf = (name: string) => {
    const f = families.get(name) ?? { type: 'untyped', help: '', samples: [] };
    families.set(name, f);
    return f;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      const family = familyOf(meta[2]!);
      if (meta[1] === 'HELP') family.help = meta[3]!.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      else family.type = meta[3]!;
      current = { name: meta[2]!, family };
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${line}`);
    const [, name, labelText = '', raw] = sample;
    if (!current || !name!.startsWith(current.name)) throw new Error(`sample ${name} outside its family (${current?.name})`);
    const labels: Record<string, string> = {};
    const labelRe = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/y;
    for (let m = labelRe.exec(labelText); m; m = labelRe.exec(labelText)) labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
    if (labelRe.lastIndex !== 0 && labelRe.lastIndex !== labelText.length) throw new Error(`unreadable labels: ${labelText}`);
    // Go's ParseFloat, which Prometheus reads values with, takes NaN and Inf in any case (prom-client writes `Nan`).
    const special = { nan: Number.NaN, '+inf': Infinity, inf: Infinity, '-inf': -Infinity }[raw!.toLowerCase()];
    const value = special ?? Number(raw);
    if (special === undefined && (raw === '' || Number.isNaN(value))) throw new Error(`not a number: ${line}`);
    current.family.samples.push({ name: name!, labels, value });
  }
  return families;
}

/** The sum of a family's samples (of `sampleName`, the family's own by default) whose labels include `labels`. */
function sampleSum(families: Map<string, Family>, family: string, labels: Record<string, string> = {}, sampleName = family): number {
  const f = families.get(family);
  if (!f) throw new Error(`no family ${family}`);
  return f.samples.filter((s) => s.name === sampleName && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

async function scrape(t: TestApp): Promise<Map<string, Family>> {
  const res = await t.app.server.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

/** Analysis runs as the workers leave them: one queued two minutes ago, finished ones with durations and model usage. */
async function insertRuns(store: Store, projectId: string) {
  const usage = (input: number, output: number) =>
    JSON.stringify({ calls: 1, cachedCalls: 0, failedCalls: 0, inputTokens: input, outputTokens: output, tokenCeiling: null, ceilingReached: false });
  const run = (
    type: string,
    status: 'queued' | 'running' | 'completed' | 'failed',
    times: { created: number; started?: number; finished?: number },
    modelUsage: string | null,
  ) => ({
    id: newId(),
    projectId,
    type,
    status,
    params: '{}',
    error: status === 'failed' ? 'the model did not answer' : null,
    note: null,
    modelUsage,
    leaseOwner: null,
    leaseExpiresAt: null,
    attempts: status === 'queued' ? 0 : 1,
    soloAttempts: 0,
    createdAt: ago(times.created),
    startedAt: times.started === undefined ? null : ago(times.started),
    finishedAt: times.finished === undefined ? null : ago(times.finished),
  });
  await store.db
    .insertInto('analyses')
    .values([
      run('automatic', 'queued', { created: 120 }, null),
      run('automatic', 'running', { created: 200, started: 190 }, usage(7, 3)),
      run('automatic', 'completed', { created: 110, started: 100, finished: 70 }, usage(1200, 300)),
      run('predefined', 'failed', { created: 55, started: 50, finished: 40 }, usage(50, 0)),
      // Finished two hours ago: counted among the runs and tokens, outside the duration window.
      run('predefined', 'completed', { created: 7300, started: 7260, finished: 7200 }, usage(1000, 100)),
    ])
    .execute();
}

describe.each(STORE_KINDS)('/metrics on %s', (kind) => {
  let t: TestApp;
  let f: Fixture;
  let before: Map<string, Family>;
  let after: Map<string, Family>;
  const delta = (family: string, labels: Record<string, string> = {}, sampleName = family) =>
    sampleSum(after, family, labels, sampleName) - (before.has(family) ? sampleSum(before, family, labels, sampleName) : 0);

  beforeAll(async () => {
    if (skipKind(kind)) return;
    t = await makeTestApp(kind, { SIFT_RATE_LIMIT_READ: '3' });
    // A real database error through the HTTP error handler: a statement the store refuses.
    t.app.server.get('/test/store-error', async () => sql`select * from no_such_table`.execute(t.app.store.db));
    f = await seedProject(t);
    before = await scrape(t);
    const reads = [];
    for (let i = 0; i < 4; i++) reads.push((await t.post(READ, f.readKey, { action: 'get_project' })).statusCode);
    expect(reads).toEqual([200, 200, 200, 429]);
    expect((await t.app.server.inject({ method: 'GET', url: '/no/such/route' })).statusCode).toBe(404);
    expect((await t.app.server.inject({ method: 'GET', url: '/test/store-error' })).statusCode).toBe(500);
    const pending = await insertDocument(t.app.store, f.projectId, { status: 'pending' });
    await t.app.store.db
      .updateTable('documents')
      .set({ createdAt: ago(300) })
      .where('id', '=', pending.id)
      .execute();
    const processing = await insertDocument(t.app.store, f.projectId, { status: 'processing' });
    await t.app.store.db
      .updateTable('documents')
      .set({ confirmedAt: ago(60) })
      .where('id', '=', processing.id)
      .execute();
    await insertDocument(t.app.store, f.projectId, { status: 'ready' });
    await insertRuns(t.app.store, f.projectId);
    after = await scrape(t);
  });
  afterAll(() => t?.close());

  it.skipIf(skipKind(kind))('counts requests by surface, action and status, with their latency', () => {
    expect(after.get('sift_http_requests_total')?.type).toBe('counter');
    expect(delta('sift_http_requests_total', { surface: READ, action: 'get_project', status: '200' })).toBe(3);
    // Refused before its body was read: its action is not known.
    expect(delta('sift_http_requests_total', { surface: READ, action: 'unknown', status: '429' })).toBe(1);
    expect(sampleSum(after, 'sift_http_requests_total', { surface: '/api/sift-admin', action: 'create_project_key', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(delta('sift_http_requests_total', { surface: 'unmatched', action: 'none', status: '404' })).toBe(1);
    expect(delta('sift_http_requests_total', { surface: '/test/store-error', action: 'none', status: '500' })).toBe(1);
    // The first scrape is counted once it is answered.
    expect(delta('sift_http_requests_total', { surface: '/metrics', status: '200' })).toBe(1);

    const h = 'sift_http_request_duration_seconds';
    expect(after.get(h)?.type).toBe('histogram');
    const labels = { surface: READ, action: 'get_project' };
    expect(delta(h, labels, `${h}_count`)).toBe(3);
    expect(delta(h, { ...labels, le: '+Inf' }, `${h}_bucket`)).toBe(3);
    expect(delta(h, labels, `${h}_sum`)).toBeGreaterThan(0);
    const buckets = after.get(h)!.samples.filter((s) => s.name === `${h}_bucket` && s.labels.surface === READ && s.labels.action === 'get_project');
    expect(buckets.map((b) => b.labels.le)).toContain('0.2');
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
  });

  it.skipIf(skipKind(kind))('keeps the action label to the surface’s actions', async () => {
    const bogus = `no_such_action_${Math.random().toString(36).slice(2)}`;
    expect((await t.post(ADMIN, ADMIN_TOKEN, { action: bogus })).statusCode).toBe(400);
    const again = await scrape(t);
    const samples = again.get('sift_http_requests_total')!.samples;
    expect(samples.some((s) => s.labels.action === bogus)).toBe(false);
    expect(sampleSum(again, 'sift_http_requests_total', { surface: ADMIN, action: 'unknown', status: '400' })).toBeGreaterThanOrEqual(1);
    const readActions = new Set(samples.filter((s) => s.labels.surface === READ).map((s) => s.labels.action));
    expect([...readActions].sort()).toEqual(['get_project', 'unknown']);
  });

  it.skipIf(skipKind(kind))('counts rate-limit refusals by bucket', () => {
    expect(after.get('sift_rate_limited_total')?.type).toBe('counter');
    expect(delta('sift_rate_limited_total', { bucket: 'read' })).toBe(1);
    expect(delta('sift_rate_limited_total', { bucket: 'admin' })).toBe(0);
  });

  it.skipIf(skipKind(kind))('reads queue depth and age from the store at scrape time', () => {
    expect(after.get('sift_queue_depth')?.type).toBe('gauge');
    expect(sampleSum(after, 'sift_queue_depth', { queue: 'documents_pending' })).toBe(1);
    expect(sampleSum(after, 'sift_queue_depth', { queue: 'documents_processing' })).toBe(1);
    expect(sampleSum(after, 'sift_queue_depth', { queue: 'analyses_queued' })).toBe(1);
    const age = (queue: string) => sampleSum(after, 'sift_queue_oldest_age_seconds', { queue });
    expect(age('documents_pending')).toBeGreaterThanOrEqual(300);
    expect(age('documents_pending')).toBeLessThan(360);
    expect(age('documents_processing')).toBeGreaterThanOrEqual(60);
    expect(age('documents_processing')).toBeLessThan(120);
    expect(age('analyses_queued')).toBeGreaterThanOrEqual(120);
    expect(age('analyses_queued')).toBeLessThan(180);
    // Before any work was inserted, the queues were empty.
    expect(sampleSum(before, 'sift_queue_depth')).toBe(0);
    expect(sampleSum(before, 'sift_queue_oldest_age_seconds')).toBe(0);
  });

  it.skipIf(skipKind(kind))('reports analysis runs by type and status, with the durations of the last hour', () => {
    expect(after.get('sift_analysis_runs')?.type).toBe('gauge');
    expect(sampleSum(after, 'sift_analysis_runs', { type: 'automatic', status: 'queued' })).toBe(1);
    expect(sampleSum(after, 'sift_analysis_runs', { type: 'automatic', status: 'running' })).toBe(1);
    expect(sampleSum(after, 'sift_analysis_runs', { type: 'automatic', status: 'completed' })).toBe(1);
    expect(sampleSum(after, 'sift_analysis_runs', { type: 'predefined', status: 'completed' })).toBe(1);
    expect(sampleSum(after, 'sift_analysis_runs', { type: 'predefined', status: 'failed' })).toBe(1);

    const h = 'sift_analysis_run_duration_seconds';
    expect(after.get(h)?.type).toBe('histogram');
    expect(sampleSum(after, h, {}, `${h}_count`)).toBe(2);
    expect(sampleSum(after, h, { type: 'automatic', status: 'completed' }, `${h}_sum`)).toBeCloseTo(30, 0);
    expect(sampleSum(after, h, { type: 'predefined', status: 'failed' }, `${h}_sum`)).toBeCloseTo(10, 0);
    expect(sampleSum(after, h, { type: 'automatic', status: 'completed', le: '15' }, `${h}_bucket`)).toBe(0);
    expect(sampleSum(after, h, { type: 'automatic', status: 'completed', le: '30' }, `${h}_bucket`)).toBe(1);
  });

  it.skipIf(skipKind(kind))('sums the model tokens the runs recorded', () => {
    expect(after.get('sift_model_tokens')?.type).toBe('gauge');
    expect(sampleSum(after, 'sift_model_tokens', { type: 'automatic', direction: 'input' })).toBe(1207);
    expect(sampleSum(after, 'sift_model_tokens', { type: 'automatic', direction: 'output' })).toBe(303);
    expect(sampleSum(after, 'sift_model_tokens', { type: 'predefined', direction: 'input' })).toBe(1050);
    expect(sampleSum(after, 'sift_model_tokens', { type: 'predefined', direction: 'output' })).toBe(100);
  });

  it.skipIf(skipKind(kind))('reports the PostgreSQL pool (none on SQLite)', () => {
    const pool = after.get('sift_store_pool_connections');
    expect(pool?.type).toBe('gauge');
    expect(after.get('sift_store_pool_waiting')?.type).toBe('gauge');
    expect(sampleSum(after, 'sift_store_pool_waiting')).toBe(0);
    if (kind === 'sqlite') expect(pool!.samples).toEqual([]);
    else {
      // The requests before the scrape opened connections; the scrape's own queries may hold some.
      const idle = sampleSum(after, 'sift_store_pool_connections', { state: 'idle' });
      const inUse = sampleSum(after, 'sift_store_pool_connections', { state: 'in_use' });
      expect(idle + inUse).toBeGreaterThanOrEqual(1);
      expect(idle + inUse).toBeLessThanOrEqual(10);
    }
  });

  it.skipIf(skipKind(kind))('counts database errors that reach the error handler', () => {
    expect(after.get('sift_store_errors_total')?.type).toBe('counter');
    expect(delta('sift_store_errors_total', { kind: 'other' })).toBe(1);
    expect(delta('sift_store_errors_total', { kind: 'unavailable' })).toBe(0);
  });

  it.skipIf(skipKind(kind))("includes prom-client's process metrics", () => {
    expect(sampleSum(after, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sampleSum(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(after.get('nodejs_eventloop_lag_p99_seconds')?.type).toBe('gauge');
  });
});

describe('/metrics access', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  it('needs the operator token: 401 without it or with a wrong one, counted as failed credentials (429 past their limit)', async () => {
    const t = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_FAILED_AUTH: '2' });
    apps.push(t);
    const get = (authorization?: string) => t.app.server.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    const none = await get();
    expect(none.statusCode).toBe(401);
    expect(none.body).not.toContain('sift_http_requests_total');
    expect((await get('Bearer not-the-operator-token')).statusCode).toBe(401);
    expect((await get(`Basic ${ADMIN_TOKEN}`)).statusCode).toBe(429);
    // The right token passes whatever wrong ones came from the address.
    const right = await get(`Bearer ${ADMIN_TOKEN}`);
    expect(right.statusCode).toBe(200);
    expect(sampleSum(parseExposition(right.body), 'sift_rate_limited_total', { bucket: 'failedAuth' })).toBeGreaterThanOrEqual(1);
  });

  it('is absent (404) without an operator token configured', async () => {
    const t = await makeTestApp('sqlite', { SIFT_ADMIN_TOKEN: '' });
    apps.push(t);
    expect((await t.app.server.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.server.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).statusCode).toBe(404);
  });

  it('answers without a credential on SIFT_METRICS_PORT, and stops with the server', async () => {
    const config = parseConfig({ SIFT_METRICS_PORT: '0' });
    expect(config.metricsPort).toBe(0);
    const t = await makeTestApp('sqlite', { SIFT_ADMIN_TOKEN: '', SIFT_METRICS_PORT: '0' });
    const address = await listenMetrics(t.app.server, config);
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${address}/metrics`);
    expect(res.status).toBe(200);
    const families = parseExposition(await res.text());
    for (const name of ['sift_http_requests_total', 'sift_queue_depth', 'sift_analysis_runs', 'sift_store_errors_total', 'process_resident_memory_bytes'])
      expect(families.has(name), name).toBe(true);
    expect((await fetch(`${address}/healthz`)).status).toBe(404);
    await t.close();
    await expect(fetch(`${address}/metrics`)).rejects.toThrow();
  });

  it('takes SIFT_METRICS_PORT as a port other than PORT', () => {
    expect(parseConfig({}).metricsPort).toBeNull();
    expect(parseConfig({ SIFT_METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    for (const env of [{ SIFT_METRICS_PORT: 'x' }, { SIFT_METRICS_PORT: '70000' }, { SIFT_METRICS_PORT: '8080' }]) {
      expect(() => parseConfig(env)).toThrow(ConfigError);
    }
    expect(() => parseConfig({ SIFT_METRICS_PORT: '8080' })).toThrow(/SIFT_METRICS_PORT must differ from PORT/);
  });
});
