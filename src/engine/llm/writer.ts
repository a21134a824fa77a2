import type { LlmProvider } from './provider.js';
import { verbatimQuote } from './provider.js';
import type { CategoryDraft, InsightDraft } from '../analysis/types.js';
import type { Stage } from '../analysis/stage.js';

/**
 * With a chat model configured, the offline engine's drafts are reworded: themes get a name and
 * a description, insights a short statement. Quotes the model proposes pass `verbatimQuote`
 * against the insight's own offline quotes (dropped unless they are, or repair to, a span of one
 * of them, so that no interviewer's words or header line can come back). Any provider error keeps the
 * offline draft for that item and is reported through `onError`.
 */
const MAX_ITEMS = 300;

const parse = (raw: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export async function reworkWithModel(
  llm: LlmProvider,
  drafts: { categories: CategoryDraft[]; insights: InsightDraft[] },
  locale: string,
  onError: (err: unknown) => void,
): Promise<{ categories: CategoryDraft[]; insights: InsightDraft[] }> {
  if (!llm.chat) return drafts;
  const categories: CategoryDraft[] = [];
  for (const c of drafts.categories) {
    const quotes = drafts.insights
      .filter((i) => i.categoryKeys.includes(c.key))
      .flatMap((i) => i.quotes)
      .slice(0, 8);
    try {
      const answer = parse(
        await llm.chat(
          [
            {
              role: 'system',
              content: `You name themes of qualitative research. Answer JSON {"name": string (max 60 chars), "description": string (one sentence)} in the language "${locale}".`,
            },
            { role: 'user', content: `Current name: ${c.name}\nQuotes:\n${quotes.map((q) => `- ${q}`).join('\n')}` },
          ],
          { json: true, maxTokens: 200 },
        ),
      );
      const name = typeof answer?.name === 'string' && answer.name.trim() ? answer.name.trim().slice(0, 500) : c.name;
      const description = typeof answer?.description === 'string' ? answer.description.trim().slice(0, 4000) : c.description;
      categories.push({ ...c, name, description });
    } catch (err) {
      onError(err);
      categories.push(c);
    }
  }
  const insights: InsightDraft[] = [];
  for (const [n, i] of drafts.insights.entries()) {
    if (n >= MAX_ITEMS) {
      insights.push(i);
      continue;
    }
    try {
      const answer = parse(
        await llm.chat(
          [
            {
              role: 'system',
              content: `You write research insights. Answer JSON {"text": string (one short statement), "quotes": string[] (verbatim sentences from the passage that support it)} in the language "${locale}".`,
            },
            { role: 'user', content: `Passage:\n${i.quotes.join('\n')}` },
          ],
          { json: true, maxTokens: 300 },
        ),
      );
      const proposed = Array.isArray(answer?.quotes) ? answer.quotes.filter((q): q is string => typeof q === 'string') : [];
      // Repaired within the passage's own quotes, never elsewhere in the document: the same words
      // in an interviewer's question or a header line are not evidence.
      const repaired = proposed
        .map((q) => i.quotes.map((passage) => verbatimQuote(passage, q)).find((r) => r !== null) ?? null)
        .filter((q): q is string => !!q);
      const text = typeof answer?.text === 'string' && answer.text.trim() ? answer.text.trim().slice(0, 2000) : i.text;
      insights.push({ ...i, text, quotes: repaired.length > 0 ? [...new Set(repaired)].slice(0, 20) : i.quotes });
    } catch (err) {
      onError(err);
      insights.push(i);
    }
  }
  return { categories, insights };
}

type Drafts = { categories: CategoryDraft[]; insights: InsightDraft[] };

/** The model as the namer of an analysis's drafts, a stage of the model path (reviewer.ts). */
export const modelNamer = (llm: LlmProvider, onError: (err: unknown) => void): Stage<Drafts, Promise<Drafts>, { locale: string }> => ({
  run: (drafts, { locale }) => reworkWithModel(llm, drafts, locale, onError),
});
