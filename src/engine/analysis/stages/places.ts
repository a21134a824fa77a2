import { asksBackground } from '../background-questions.js';
import type { Sentence } from '../evidence.js';
import type { AutomaticParams } from '../params.js';

/** The sentences of each document's first participant turns (`openingTurns` of them): its opening. */
export function openingSentences(sentences: Sentence[], p: AutomaticParams): { opening: Set<number>; turnsOf: Map<string, Set<number>> } {
  // Each document's participant turns in order, once.
  const turnsOf = new Map<string, Set<number>>();
  for (const s of sentences) turnsOf.set(s.documentId, (turnsOf.get(s.documentId) ?? new Set()).add(s.turn));
  const first = new Map([...turnsOf].map(([d, turns]) => [d, new Set([...turns].sort((a, b) => a - b).slice(0, p.openingTurns))]));
  return { opening: new Set(sentences.flatMap((s, i) => (first.get(s.documentId)!.has(s.turn) ? [i] : []))), turnsOf };
}

/**
 * Where sentences stand in their interviews that says they are not data: introductions (the
 * opening of an interview long enough to have more than its opening: in a document of a few turns,
 * the first are most of what is said) and answers to questions about the participant's background.
 */
export function introductionsAndBackground(sentences: Sentence[], locale: string, p: AutomaticParams): { introductions: Set<number>; background: boolean[] } {
  const { opening, turnsOf } = openingSentences(sentences, p);
  return {
    introductions: new Set([...opening].filter((i) => turnsOf.get(sentences[i]!.documentId)!.size >= p.introductionTurns)),
    background: sentences.map((s) => !!s.prompt && asksBackground(s.prompt, locale)),
  };
}
