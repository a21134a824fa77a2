/** Prints nDCG@10 and recall@10 of the search engine on the retrieval sets, and what nonsense words answer: npx tsx test/eval/run.ts */
import { development, evaluate, heldOut, nonsenseAnswered, oneWord, projects, type Table } from './evaluate.js';
import { DOCUMENTS, QUERIES } from './corpus.js';

const print = (table: Table) => {
  console.log('| queries | ranking | nDCG@10 | recall@10 |');
  console.log('|---|---|---:|---:|');
  for (const [subset, rows] of Object.entries(table)) {
    for (const [name, s] of Object.entries(rows)) console.log(`| ${subset} | ${name} | ${s.ndcg.toFixed(3)} | ${s.recall.toFixed(3)} |`);
  }
};
console.log(`Tuning set: ${DOCUMENTS.length} documents, ${QUERIES.length} queries (${QUERIES.filter((q) => q.paraphrase).length} paraphrased)\n`);
print(evaluate());
if (process.env.HELD_OUT !== '0') {
  for (const { study, table } of heldOut()) {
    console.log(`\nHeld out: ${study}\n`);
    print(table);
  }
}
for (const { study, table } of development()) {
  console.log(`\nDevelopment study: ${study}\n`);
  print(table);
}
for (const { study, table } of oneWord()) {
  console.log(`\nOne-word queries: ${study} (concept queries as "paraphrased")\n`);
  print(table);
}
const seeds = (process.env.SEEDS ?? '42,1,2,3').split(',').map(Number);
console.log(`\nNonsense words answered (50 per seed; seed 42 is the one the bars were set on):\n`);
console.log(`| project | ${seeds.map((s) => `seed ${s}`).join(' | ')} |`);
console.log(`|---|${seeds.map(() => '---').join('|')}|`);
for (const p of projects()) {
  const cells = seeds.map((s) => {
    const hit = nonsenseAnswered(p.chunks, s);
    return hit.length === 0 ? '0' : `${hit.length} (${hit.map((h) => `${h.word}: ${h.total}`).join(', ')})`;
  });
  console.log(`| ${p.name} | ${cells.join(' | ')} |`);
}
