/**
 * How many of a project's chunks hold a term, as search counts a word new to the process (BM25's
 * document frequency, up to 1,000) and a query's matches by words (`countMatching`,
 * src/store/chunk-terms.ts), on SQLite: the full-text table's rows counted alone, beside the
 * count it replaced, which looked up the chunk behind each match (the join `chunksMatching` needs
 * for ids). A project of CHUNKS chunks (bench/scale-project.ts); every term of the evaluation's
 * queries counted, alternated in this process, medians of ROUNDS rounds.
 *
 *   npx tsx bench/term-counts.ts          CHUNKS=30000 ROUNDS=5
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../src/store/store.js';
import { countMatching } from '../src/store/chunk-terms.js';
import { terms } from '../src/engine/text/index.js';
import { fillProject, queries } from './scale-project.js';
import { median, medianRange } from './server-process.js';

const CHUNKS = Number(process.env.CHUNKS ?? 30_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CAP = 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-term-counts-'));
const store = await openStore({ databaseUrl: null, dataDir });
try {
  const { projectId } = await fillProject(store, CHUNKS);
  const words = [...new Set(queries.flatMap((q) => terms(q, 'en')))];
  const quoted = (t: string) => `"${t.replaceAll('"', '""')}"`;
  const throughChunks = async (t: string) =>
    Number(
      (
        await sql<{ n: number }>`select count(*) as n from (select chunks.id from chunk_terms join chunks on chunks.rowid = chunk_terms.rowid
          where chunk_terms match ${`(project_id : ${quoted(projectId)} AND search_terms : (${quoted(t)}))`} limit ${CAP}) as matched`.execute(store.db)
      ).rows[0]!.n,
    );
  const alone = (t: string) => countMatching(store, projectId, { groups: [[t]] }, CAP);
  const timings = { before: [] as number[], now: [] as number[] };
  for (let round = 0; round < ROUNDS; round++)
    for (const [side, count] of [
      ['before', throughChunks],
      ['now', alone],
    ] as const) {
      const t = performance.now();
      const counts: number[] = [];
      for (const w of words) counts.push(await count(w));
      timings[side].push((performance.now() - t) / words.length);
      if (side === 'now' && round === 0) {
        const check = await Promise.all(words.map(throughChunks));
        if (check.some((n, i) => n !== counts[i])) throw new Error('the counts differ');
      }
    }
  console.log(`${CHUNKS} chunks, ${words.length} terms, medians of ${ROUNDS} (range), Node ${process.version}, ${os.cpus().length} cores:\n`);
  console.log('| count | ms a term |\n|---|---:|');
  console.log(`| through the chunks (before) | ${medianRange(timings.before, 3)} |`);
  console.log(`| the full-text rows alone (now) | ${medianRange(timings.now, 3)} |`);
  console.log(`\nnow / before: ${(median(timings.now) / median(timings.before)).toFixed(2)}`);
} finally {
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
