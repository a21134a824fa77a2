import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkText } from '../../src/engine/chunk.js';
import { MODEL_READING, predefinedByModel, readCodes } from '../../src/engine/llm/coder.js';
import { estimateTokens } from '../../src/engine/llm/meter.js';
import { predefinedCoding, predefinedInsights } from '../../src/engine/analysis/predefined.js';
import { piecesOf } from '../../src/engine/analysis/evidence.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';
import { ruleCoder } from '../helpers/model-coder.js';

const docs = TRANSCRIPTS.map((t, i) => ({ id: `d${i}`, text: t.text, chunks: chunkText(t.text) }));
const categories = [
  {
    name: 'Bank sync',
    description: 'The connection to the bank failing',
    instructions: 'Only failures, not praise.',
    examples: ['the bank connection had failed again'],
  },
  { name: 'Pricing', description: 'What the app costs', categorizationInstructions: 'Apply to any mention of money paid for the app.' },
  { name: 'Onboarding', description: 'Getting started with the app' },
];
const rules = { 'Bank sync': /sync|bank|connect/i, Pricing: /pric|subscription|cost|expensive|pay|month/i };
const opts = { locale: 'en', granularity: 'default' as const, strictMode: false };
/** The document's participant turns: what a quote may come from. */
const participantText = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('Participant:'))
    .join('\n');

describe('predefined analysis coded by a model', () => {
  it("files each sentence where the model codes it, quoting the document's own participant sentences, in several categories or none", async () => {
    const model = ruleCoder(rules);
    const result = await predefinedByModel(model, docs, categories, opts);
    expect(result.batches).toBeGreaterThan(0);
    expect(result.failedBatches).toBe(0);
    const byName = (name: string) => result.insights.filter((i) => i.categoryKeys.includes(name));
    expect(byName('Bank sync').length).toBeGreaterThan(0);
    expect(byName('Pricing').length).toBeGreaterThan(0);
    // The model coded nothing as onboarding: the category stays empty whatever the offline engine would say.
    expect(byName('Onboarding')).toEqual([]);
    for (const insight of result.insights) {
      const doc = docs.find((d) => d.id === insight.documentId)!;
      for (const q of insight.quotes) {
        expect(participantText(doc.text)).toContain(q);
        expect(q).toMatch(insight.categoryKeys[0] === 'Pricing' ? rules.Pricing : rules['Bank sync']);
      }
    }
    // A sentence speaking to both is filed in both.
    const both = (q: string) => rules.Pricing.test(q) && rules['Bank sync'].test(q);
    const quotedIn = (name: string) => new Set(byName(name).flatMap((i) => i.quotes.filter(both)));
    expect(quotedIn('Pricing').size).toBeGreaterThan(0);
    for (const q of quotedIn('Pricing')) expect(quotedIn('Bank sync')).toContain(q);
  });

  it("sends every category's name, description, instructions, when to apply and examples, and asks for a JSON schema", async () => {
    const model = ruleCoder(rules);
    await predefinedByModel(model, docs, categories, opts);
    const first = model.requests[0]!;
    for (const part of [
      'C1. Bank sync',
      'Only failures, not praise.',
      'When to apply: Apply to any mention',
      'Example: "the bank connection had failed again"',
      'C3. Onboarding',
    ])
      expect(first.user).toContain(part);
    expect(first.opts.schema?.schema).toMatchObject({ required: ['codes'] });
    // Interviewers' questions travel as context, never as sentences to code.
    expect(first.user).toMatch(/\(answering: "[^"]+\?"\)/);
  });

  it("sizes batches to the model's context, each passage sent once", async () => {
    const model = ruleCoder(rules);
    const result = await predefinedByModel(model, docs, categories, { ...opts, contextTokens: 1024 });
    expect(result.batches).toBeGreaterThan(3);
    expect(model.requests).toHaveLength(result.batches);
    for (const r of model.requests) expect(estimateTokens(r.user) + (r.opts.maxTokens ?? 0)).toBeLessThanOrEqual(1024 * 1.1);
    const sent = model.requests.flatMap((r) => [...r.user.matchAll(/^\d+\. (.*)$/gm)].map((m) => m[1]));
    expect(new Set(sent).size).toBe(sent.length);
  });

  it('tries a failing batch again as halves, and keeps the offline coding for what still fails', async () => {
    const model = ruleCoder(rules);
    model.failWith = 'the provider answered HTTP 500';
    const result = await predefinedByModel(model, docs, categories, opts);
    expect(result.failedBatches).toBeGreaterThan(result.batches);
    expect(result.failures).toEqual(['the provider answered HTTP 500']);
    const offline = predefinedCoding(docs, categories, { ...opts, reading: MODEL_READING });
    const expected = predefinedInsights(offline, offline.chosen);
    expect(result.insights).toEqual(expected.insights);
  });

  it('reads any answer without failing on what it cannot use: unknown passages, categories and sentence numbers are dropped', () => {
    const batch = [
      { id: 'P1', sentences: [0, 1, 2] },
      { id: 'P2', sentences: [3] },
    ];
    const codes = readCodes(
      'Here you go:\n```json\n{"codes": [{"passage": "P1", "category": "C2", "sentences": [1, 3, 4, 0]}, {"passage": "P9", "category": "C1", "sentences": [1]}, {"passage": "P2", "category": "C7", "sentences": [1]}, {"passage": "P2", "category": "c1", "sentences": ["1", 1]}]}\n```',
      batch,
      3,
    );
    expect([...codes]).toEqual([
      [0, [1]],
      [1, []],
      [2, [1]],
      [3, [0]],
    ]);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify({ codes: v })),
        ),
        (raw) => {
          try {
            const out = readCodes(raw, batch, 3);
            for (const [i, cs] of out) {
              expect([0, 1, 2, 3]).toContain(i);
              for (const c of cs) expect(c >= 0 && c < 3).toBe(true);
            }
          } catch (err) {
            expect((err as Error).message).toMatch(/^the model/);
          }
        },
      ),
    );
  });

  it('cuts an unpunctuated run of speech into pieces of about the given length, before a filler where one is near', () => {
    const text =
      'yeah no problem um so I started like two years ago when I moved here for my masters and uh I needed something that was not fixed shifts because my lectures move around every term so a mate of mine was already doing it';
    const pieces = piecesOf(text, 15);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.map(([a, b]) => text.slice(a, b)).join(' ')).toBe(text);
    for (const [a] of pieces.slice(1)) expect(text.slice(a).split(' ')[0]).toMatch(/^(um|so|like|and|uh|because)$/);
    expect(piecesOf('A short sentence.', 15)).toEqual([[0, 17]]);
  });

  it('keeps a punctuated sentence of up to `pieceOver` words whole, however short the pieces', () => {
    const sentence = 'The kitchen staff told us on the first day that the menu changes every three weeks and nobody asks the children what they like.';
    expect(piecesOf(sentence, 7, 30)).toEqual([[0, sentence.length]]);
    expect(piecesOf(sentence, 7).length).toBeGreaterThan(1);
  });
});
