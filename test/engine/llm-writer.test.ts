import { describe, expect, it } from 'vitest';
import { reworkWithModel } from '../../src/engine/llm/writer.js';
import type { LlmProvider } from '../../src/engine/llm/provider.js';
import type { CategoryDraft, InsightDraft } from '../../src/engine/analysis/types.js';

const passage = 'Ana: So the bus was late again, and I missed the „Deutschlandtakt“ connection.';
const draft: { categories: CategoryDraft[]; insights: InsightDraft[] } = {
  categories: [{ key: 'k', name: 'Delays', description: 'Late buses.', parentKey: null }],
  insights: [
    {
      documentId: 'D1',
      text: 'So the bus was late again',
      description: '',
      support: 1,
      quotes: ['So the bus was late again, and I missed the „Deutschlandtakt“ connection.'],
      categoryKeys: ['k'],
    },
  ],
};
/** A model that answers every insight with the given quotes. */
const model = (quotes: string[]): LlmProvider => ({
  chat: async (messages) =>
    messages[0]!.content.includes('insights')
      ? JSON.stringify({ text: 'Buses run late', quotes })
      : JSON.stringify({ name: 'Late buses', description: 'Delays.' }),
});

describe('rewording with a language model', () => {
  it("repairs a model's quote within the insight's own passages, never onto an interviewer's same words", async () => {
    // The document also holds the interviewer's "So the bus was late again?", which a document-wide repair would have found first.
    const out = await reworkWithModel(model(['so the bus was late again']), draft, 'en', () => {});
    expect(out.insights[0]!.quotes).toEqual(['So the bus was late again']);
    expect(passage).toContain(out.insights[0]!.quotes[0]);
  });

  it('repairs German and French quotation marks the model wrote as plain ones', async () => {
    const out = await reworkWithModel(model(['I missed the "Deutschlandtakt" connection']), draft, 'en', () => {});
    expect(out.insights[0]!.quotes).toEqual(['I missed the „Deutschlandtakt“ connection']);
  });

  it("keeps the offline quotes when none of the model's can be found in the passage", async () => {
    const out = await reworkWithModel(model(['The interviewer asked about buses.']), draft, 'en', () => {});
    expect(out.insights[0]).toMatchObject({ text: 'Buses run late', quotes: draft.insights[0]!.quotes });
  });
});
