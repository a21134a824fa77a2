import type { Sentence } from '../analysis/evidence.js';
import { predefinedCoding, predefinedInsights, predefinedReading, type Choice, type PredefinedCoding, type PredefinedOptions } from '../analysis/predefined.js';
import type { AnalysisDocument, InsightDraft, PredefinedCategoryInput, Verdict } from '../analysis/types.js';
import { CeilingReached, estimateTokens } from './meter.js';
import type { ChatMessage, LlmProvider } from './provider.js';

/**
 * Predefined analysis by a chat model: each passage (a participant's turn, or up to ten of its
 * sentences where the turn is longer) is coded against the run's categories, in batches sized to
 * the model's context. The model answers sentence numbers, never words, so every quote is the
 * passage's own sentence as the document has it; the offline engine's coding stands for the
 * sentences of any batch that fails (an error, an answer that does not parse, the run's token
 * ceiling).
 */
export interface ModelCodingOptions extends PredefinedOptions {
  /** The model's context window in tokens (`SIFT_LLM_CONTEXT_TOKENS`); batches fill about half of it. */
  contextTokens?: number;
}

export interface ModelCodingResult {
  insights: InsightDraft[];
  verdicts: Verdict[];
  batches: number;
  /** Batches (or halves of batches) the model answered. */
  answeredBatches: number;
  /** Batches (or halves of batches) the offline coding stands for, and the reason of each kind. */
  failedBatches: number;
  failures: string[];
}

const SENTENCES_PER_PASSAGE = 10;
/** How a model reads documents (evidence.ts): every sentence, long unpunctuated runs in pieces. */
export const MODEL_READING = { minWords: 1, every: true, pieceWords: 7, pieceOver: 30 };
const CATEGORY_IDS = (n: number) => `C${n + 1}`;

interface Passage {
  id: string;
  sentences: number[];
  prompt?: string;
}

/** A document's sentences by turn (or paragraph), long turns cut into runs of ten. */
export function passagesOf(sentences: Sentence[]): Passage[] {
  const out: Passage[] = [];
  let current: Passage | null = null;
  sentences.forEach((s, i) => {
    const prev = current ? sentences[current.sentences[current.sentences.length - 1]!]! : null;
    const same = prev && prev.documentId === s.documentId && prev.paragraph === s.paragraph && current!.sentences.length < SENTENCES_PER_PASSAGE;
    if (same) current!.sentences.push(i);
    else {
      current = { id: `P${out.length + 1}`, sentences: [i], ...(s.prompt ? { prompt: s.prompt } : {}) };
      out.push(current);
    }
  });
  return out;
}

const STRICTNESS = {
  strict: 'Code a sentence only where it clearly and directly speaks to the category.',
  inclusive: 'Code a sentence wherever it bears on the category, even loosely.',
  default: 'Code a sentence where it speaks to the category; leave out small talk, asides and sentences that fit no category.',
};

function system(opts: PredefinedOptions): string {
  const how = opts.strictMode ? STRICTNESS.strict : opts.granularity === 'inclusive' ? STRICTNESS.inclusive : STRICTNESS.default;
  return [
    'You are a qualitative researcher coding interview transcripts and documents against a codebook.',
    "For each passage, decide which of the codebook's categories each of its numbered sentences speaks to. A sentence may fit several categories or none.",
    "Follow each category's description, instructions and examples. The question a passage answers is given for context only; it is not coded.",
    how,
    'Answer with JSON only: {"codes": [{"passage": "P1", "category": "C2", "sentences": [1, 3]}]}, one entry per passage and category that applies, with the numbers of the sentences that speak to it. Leave out passages with nothing to code.',
  ].join('\n');
}

/** The codebook as the model reads it; examples are dropped from the last category back until it takes at most `budget` tokens. */
function codebook(categories: PredefinedCategoryInput[], budget: number): string {
  const examples = categories.map((c) => [...(c.examples ?? [])]);
  const write = () =>
    categories
      .map((c, n) =>
        [
          `${CATEGORY_IDS(n)}. ${c.name}`,
          c.description ? `Description: ${c.description}` : '',
          c.instructions ? `Instructions: ${c.instructions}` : '',
          c.categorizationInstructions ? `When to apply: ${c.categorizationInstructions}` : '',
          ...examples[n]!.map((e) => `Example: "${e.replace(/\s+/g, ' ').trim()}"`),
        ]
          .filter(Boolean)
          .join('\n'),
      )
      .join('\n\n');
  let text = write();
  for (let n = categories.length - 1; n >= 0 && estimateTokens(text) > budget; ) {
    if (examples[n]!.length === 0) n--;
    else {
      examples[n]!.pop();
      text = write();
    }
  }
  return text;
}

function passageText(p: Passage, sentences: Sentence[]): string {
  const asked = p.prompt ? ` (answering: "${p.prompt.replace(/\s+/g, ' ').trim().slice(0, 400)}")` : '';
  return [`${p.id}${asked}`, ...p.sentences.map((i, k) => `${k + 1}. ${sentences[i]!.text.replace(/\s+/g, ' ')}`)].join('\n');
}

const SCHEMA = {
  name: 'codes',
  schema: {
    type: 'object',
    properties: {
      codes: {
        type: 'array',
        items: {
          type: 'object',
          properties: { passage: { type: 'string' }, category: { type: 'string' }, sentences: { type: 'array', items: { type: 'integer' } } },
          required: ['passage', 'category', 'sentences'],
          additionalProperties: false,
        },
      },
    },
    required: ['codes'],
    additionalProperties: false,
  },
};

/** Each sentence of the batch with the categories the model gave it; throws where the answer is not the object asked for. */
export function readCodes(raw: string, batch: Passage[], categories: number): Map<number, number[]> {
  const from = raw.indexOf('{');
  const to = raw.lastIndexOf('}');
  let answer: unknown;
  try {
    answer = JSON.parse(raw.slice(from, to + 1));
  } catch {
    throw new Error('the model answered something that is not a JSON object');
  }
  const codes = (answer as { codes?: unknown })?.codes;
  if (!Array.isArray(codes)) throw new Error('the model\'s answer has no "codes" list');
  const byId = new Map(batch.map((p) => [p.id, p]));
  const out = new Map<number, number[]>(batch.flatMap((p) => p.sentences.map((i) => [i, []] as [number, number[]])));
  for (const code of codes as { passage?: unknown; category?: unknown; sentences?: unknown }[]) {
    const passage = typeof code?.passage === 'string' ? byId.get(code.passage.trim()) : undefined;
    const category = typeof code?.category === 'string' ? Number(/^C(\d+)$/i.exec(code.category.trim())?.[1]) - 1 : Number.NaN;
    // An entry naming a passage or category that does not exist is dropped; the rest of the answer stands.
    if (!passage || !(category >= 0 && category < categories) || !Array.isArray(code.sentences)) continue;
    for (const k of code.sentences) {
      const i = Number.isInteger(k) ? passage.sentences[(k as number) - 1] : undefined;
      if (i === undefined) continue;
      const list = out.get(i)!;
      if (!list.includes(category)) list.push(category);
    }
  }
  return out;
}

/** Passages in batches of about `budget` tokens, in document order. */
function batchesOf(passages: Passage[], sentences: Sentence[], budget: number): Passage[][] {
  const out: Passage[][] = [];
  let batch: Passage[] = [];
  let size = 0;
  for (const p of passages) {
    const tokens = estimateTokens(passageText(p, sentences));
    if (batch.length > 0 && size + tokens > budget) {
      out.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(p);
    size += tokens;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/**
 * `fallback` says what stands where the model does not answer (each sentence's choice, read from
 * another result); the offline engine's predefined coding without it.
 */
export async function predefinedByModel(
  llm: LlmProvider,
  docs: AnalysisDocument[],
  categories: PredefinedCategoryInput[],
  opts: ModelCodingOptions,
  fallback?: (reading: PredefinedCoding) => Choice[],
): Promise<ModelCodingResult> {
  // The model reads every participant sentence, short answers and a participant's own questions
  // too, and a run of more than thirty words without a full stop (an automatic transcript) in
  // pieces of about seven (on the development studies with the simulated coder at 0.95,
  // couriers-autotranscript 0.819 at fifteen words, 0.880 at ten; with the coder's exact share of
  // wrong passages, 0.896 at ten, 0.930 at seven, 0.939 at six, 0.897 at five; cutting only runs of
  // more than thirty words leaves punctuated studies' sentences whole).
  const reading = { ...opts, reading: opts.reading ?? MODEL_READING };
  const offline = fallback
    ? (() => {
        const r = predefinedReading(docs, categories, reading);
        return { ...r, chosen: fallback(r) };
      })()
    : predefinedCoding(docs, categories, reading);
  if (!llm.complete || categories.length === 0)
    return { ...predefinedInsights(offline, offline.chosen), batches: 0, answeredBatches: 0, failedBatches: 0, failures: [] };
  const context = opts.contextTokens ?? 8192;
  const instructions = system(opts);
  const book = codebook(categories, Math.floor(context / 4));
  const fixed = estimateTokens(instructions) + estimateTokens(book) + 50;
  // About half of what is left for the passages, the rest for the answer (a few tokens per coded sentence).
  const budget = Math.max(200, Math.floor((context - fixed) / 2));
  const passages = passagesOf(offline.sentences);
  const batches = batchesOf(passages, offline.sentences, budget);
  const chosen: Choice[] = [...offline.chosen];
  const failures = new Map<string, number>();
  let answeredBatches = 0;
  const maxTokens = Math.min(4096, Math.max(256, context - fixed - budget));
  // A batch that fails is tried again as two halves (a shorter answer is seldom cut off, and
  // another request is another draw of a flaky server), twice at most; what still fails keeps the
  // offline coding. Past the token ceiling nothing is tried again.
  const codeBatch = async (batch: Passage[], depth: number): Promise<void> => {
    const messages: ChatMessage[] = [
      { role: 'system', content: instructions },
      { role: 'user', content: `Codebook:\n\n${book}\n\nPassages:\n\n${batch.map((p) => passageText(p, offline.sentences)).join('\n\n')}` },
    ];
    try {
      const answer = await llm.complete!(messages, { schema: SCHEMA, maxTokens });
      for (const [i, codes] of readCodes(answer.content, batch, categories.length))
        chosen[i] = codes.length === 0 ? null : { category: codes[0]!, fit: 1, also: codes.slice(1).map((category) => ({ category, fit: 1 })) };
      answeredBatches++;
    } catch (err) {
      if (!(err instanceof CeilingReached) && batch.length > 1 && depth < 2) {
        const half = Math.ceil(batch.length / 2);
        await Promise.all([codeBatch(batch.slice(0, half), depth + 1), codeBatch(batch.slice(half), depth + 1)]);
        return;
      }
      const reason = (err as Error).message;
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    }
  };
  await Promise.all(batches.map((batch) => codeBatch(batch, 0)));
  const failedBatches = [...failures.values()].reduce((a, b) => a + b, 0);
  return { ...predefinedInsights(offline, chosen), batches: batches.length, answeredBatches, failedBatches, failures: [...failures.keys()] };
}
