/**
 * Time of an automatic analysis on 50, 100 and 200 synthetic transcripts of about 1,000 words,
 * beside a baseline in the same process: reading the same transcripts once into TF-IDF vectors
 * (tokens, stems, weights), the least any text analysis has to do:
 *   npx tsx bench/analysis.ts
 */
import { automaticAnalysis } from '../src/engine/analysis/index.js';
import { chunkText } from '../src/engine/chunk.js';
import { Vectorizer } from '../src/engine/analysis/vectors.js';
import { DOCUMENTS } from '../test/eval/corpus.js';
import { TRANSCRIPTS } from '../test/fixtures/transcripts.js';

const answers = [...DOCUMENTS.flat(), ...TRANSCRIPTS.flatMap((t) => t.text.split('\n\n'))].filter((p) => p.startsWith('Participant:')).map((p) => p.slice(13));
const questions = [...DOCUMENTS.flat(), ...TRANSCRIPTS.flatMap((t) => t.text.split('\n\n'))].filter((p) => p.startsWith('Interviewer:'));

function transcript(n: number): string {
  let s = n * 7919;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
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

function vectorise(texts: string[]): void {
  const turns = texts.flatMap((t) => t.split('\n\n'));
  const v = new Vectorizer('en');
  v.fit(turns);
  for (const t of turns) v.vector(t);
}

// Warm-up, not reported: module loading and the JIT would otherwise fall on the first row.
const warm = Array.from({ length: 10 }, (_, i) => transcript(1000 + i));
automaticAnalysis(warm.map((text, i) => ({ id: `w${i}`, text, chunks: chunkText(text) })), { locale: 'en', granularity: 'default', strictMode: false, existingCategories: [], seed: 42 });
vectorise(warm);

console.log('| transcripts | words | seconds | baseline seconds | ratio to baseline | seconds per 50 transcripts | themes | insights |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const n of [50, 100, 200]) {
  const docs = Array.from({ length: n }, (_, i) => {
    const text = transcript(i + 1);
    return { id: `t${i}`, text, chunks: chunkText(text) };
  });
  const words = docs.reduce((s, d) => s + d.text.split(/\s+/).length, 0);
  const t0 = performance.now();
  const r = automaticAnalysis(docs, { locale: 'en', granularity: 'default', strictMode: false, existingCategories: [], seed: 42 });
  const secs = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  vectorise(docs.map((d) => d.text));
  const base = (performance.now() - t1) / 1000;
  console.log(`| ${n} | ${words} | ${secs.toFixed(1)} | ${base.toFixed(2)} | ${(secs / base).toFixed(1)}x | ${((secs * 50) / n).toFixed(2)} | ${r.categories.filter((c) => !c.parentKey).length} | ${r.insights.length} |`);
}
