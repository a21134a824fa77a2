/**
 * Word counting for prices (issue 29): `countWords` beside the segmenter alone over the same
 * pieces (what countWords did before), and a bare regular-expression count, on a 20 MB English
 * transcript and a 2 MB mixed one, in one process; medians of three.
 *   npx tsx bench/word-count.ts
 */
import { countWords } from '../src/domain/pricing.js';
import { pieces } from '../src/engine/text/index.js';
import { TRANSCRIPTS } from '../test/fixtures/transcripts.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const bySegmenter = (text: string) => {
  let n = 0;
  for (const piece of pieces(text)) for (const s of segmenter.segment(piece)) if (s.isWordLike) n++;
  return n;
};
const byRegex = (text: string) => text.match(/\S+/g)?.length ?? 0;

function median(f: () => number): { ms: number; count: number } {
  const runs: number[] = [];
  let count = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    count = f();
    runs.push(performance.now() - t);
  }
  return { ms: runs.sort((a, b) => a - b)[1]!, count };
}

const english = TRANSCRIPTS.map((t) => t.text).join('\n\n');
const texts = {
  'English transcripts, 20 MB': english.repeat(Math.ceil(20e6 / english.length)).slice(0, 20e6),
  'mixed: French, German, Chinese, 2 MB': 'Enquêtrice : Ça fait combien de temps ? Über die Gebühren: 12,50 €. 我们的团队觉得价格太高了。 '
    .repeat(25_000)
    .slice(0, 2e6),
};
console.log('| text | countWords ms | segmenter alone ms | ratio | regex (\\S+) ms | same count as the segmenter |');
console.log('|---|---:|---:|---:|---:|---|');
for (const [name, text] of Object.entries(texts)) {
  const now = median(() => countWords(text));
  const before = median(() => bySegmenter(text));
  const bare = median(() => byRegex(text));
  console.log(
    `| ${name} | ${now.ms.toFixed(0)} | ${before.ms.toFixed(0)} | ${(before.ms / now.ms).toFixed(1)}× faster | ${bare.ms.toFixed(0)} | ${now.count === before.count ? 'yes' : `no (${now.count} / ${before.count})`} |`,
  );
}
