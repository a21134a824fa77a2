/**
 * A 19.9 MB text (sift's ceiling for plain text is 20 MB) from upload to `awaiting_confirmation` (issue 29): a sift server in a process of
 * its own (embedded store, its worker thread) beside a bare receiver in a process of its own —
 * Fastify with @fastify/multipart writing the file to disk, then reading it back as UTF-8 and
 * counting its words with a regular expression (the least extraction a plain text needs). Three
 * rounds, alternated; medians (ranges).
 *
 *   npm run build && npx tsx bench/upload-large.ts
 *
 * Target: sift within 2× the bare receiver.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRANSCRIPTS } from '../test/fixtures/transcripts.js';
import { client, median, NO_LIMITS, ROOT, sleep, startServer } from './server-process.js';

const ADMIN = 'upload-bench-operator-token';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const MB = Number(process.env.MB ?? 19);

const BARE = `
const fs = require('node:fs');
const { pipeline } = require('node:stream/promises');
const Fastify = require(${JSON.stringify(path.join(ROOT, 'node_modules/fastify'))});
const app = Fastify({ bodyLimit: 100 * 1024 * 1024 });
app.register(require(${JSON.stringify(path.join(ROOT, 'node_modules/@fastify/multipart'))}), { limits: { fileSize: 100 * 1024 * 1024 } });
app.get('/readyz', async () => ({ ready: true }));
app.post('/upload', async (req) => {
  const out = [];
  for await (const part of req.files()) {
    const file = require('node:path').join(process.env.DIR, String(out.length));
    await pipeline(part.file, fs.createWriteStream(file));
    const text = new TextDecoder().decode(fs.readFileSync(file));
    out.push({ filename: part.filename, words: (text.match(/[\\p{L}\\p{N}]+(?:['’][\\p{L}]+)*/gu) || []).length });
  }
  return { documents: out };
});
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function text(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const t = `${TRANSCRIPTS[i % TRANSCRIPTS.length]!.text}\n\n`;
    parts.push(t);
    size += t.length;
  }
  return parts.join('');
}

async function main() {
  const body = text(MB * 1024 * 1024);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-upload-'));
  const bareFile = path.join(work, 'bare.cjs');
  fs.writeFileSync(bareFile, BARE);
  const sift: number[] = [];
  const bare: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = fs.mkdtempSync(path.join(work, 'bare-'));
      const b = await startServer({ DIR: dir }, [bareFile]);
      const form = new FormData();
      form.append('file', new Blob([body]), 'interviews.txt');
      let t = performance.now();
      const res = await fetch(`${b.base}/upload`, { method: 'POST', body: form });
      if (res.status !== 200) throw new Error(`bare receiver: ${res.status}`);
      await res.json();
      bare.push(performance.now() - t);
      await b.stop();

      const data = fs.mkdtempSync(path.join(work, 'sift-'));
      const s = await startServer({ SIFT_DATA_DIR: data, SIFT_ADMIN_TOKEN: ADMIN, ...NO_LIMITS });
      const post = client(s.base);
      const { user } = await post('admin', ADMIN, { action: 'create_user', email: 'upload@example.com' });
      const { account } = await post('admin', ADMIN, { action: 'create_account', name: 'Upload', ownerUserId: user.id, credits: 1_000_000 });
      const { project } = await post('admin', ADMIN, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'Upload' });
      const accountKey = (await post('admin', ADMIN, { action: 'create_account_key', accountId: account.id, userId: user.id })).key as string;
      // Let the worker thread finish loading, as it has on a server that has been up a while.
      await sleep(3000);
      const siftForm = new FormData();
      siftForm.append('file', new Blob([body]), 'interviews.txt');
      t = performance.now();
      const up = await fetch(`${s.base}/api/sift-account/upload?projectId=${project.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accountKey}` },
        body: siftForm,
      });
      if (up.status !== 200) throw new Error(`sift upload: ${up.status} ${await up.text()}`);
      for (;;) {
        const status = await post('account', accountKey, { action: 'get_project_status', projectId: project.id });
        const doc = (status.documents as { status: string }[])[0];
        if (doc?.status === 'awaiting_confirmation') break;
        if (doc && doc.status !== 'pending') throw new Error(`the document is ${doc.status}`);
        await sleep(20);
      }
      sift.push(performance.now() - t);
      await s.stop();
    }
    const fmt = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} (${(Math.min(...xs) / 1000).toFixed(2)}-${(Math.max(...xs) / 1000).toFixed(2)})`;
    console.log(`\n${(Buffer.byteLength(body) / 1e6).toFixed(1)} MB of text, ${ROUNDS} rounds, Node ${process.version}, ${os.cpus().length} cores\n`);
    console.log('| from upload to | seconds, median (range) |');
    console.log('|---|---:|');
    console.log(`| bare receiver: stored, read back, words counted | ${fmt(bare)} |`);
    console.log(`| sift: awaiting_confirmation | ${fmt(sift)} |`);
    console.log(`| ratio | ${(median(sift) / median(bare)).toFixed(1)}x |`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
