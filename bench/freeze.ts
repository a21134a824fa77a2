/**
 * No single request freezes the API (issue 26): each heavy request is sent to a sift server in a
 * process of its own while another key asks `get_project` one request after another, and the
 * server's memory (VmRSS, its threads included) is sampled. Baseline: the same `get_project`
 * loop with nothing else running, in the same run.
 *
 *   npm run build && npx tsx bench/freeze.ts                 # SQLite (embedded store)
 *   STORE=postgres npm run build && STORE=postgres npx tsx bench/freeze.ts   # a fresh PostgreSQL database
 *
 * ONLY=<regular expression> runs the cases whose names match; SIFT_SERVER=<path> runs another
 * build's `cli/main.js` (one built elsewhere while the checkout's dist/ changes);
 * SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server; SERVER_OUT=<file> keeps
 * what it printed (with SERVER_NODE_ARGS=--trace-gc, each thread's heap over time).
 *
 * Target (issue 41): get_project p99 ≤ 200 ms in every case; the server under 600 MB through the
 * 20 MB upload (it runs first, on a server that has not yet read anything large).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Deflate, strToU8, zipSync } from 'fflate';
import { Worker } from 'node:worker_threads';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SERVER = process.env.SIFT_SERVER ?? path.join(ROOT, 'dist/cli/main.js');
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : null;
const MB = 1024 * 1024;
const ADMIN = 'freeze-bench-operator-token';
const PG = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

/** A zip entry of `bytes` zero bytes, deflated in pieces so the bench never holds it inflated. */
function zeros(bytes: number): Uint8Array {
  const out: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => out.push(chunk));
  const piece = new Uint8Array(16 * 1024 * 1024);
  for (let left = bytes; left > 0; left -= piece.length) deflate.push(left > piece.length ? piece : piece.subarray(0, left), left <= piece.length);
  return Buffer.concat(out);
}

/** A zip whose entries are given already deflated, each declaring `declared` bytes (its real size, or a lie). */
function zipOfDeflated(entries: { name: string; data: Uint8Array; size: number; declared: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 14); // CRC: yauzl and the parsers check sizes first; the bench's bombs are refused before a CRC is read.
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(e.data));
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const guid = () => crypto.randomUUID();
/** A valid REFI-QDA project of `sources` plain-text sources and `codes` codes. */
function bigQdpx(sources: number, codes: number): Uint8Array {
  const codeXml = Array.from({ length: codes }, (_, i) => `<Code guid="${guid()}" name="code ${i}" isCodable="true"/>`).join('');
  const sourceXml = Array.from(
    { length: sources },
    (_, i) =>
      `<TextSource guid="${guid()}" name="interview ${i}"><PlainTextContent>Participant: the bus was late again on day ${i}.</PlainTextContent></TextSource>`,
  ).join('');
  const qde = `<?xml version="1.0" encoding="utf-8"?><Project xmlns="urn:QDA-XML:project:1.0" name="Big"><CodeBook><Codes>${codeXml}</Codes></CodeBook><Sources>${sourceXml}</Sources></Project>`;
  return zipSync({ 'project.qde': strToU8(qde) });
}

interface Heavy {
  name: string;
  /** Sends the heavy request(s); answers what they answered. */
  run(): Promise<string>;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-freeze-'));
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (process.env.STORE === 'postgres') {
    const name = `freeze_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(PG);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: PG });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS?.split(' ') ?? []), SERVER, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIFT_DATA_DIR: work,
      SIFT_ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'error',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...Object.fromEntries(
        ['READ', 'WRITE', 'ACCOUNT', 'ACCOUNT_UPLOAD', 'PARTNER', 'PARTNER_UPLOAD', 'ADMIN', 'FAILED_AUTH'].map((b) => [`SIFT_RATE_LIMIT_${b}`, '1000000']),
      ),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let serverOut = '';
  server.stdout!.on('data', (d: Buffer) => (serverOut += d.toString()));
  server.stderr!.on('data', (d: Buffer) => (serverOut += d.toString()));
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/readyz`)).status === 200) break;
      } catch {}
      if (i > 600) throw new Error(`the server did not start:\n${serverOut}`);
      await sleep(100);
    }
    const rss = () => {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    };

    const post = (surface: string, key: string, body: unknown) =>
      fetch(`${base}/api/sift-${surface}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    /**
     * A large body on a connection of its own, answered with its status: the server may answer
     * before the body is sent and close the connection (fetch then fails, though an answer came).
     */
    const postLarge = (surface: string, key: string, body: string) =>
      new Promise<string>((resolve) => {
        const req = http.request(
          `${base}/api/sift-${surface}`,
          {
            method: 'POST',
            agent: false,
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(String(res.statusCode)));
          },
        );
        req.on('error', (err) => resolve(`failed: ${err.message}`));
        req.end(body);
      });
    const admin = async (action: string, body: Record<string, unknown>) => {
      const res = await post('admin', ADMIN, { action, ...body });
      if (res.status !== 200) throw new Error(`${action}: ${res.status} ${await res.text()}`);
      return (await res.json()) as any;
    };
    const { user } = await admin('create_user', { email: 'freeze@example.com' });
    const { account } = await admin('create_account', { name: 'Freeze', ownerUserId: user.id, credits: 1_000_000 });
    const watched = (await admin('create_project', { accountId: account.id, ownerUserId: user.id, name: 'Watched' })).project;
    const heavy = (await admin('create_project', { accountId: account.id, ownerUserId: user.id, name: 'Heavy' })).project;
    const watchKey = (await admin('create_project_key', { projectId: watched.id, userId: user.id, access: 'read' })).key as string;
    const heavyRead = (await admin('create_project_key', { projectId: heavy.id, userId: user.id, access: 'read' })).key as string;
    const accountKey = (await admin('create_account_key', { accountId: account.id, userId: user.id })).key as string;
    const heavyEdit = (await admin('create_project_key', { projectId: heavy.id, userId: user.id, access: 'edit' })).key as string;
    const large = (await admin('create_project', { accountId: account.id, ownerUserId: user.id, name: 'Large' })).project;
    const largeRead = (await admin('create_project_key', { projectId: large.id, userId: user.id, access: 'read' })).key as string;

    const upload = async (projectId: string, files: { name: string; data: Uint8Array }[]) => {
      const form = new FormData();
      for (const f of files) form.append('file', new Blob([f.data]), f.name);
      const res = await fetch(`${base}/api/sift-account/upload?projectId=${projectId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accountKey}` },
        body: form,
      });
      return res;
    };
    const settle = async (projectId: string) => {
      for (;;) {
        const s = (await (await post('account', accountKey, { action: 'get_project_status', projectId })).json()) as any;
        if (s.pendingExtractionCount === 0 && (s.documents as { status: string }[]).every((d) => d.status !== 'processing')) return s;
        await sleep(200);
      }
    };

    // Fifty interviews, ready, for find_entities.
    const transcripts = (await import('../test/fixtures/transcripts.js')).TRANSCRIPTS;
    for (let batch = 0; batch < 50; batch += 10) {
      const files = Array.from({ length: 10 }, (_, i) => {
        const t = transcripts[(batch + i) % transcripts.length]!;
        return {
          name: `interview-${batch + i}.txt`,
          data: strToU8(
            `${t.text}\n\nInterviewer: And in Leeds, on 3 March 2025?\n\nParticipant: Maria Jensen at Northern Rail said the same, session ${batch + i}.`,
          ),
        };
      });
      await upload(heavy.id, files);
    }
    const status = await settle(heavy.id);
    await post('account', accountKey, { action: 'confirm_documents', projectId: heavy.id, expectedCreditCost: status.confirmableCreditCost });
    for (;;) {
      const s = (await (await post('account', accountKey, { action: 'get_project_status', projectId: heavy.id })).json()) as any;
      if ((s.documents as { status: string }[]).every((d) => d.status === 'ready')) break;
      await sleep(300);
    }

    const importArchive = async (data: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([data]), 'project.qdpx');
      const res = await fetch(`${base}/api/sift-account/import?format=qdpx`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accountKey}` },
        body: form,
      });
      return `${res.status} ${(await res.text()).slice(0, 90)}`;
    };
    /** One POST /mcp carrying `size` search calls as a JSON-RPC batch; answers its status. */
    const searchBatch = async (size: number) => {
      const calls = Array.from({ length: size }, (_, i) => ({
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: { name: 'search', arguments: { query: `bus late ${i}` } },
      }));
      const res = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${heavyRead}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify(calls),
      });
      return `${res.status}`;
    };
    const lyingEntries = (n: number, each: number) =>
      Array.from({ length: n }, (_, i) => ({ name: `sources/bomb${i}.txt`, data: zeros(each), size: each, declared: 2 * MB }));
    const honestXlsx = zipOfDeflated([
      { name: '[Content_Types].xml', data: zeros(1), size: 1, declared: 1 },
      { name: 'xl/worksheets/sheet1.xml', data: zeros(1024 * MB), size: 1024 * MB, declared: 1024 * MB },
    ]);
    const lyingXlsx = zipOfDeflated([{ name: 'xl/worksheets/sheet1.xml', data: zeros(1024 * MB), size: 1024 * MB, declared: 2 * MB }]);
    const lyingDocx = zipOfDeflated([{ name: 'word/document.xml', data: zeros(1024 * MB), size: 1024 * MB, declared: 2 * MB }]);
    // Just under the account surface's body limit (about 60 MB): millions of members no action allows.
    const invalidBody = `{"action":"start_analysis","projectId":"${heavy.id}","type":"automatic",${Array.from({ length: 4_640_000 }, (_, i) => `"k${i}":1`).join(',')}}`;
    /** A body of about `bytes` whose one long string member is `member` (a description, a note's text). */
    const longMember = (bytes: number, fields: Record<string, unknown>, member: string) => {
      const head = JSON.stringify(fields).slice(0, -1);
      return `${head},${JSON.stringify(member)}:"${'x'.repeat(bytes - head.length - member.length - 6)}"}`;
    };
    const nested = (bytes: number) => {
      const depth = Math.floor((bytes - 120) / 2);
      return `{"action":"start_analysis","projectId":"${heavy.id}","type":"automatic","documentIds":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    };
    /** Plain text of about `bytes`, transcripts one after another. */
    const plainText = (bytes: number) => {
      const parts: string[] = [];
      for (let i = 0, size = 0; size < bytes; i++) {
        const t = `${transcripts[i % transcripts.length]!.text}\n\n`;
        parts.push(t);
        size += t.length;
      }
      return parts.join('').slice(0, bytes);
    };
    const cases: Heavy[] = [
      {
        name: 'first search since the server started (50 documents)',
        run: async () => {
          const res = await post('read', heavyRead, { action: 'search', query: 'waiting for the bus' });
          return `${res.status} ${((await res.json()) as { total?: number }).total ?? ''}`;
        },
      },
      {
        name: '20 MB plain-text upload, extracted, confirmed, processed',
        run: async () => {
          const res = await upload(large.id, [{ name: 'large.txt', data: strToU8(plainText(19_900_000)) }]);
          const s = await settle(large.id);
          await post('account', accountKey, { action: 'confirm_documents', projectId: large.id, expectedCreditCost: s.confirmableCreditCost });
          for (;;) {
            const d = (await (await post('account', accountKey, { action: 'get_project_status', projectId: large.id })).json()) as any;
            const states = (d.documents as { status: string }[]).map((x) => x.status);
            if (states.every((x) => x === 'ready' || x === 'failed')) return `${res.status}, ${states.join(',')}`;
            await sleep(300);
          }
        },
      },
      {
        name: 'first search after the 20 MB document',
        run: async () => {
          const res = await post('read', largeRead, { action: 'search', query: 'bus late again' });
          return `${res.status} ${((await res.json()) as { total?: number }).total ?? ''}`;
        },
      },
      ...[29, 59].map((size) => ({
        name: `create_project of ${size} MB (its description past 2,000 characters)`,
        run: () => postLarge('account', accountKey, longMember(size * 1e6, { action: 'create_project', name: 'Long' }, 'description')),
      })),
      ...[29, 59].map((size) => ({
        name: `create_note of ${size} MB, write surface (limit ${size > 30 ? 'passed' : 'not passed'})`,
        run: () => postLarge('write', heavyEdit, longMember(size * 1e6, { action: 'create_note', targetType: 'document', targetId: 'D1' }, 'text')),
      })),
      {
        name: 'valid partner create_project of 19 MB (an inline document)',
        run: async () => {
          const partner = (await admin('create_partner', { name: 'Freeze partner' })).secret as string;
          const created = await post('partner', partner, { action: 'create_account', email: 'inline@example.com' });
          const accountId = ((await created.json()) as { account: { id: string } }).account.id;
          const body = JSON.stringify({
            action: 'create_project',
            accountId,
            name: 'Inline',
            files: { documents: [{ filename: 'inline.txt', text: plainText(19_000_000) }] },
          });
          return postLarge('partner', partner, body);
        },
      },
      {
        name: 'nested array of 18 MB (9 million levels)',
        run: () => postLarge('account', accountKey, nested(18e6)),
      },
      {
        name: '.qdpx bomb, headers lying (1 GiB in 2 MB claims)',
        run: () => importArchive(zipOfDeflated([{ name: 'project.qde', data: zeros(10), size: 10, declared: 10 }, ...lyingEntries(4, 256 * MB)])),
      },
      { name: '.qdpx, valid: 1,000 sources', run: () => importArchive(bigQdpx(1_000, 10)) },
      { name: '.qdpx, valid: 20,000 codes', run: () => importArchive(bigQdpx(1, 20_000)) },
      {
        name: `invalid body of ${(invalidBody.length / 1e6).toFixed(0)} MB (4.6 million members)`,
        run: () => postLarge('account', accountKey, invalidBody),
      },
      {
        name: 'twenty 1.17 MB read bodies at once',
        run: async () => {
          const body = JSON.stringify({ action: 'search', query: 'x'.repeat(1_170_000) });
          const answers = await Promise.all(Array.from({ length: 20 }, () => post('read', heavyRead, body)));
          return [...new Set(answers.map((r) => r.status))].join(',');
        },
      },
      { name: 'MCP batch of 10 searches (the most a batch holds)', run: () => searchBatch(10) },
      { name: 'MCP batch of 100 searches', run: () => searchBatch(100) },
      { name: 'first find_entities, 50 documents', run: async () => `${(await post('read', heavyRead, { action: 'find_entities' })).status}` },
      {
        name: 'honest 1 GiB .xlsx, lying .xlsx and .docx (uploaded, extracted)',
        run: async () => {
          const res = await upload(heavy.id, [
            { name: 'honest.xlsx', data: honestXlsx },
            { name: 'lying.xlsx', data: lyingXlsx },
            { name: 'lying.docx', data: lyingDocx },
          ]);
          const s = await settle(heavy.id);
          const failed = (s.documents as { status: string; error?: string }[]).filter((d) => d.status === 'failed').length;
          return `${res.status}, ${failed} failed`;
        },
      },
    ];

    /**
     * The watcher: get_project from the watched project's key, one after another (10 ms apart), on
     * a kept-alive connection of its own, in a thread of its own, so that building and sending a
     * heavy request here (a 59 MB string) never delays the watcher's own event loop. A connection
     * the server closed as it was reused is asked again, its time counted; three times is a failure.
     */
    const watcher = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
      const http = require('node:http');
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const once = () => new Promise((resolve, reject) => {
        const req = http.request(workerData.url, { method: 'POST', agent, headers: { authorization: 'Bearer ' + workerData.key, 'content-type': 'application/json' } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error('get_project answered ' + res.statusCode))));
        });
        req.on('error', reject);
        req.end('{"action":"get_project"}');
      });
      let running = false;
      parentPort.on('message', async (m) => {
        if (m === 'stop') { running = false; return; }
        running = true;
        const latencies = [];
        let failures = 0;
        while (running) {
          const t = performance.now();
          for (let attempt = 1; ; attempt++) {
            try { await once(); break; } catch (err) {
              failures++;
              if (attempt === 3) { parentPort.postMessage({ error: String(err) }); return; }
            }
          }
          latencies.push(performance.now() - t);
          await new Promise((r) => setTimeout(r, 10));
        }
        parentPort.postMessage({ latencies, failures });
      });`,
      { eval: true, workerData: { url: `${base}/api/sift-read`, key: watchKey } },
    );
    let failures = 0;
    /** get_project latencies while `until` runs (at least `minMs`), and the server's peak memory meanwhile. */
    const watch = async (until: Promise<unknown>, minMs: number) => {
      let peak = rss();
      const sampling = setInterval(() => {
        peak = Math.max(peak, rss());
      }, 20);
      const answered = new Promise<{ latencies?: number[]; failures?: number; error?: string }>((resolve) => watcher.once('message', resolve));
      watcher.postMessage('start');
      await Promise.all([until, sleep(minMs)]);
      watcher.postMessage('stop');
      const got = await answered;
      clearInterval(sampling);
      peak = Math.max(peak, rss());
      if (got.error) throw new Error(`get_project failed (${got.error}); the server said:\n${serverOut.slice(-2000)}`);
      failures += got.failures!;
      const latencies = got.latencies!.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
      return { n: latencies.length, p50: at(0.5), p99: at(0.99), max: latencies.at(-1)!, peak };
    };

    const rows: string[] = [];
    const line = (name: string, w: Awaited<ReturnType<typeof watch>>, answer: string, ms: number, ratio: string) =>
      `| ${name} | ${answer} | ${(ms / 1000).toFixed(1)} | ${w.n} | ${w.p50.toFixed(0)} | ${w.p99.toFixed(0)} | ${w.max.toFixed(0)} | ${ratio} | ${w.peak.toFixed(0)} |`;
    const idle = await watch(sleep(5_000), 5_000);
    rows.push(line('nothing else (baseline)', idle, '', 5_000, '1.0×'));
    for (const c of cases) {
      if (ONLY && !ONLY.test(c.name)) continue;
      const started = Date.now();
      let answer = '';
      const w = await watch(
        c.run().then(
          (a) => (answer = a),
          (err: unknown) => (answer = `failed: ${String(err).slice(0, 60)}`),
        ),
        2_000,
      );
      rows.push(line(c.name, w, answer, Date.now() - started, `${(w.p99 / Math.max(1, idle.p99)).toFixed(1)}×`));
      console.error(rows.at(-1));
    }
    console.log(`\nget_project while each heavy request runs, ${databaseUrl ? 'PostgreSQL' : 'SQLite'} (ms; server memory in MB, threads included)\n`);
    console.log('| heavy request | its answer | s | get_project calls | p50 | p99 | max | p99 vs baseline | server peak MB |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
    await watcher.terminate();
    if (failures > 0) console.log(`\n${failures} get_project calls failed on a closed connection and were asked again (their time counted)`);
  } finally {
    if (process.env.SERVER_OUT) fs.writeFileSync(process.env.SERVER_OUT, serverOut);
    server.kill('SIGTERM');
    await sleep(500);
    await dropDatabase();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
