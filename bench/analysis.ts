/**
 * Time of an automatic analysis on 50, 100 and 200 synthetic transcripts of about 1,000 words:
 *   npx tsx bench/analysis.ts
 */
import { automaticAnalysis } from '../src/engine/analysis/index.js';
import { chunkText } from '../src/engine/chunk.js';
import { DOCUMENTS } from '../test/eval/corpus.js';
import { TRANSCRIPTS } from '../test/fixtures/transcripts.js';

const answers = [...DOCUMENTS.flat(), ...TRANSCRIPTS.flatMap((t) => t.text.split('\n\n'))].filter((p) => p.startsWith('Participant:')).map((p) => p.slice(13));
const questions = [...DOCUMENTS.flat(), ...TRANSCRIPTS.flatMap((t) => t.text.split('\n\n'))].filter((p) => p.startsWith('Interviewer:'));

function transcript(n: number): string {
  let s = n * 7919;
  const next = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const parts: string[] = [];
  let words = 0;
  while (words < 1000) {
    parts.push(questions[Math.floor(next() * questions.length)]!);
    const answer = answers[Math.floor(next() * answers.length)]!;
    parts.push(`Participant: ${answer}`);
    words += answer.split(/\s+/).length + 8;
  }
  return parts.join('\n\n');
}

console.log('| transcripts | words | seconds | themes | insights |');
console.log('|---:|---:|---:|---:|---:|');
for (const n of [50, 100, 200]) {
  const docs = Array.from({ length: n }, (_, i) => {
    const text = transcript(i + 1);
    return { id: `t${i}`, text, chunks: chunkText(text) };
  });
  const words = docs.reduce((s, d) => s + d.text.split(/\s+/).length, 0);
  const t0 = performance.now();
  const r = automaticAnalysis(docs, { locale: 'en', granularity: 'default', strictMode: false, existingCategories: [], seed: 42 });
  const secs = (performance.now() - t0) / 1000;
  console.log(`| ${n} | ${words} | ${secs.toFixed(1)} | ${r.categories.filter((c) => !c.parentKey).length} | ${r.insights.length} |`);
}
