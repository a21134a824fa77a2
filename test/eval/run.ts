/** Prints nDCG@10 and recall@10 of the search engine on the retrieval set: npx tsx test/eval/run.ts */
import { evaluate } from './evaluate.js';
import { DOCUMENTS, QUERIES } from './corpus.js';

const table = evaluate();
console.log(`${DOCUMENTS.length} documents, ${QUERIES.length} queries (${QUERIES.filter((q) => q.paraphrase).length} paraphrased)\n`);
console.log('| queries | ranking | nDCG@10 | recall@10 |');
console.log('|---|---|---:|---:|');
for (const [subset, rows] of Object.entries(table)) {
  for (const [name, s] of Object.entries(rows)) console.log(`| ${subset} | ${name} | ${s.ndcg.toFixed(3)} | ${s.recall.toFixed(3)} |`);
}
