/**
 * `get_documents` while other data is written (issue 29): a sift server in a process of its own
 * (no background workers), a project of 200 documents, and autocannon in another process asking
 * `get_documents` at 32 connections; quiet, then with 20 commits a second elsewhere, made by this
 * process as another sift process would — on SQLite to another project of the same database file
 * (a tag each time), on PostgreSQL to another database of the same server. Three rounds of each,
 * alternated; medians and ranges.
 *
 *   npm run build && npx tsx bench/listing-cache.ts
 *   npm run build && STORE=postgres npx tsx bench/listing-cache.ts
 *
 * Target: with the commits, at least 0.9× the quiet figure.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { client, freshDatabase, median, NO_LIMITS, PG, ROOT, sleep, startServer } from './server-process.js';

const ADMIN = 'listing-bench-operator-token';
const DURATION = Number(process.env.DURATION ?? 8);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const COMMITS_PER_SECOND = 20;
const run = promisify(execFile);

/** autocannon in a process of its own: requests per second. */
async function load(url: string, key: string): Promise<number> {
  const { stdout } = await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/autocannon/autocannon.js'),
      '--json',
      '-c',
      '32',
      '-d',
      String(DURATION),
      '-m',
      'POST',
      '-H',
      `authorization=Bearer ${key}`,
      '-H',
      'content-type=application/json',
      '-b',
      '{"action":"get_documents"}',
      url,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number };
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r.requests.average;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-listing-'));
  const postgres = process.env.STORE === 'postgres';
  const database = postgres ? await freshDatabase('listing') : null;
  const databaseUrl = database?.url;
  // The noise on PostgreSQL: another database of the same server.
  const admin = new pg.Client({ connectionString: PG });
  if (postgres) {
    await admin.connect();
    await admin.query('CREATE TABLE IF NOT EXISTS listing_bench_noise (id serial primary key, at timestamptz default now())');
  }
  const server = await startServer({
    SIFT_DATA_DIR: work,
    SIFT_ADMIN_TOKEN: ADMIN,
    SIFT_WORKERS: '0',
    ...NO_LIMITS,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const base = server.base;
  try {
    const post = client(base);
    const { user } = await post('admin', ADMIN, { action: 'create_user', email: 'listing@example.com' });
    const { account } = await post('admin', ADMIN, { action: 'create_account', name: 'Listing', ownerUserId: user.id, credits: 1_000_000 });
    const listed = (await post('admin', ADMIN, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Listed' })).project;
    const other = (await post('admin', ADMIN, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Other' })).project;
    const readKey = (await post('admin', ADMIN, { action: 'create_project_key', projectId: listed.id, userId: user.id, access: 'read' })).key as string;
    const accountKey = (await post('admin', ADMIN, { action: 'create_account_key', accountId: account.id, userId: user.id })).key as string;
    for (let batch = 0; batch < 10; batch++) {
      const form = new FormData();
      for (let i = 0; i < 20; i++)
        form.append('file', new Blob([`Participant: interview ${batch * 20 + i} about the service.`]), `interview-${batch * 20 + i}.txt`);
      const res = await fetch(`${base}/api/sift-account/upload?projectId=${listed.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accountKey}` },
        body: form,
      });
      if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
    }

    const sqlite = postgres ? null : new SQLite(path.join(work, 'sift.db'));
    sqlite?.pragma('busy_timeout = 5000');
    let noisy = false;
    let running = true;
    let commits = 0;
    const noise = (async () => {
      for (let n = 0; running; n++) {
        if (!noisy) {
          await sleep(20);
          continue;
        }
        const started = Date.now();
        if (postgres) await admin.query('INSERT INTO listing_bench_noise DEFAULT VALUES');
        else {
          const id = crypto.randomUUID();
          const at = new Date().toISOString();
          sqlite!
            .prepare('insert into tags (id, project_id, short_id, text, description, color, created_at, updated_at) values (?, ?, ?, ?, ?, null, ?, ?)')
            .run(id, other.id, `T${id.slice(0, 10)}`, `noise ${n}`, '', at, at);
        }
        commits++;
        await sleep(Math.max(0, 1000 / COMMITS_PER_SECOND - (Date.now() - started)));
      }
    })();

    const url = `${base}/api/sift-read`;
    await load(url, readKey);
    const quiet: number[] = [];
    const busy: number[] = [];
    let busySeconds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      quiet.push(await load(url, readKey));
      noisy = true;
      const from = Date.now();
      busy.push(await load(url, readKey));
      busySeconds += (Date.now() - from) / 1000;
      noisy = false;
    }
    running = false;
    await noise;
    sqlite?.close();
    const fmt = (xs: number[]) => `${Math.round(median(xs))} (${Math.round(Math.min(...xs))}-${Math.round(Math.max(...xs))})`;
    const ratios = busy.map((b, i) => b / quiet[i]!);
    console.log(
      `\n${postgres ? 'PostgreSQL' : 'SQLite'}, 200 documents, 32 connections, ${DURATION} s a run, ${ROUNDS} rounds, Node ${process.version}, ${os.cpus().length} cores`,
    );
    console.log(`commits elsewhere: ${(commits / busySeconds).toFixed(1)} a second (${postgres ? 'another database' : 'another project'})\n`);
    console.log('| get_documents | req/s, median (range) |');
    console.log('|---|---:|');
    console.log(`| quiet | ${fmt(quiet)} |`);
    console.log(`| ${COMMITS_PER_SECOND} commits a second elsewhere | ${fmt(busy)} |`);
    console.log(`| ratio (per round) | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}) |`);
  } finally {
    await server.stop();
    if (postgres) {
      await database?.drop();
      await admin.query('DROP TABLE IF EXISTS listing_bench_noise');
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
