import { automaticAnalysis } from './automatic.js';
import { chunkText } from '../chunk.js';

const SAMPLE = [
  'Interviewer: How was the delivery?',
  'Participant: The driver was late again and the fees keep going up every month.',
  'Interviewer: And the produce?',
  'Participant: The strawberries were soft and the bread was stale, so I asked for a refund.',
].join('\n\n');

/**
 * Loads what analysis loads on first use (word vectors, part-of-speech tagger, stemmers) and lets
 * the engine's code warm up, on a tiny sample: done before a worker claims work, so that the first
 * real run does not spend its lease on it.
 */
export function warmUpAnalysis(): void {
  const docs = [0, 1, 2].map((i) => ({ id: `warm-${i}`, text: SAMPLE, chunks: chunkText(SAMPLE, { locale: 'en' }) }));
  automaticAnalysis(docs, { locale: 'en', granularity: 'default', strictMode: false, existingCategories: [], seed: 1 });
}
