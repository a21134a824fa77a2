import { describe, expect, it } from 'vitest';
import { chunkText } from '../../src/engine/chunk.js';
import { automaticAnalysis } from '../../src/engine/analysis/index.js';
import { reviewWithModel } from '../../src/engine/llm/reviewer.js';
import type { ChatMessage, LlmProvider } from '../../src/engine/llm/provider.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

const docs = TRANSCRIPTS.map((t, i) => ({ id: `d${i}`, text: t.text, chunks: chunkText(t.text) }));
const opts = { locale: 'en', granularity: 'default' as const, strictMode: false, existingCategories: [] };
const offline = automaticAnalysis(docs, { ...opts, seed: 42 });
const SYNC = /sync|bank|connect/i;

/** A model that merges the first two themes it is shown, files every sentence about the bank under the first theme and nothing else, and names themes "Checked". */
function reviewer(): LlmProvider & { asked: string[] } {
  const asked: string[] = [];
  const answer = (messages: ChatMessage[]) => {
    const system = messages[0]!.content;
    const user = messages.at(-1)!.content;
    if (system.startsWith('You review the themes')) {
      asked.push('merge');
      return { merge: [['T1', 'T2']] };
    }
    if (user.startsWith('Current name:')) {
      asked.push('name');
      return { name: 'Checked', description: 'A theme the model checked.' };
    }
    if (system.startsWith('You write research insights')) return { text: 'A point.', quotes: [] };
    asked.push('code');
    const codes = [...user.split('\nPassages:\n')[1]!.matchAll(/^(P\d+)[^\n]*\n((?:\d+\. .*\n?)+)/gm)].flatMap((m) =>
      [...m[2]!.matchAll(/^(\d+)\. (.*)$/gm)].filter((s) => SYNC.test(s[2]!)).map((s) => ({ passage: m[1]!, category: 'C1', sentences: [Number(s[1])] })),
    );
    return { codes };
  };
  return {
    asked,
    complete: async (messages) => ({ content: JSON.stringify(answer(messages)), usage: null }),
    chat: async (messages) => JSON.stringify(answer(messages)),
  };
}

describe('automatic analysis checked by a model', () => {
  it('merges the themes it says are one, files each passage where it says, drops themes left empty, and names what is left', async () => {
    expect(offline.categories.length).toBeGreaterThan(2);
    const model = reviewer();
    const errors: unknown[] = [];
    const out = await reviewWithModel(model, docs, offline, opts, (e) => errors.push(e));
    expect(errors).toEqual([]);
    expect(model.asked.slice(0, 2)).toEqual(['merge', 'code']);
    expect(out.merged).toBeGreaterThanOrEqual(1);
    const holding = new Set(out.insights.flatMap((i) => i.categoryKeys));
    expect(holding.size).toBe(1);
    expect(out.categories.every((c) => holding.has(c.key) || out.categories.some((x) => x.parentKey === c.key))).toBe(true);
    expect(out.categories.find((c) => holding.has(c.key))!.name).toBe('Checked');
    for (const i of out.insights) {
      const doc = docs.find((d) => d.id === i.documentId)!;
      for (const q of i.quotes) {
        expect(doc.text).toContain(q);
        expect(q).toMatch(SYNC);
      }
    }
    // Documents with nothing left in a theme are told so.
    const sync = new Set(out.insights.map((i) => i.documentId));
    for (const v of out.verdicts.filter((v) => !sync.has(v.documentId)))
      expect(v).toMatchObject({ verdict: 'skipped', reason: 'no passage speaks to one of the themes found' });
  });

  it('keeps the offline result as it is where every call fails', async () => {
    const failing: LlmProvider = { complete: async () => Promise.reject(new Error('down')), chat: async () => Promise.reject(new Error('down')) };
    const errors: unknown[] = [];
    const out = await reviewWithModel(failing, docs, offline, opts, (e) => errors.push(e));
    expect(errors.length).toBeGreaterThan(0);
    expect(out.insights).toEqual(offline.insights);
    expect(out.categories).toEqual(offline.categories);
    expect(out.verdicts).toEqual(offline.verdicts);
  });
});
