import { describe, expect, it } from 'vitest';
import { automaticAnalysis } from '../../src/engine/analysis/index.js';
import { engineParams } from '../../src/engine/analysis/params.js';
import type { AnalysisContext, Stage } from '../../src/engine/analysis/stage.js';
import { AUTOMATIC_STAGES } from '../../src/engine/analysis/stages/index.js';
import { minimumDocuments } from '../../src/engine/analysis/stages/filter.js';
import type { Groups } from '../../src/engine/analysis/stages/group.js';
import type { Named } from '../../src/engine/analysis/stages/name.js';
import { chunkText } from '../../src/engine/chunk.js';
import { modelReviewer, reviewWithModel } from '../../src/engine/llm/reviewer.js';
import type { LlmProvider } from '../../src/engine/llm/provider.js';
import { TRANSCRIPTS } from '../fixtures/transcripts.js';

const docs = TRANSCRIPTS.map((t, i) => ({ id: `d${i}`, text: t.text, chunks: chunkText(t.text) }));
const ctx: AnalysisContext = { locale: 'en', granularity: 'default', strictMode: false, seed: 42, params: engineParams() };
const opts = { locale: 'en', granularity: 'default' as const, strictMode: false, existingCategories: [], seed: 42 };
const S = AUTOMATIC_STAGES;

describe('the automatic analysis, stage by stage', () => {
  it('reads each document alone: one without chunks fails, the others give their participants’ sentences', () => {
    const broken = { id: 'broken', text: 'Interviewer: Hello?', chunks: undefined as never };
    const evidence = S.read.run([...docs, broken], ctx);
    expect(evidence.failed).toEqual([{ documentId: 'broken', verdict: 'failed', reason: 'could not read the document: the document has no chunks' }]);
    expect(new Set(evidence.sentences.map((s) => s.documentId))).toEqual(new Set(docs.map((d) => d.id)));
    expect(evidence.sentences.some((s) => s.text.startsWith('Interviewer'))).toBe(false);
  });

  it('groups what the project’s categories leave, and files a sentence close to one in it', () => {
    const words = S.words.run(S.read.run(docs, ctx), ctx);
    const bank = words.sentences.findIndex((s) => /bank/i.test(s.text));
    const filed = S.existing.run({ words, categories: [{ key: 'c1', name: 'Bank', description: words.sentences[bank]!.text, parentKey: null }] }, ctx);
    expect(filed.themeOf[bank]).toBe(0);
    const units = S.units.run({ words, filed }, ctx);
    expect(units.units.flatMap((u) => u.sentences)).not.toContain(bank);
    expect(units.vecs).toHaveLength(units.units.length);
  });

  it('keeps as themes only groups that recur across documents', () => {
    const words = S.words.run(S.read.run(docs, ctx), ctx);
    const units = S.units.run({ words, filed: { themes: [], themeOf: words.sentences.map(() => null), strength: words.sentences.map(() => 0) } }, ctx);
    const ofDocument = (d: string) => words.sentences.flatMap((s, i) => (s.documentId === d ? [i] : []));
    const across = docs.map((d) => ofDocument(d.id)[0]!);
    const groups: Groups = {
      components: [new Map(), new Map()],
      loadings: units.units.map(() => new Float64Array(2)),
      proposed: words.sentences.map((_, i) => (across.includes(i) ? 1 : ofDocument('d0').includes(i) ? 0 : null)),
      members: [ofDocument('d0').filter((i) => !across.includes(i)), across],
    };
    expect(minimumDocuments(docs.length)).toBeGreaterThan(1);
    expect(S.filter.run({ words, units, groups }, ctx)).toEqual([1]);
  });

  it('takes any stage in place of its default: a namer, a filter', () => {
    const namer: Stage<Parameters<typeof S.name.run>[0], Named> = {
      run(input, c) {
        const named = S.name.run(input, c);
        return { ...named, categories: named.categories.map((x, n) => ({ ...x, name: `Theme ${n + 1}` })) };
      },
    };
    const renamed = automaticAnalysis(docs, { ...opts, stages: { name: namer } });
    const offline = automaticAnalysis(docs, opts);
    expect(renamed.categories.filter((c) => !c.parentKey).map((c) => c.name)).toEqual(
      offline.categories.filter((c) => !c.parentKey).map((_, n) => `Theme ${n + 1}`),
    );
    expect(renamed.insights.map((i) => i.quotes)).toEqual(offline.insights.map((i) => i.quotes));
    const none = automaticAnalysis(docs, { ...opts, stages: { filter: { run: () => [] } } });
    expect(none.categories).toEqual([]);
    expect(none.verdicts.every((v) => v.verdict === 'skipped')).toBe(true);
  });

  it('checks the result with a model through two stages, a reviewer and a namer, either of which may be replaced', async () => {
    const offline = automaticAnalysis(docs, opts);
    // A model that merges nothing and does not answer the coding: the reviewer keeps the offline themes and passages.
    const llm: LlmProvider = {
      complete: async (m) => {
        if (m[0]!.content.startsWith('You review')) return { content: '{"merge": []}', usage: null };
        throw new Error('the model is away');
      },
    };
    const named = await reviewWithModel(llm, docs, offline, { ...opts, contextTokens: 8000 }, () => {}, {
      reviewer: modelReviewer(llm, () => {}),
      namer: { run: async (d) => ({ ...d, categories: d.categories.map((c) => ({ ...c, name: `Checked ${c.name}` })) }) },
    });
    expect(named.categories.map((c) => c.name)).toEqual(offline.categories.map((c) => `Checked ${c.name}`));
    expect(named.insights.map((i) => i.quotes)).toEqual(offline.insights.map((i) => i.quotes));
    const unreviewed = await reviewWithModel(llm, docs, offline, { ...opts, contextTokens: 8000 }, () => {}, {
      reviewer: { run: async () => null },
      namer: { run: () => Promise.reject(new Error('not asked')) },
    });
    expect(unreviewed).toEqual({ ...offline, merged: 0, batches: 0, failedBatches: 0, failures: [] });
  });
});
