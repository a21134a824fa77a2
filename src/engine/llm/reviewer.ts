import type { Choice, PredefinedCoding } from '../analysis/predefined.js';
import type { AnalysisDocument, CategoryDraft, ExistingCategory, InsightDraft, PredefinedCategoryInput, Verdict } from '../analysis/types.js';
import { predefinedByModel, type ModelCodingOptions } from './coder.js';
import type { ChatMessage, LlmProvider } from './provider.js';
import { modelNamer } from './writer.js';
import type { Stage } from '../analysis/stage.js';
import { minimumDocuments } from '../analysis/stages/filter.js';

/**
 * Automatic analysis checked by a chat model. The offline engine's themes stay the skeleton; the
 * model
 * 1. is shown the themes (name and a few quotes from different documents) and says which say the
 *    same thing: such themes of one parent are merged;
 * 2. codes every passage against the themes, as predefined analysis by a model does
 *    (coder.ts): a passage it judges off a theme leaves it, and is filed under another or left
 *    unfiled; a theme left with no passage goes;
 * 3. names and describes each theme from its quotes and words each insight (writer.ts).
 * Every change is a decision over the documents' own sentences; nothing the model writes becomes
 * a quote. Where a call fails, the offline result stands for what it covered.
 */
export interface AutomaticDraft {
  categories: CategoryDraft[];
  insights: InsightDraft[];
  verdicts: Verdict[];
}

export interface ReviewOptions extends ModelCodingOptions {
  existingCategories: ExistingCategory[];
}

export interface ReviewResult extends AutomaticDraft {
  merged: number;
  batches: number;
  failedBatches: number;
  failures: string[];
}

const SAMPLES = 8;
const NO_THEME = 'no passage speaks to one of the themes found';

/** Up to eight quotes of a theme, from as many documents: what it is about, in the participants' words. */
function samplesOf(insights: InsightDraft[], key: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const i of insights) {
    if (!i.categoryKeys.includes(key) || seen.has(i.documentId) || !i.quotes[0]) continue;
    seen.add(i.documentId);
    out.push(i.quotes[0]);
    if (out.length === SAMPLES) break;
  }
  return out;
}

const MERGE_SCHEMA = {
  name: 'merges',
  schema: {
    type: 'object',
    properties: { merge: { type: 'array', items: { type: 'array', items: { type: 'string' } } } },
    required: ['merge'],
    additionalProperties: false,
  },
};

/** Groups of themes the model says say the same thing, as indices into `themes`; none where it fails. */
async function sameThemes(llm: LlmProvider, themes: PredefinedCategoryInput[], onError: (err: unknown) => void): Promise<number[][]> {
  if (themes.length < 2 || !llm.complete) return [];
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content:
        'You review the themes a qualitative analysis found in interviews. Say which themes say the same thing and should be one theme. Answer with JSON only: {"merge": [["T1", "T4"]]}, one list per group of themes that are the same; an empty list where none are.',
    },
    {
      role: 'user',
      content: themes.map((t, n) => [`T${n + 1}. ${t.name}`, ...(t.examples ?? []).map((e) => `- "${e.replace(/\s+/g, ' ').trim()}"`)].join('\n')).join('\n\n'),
    },
  ];
  try {
    const raw = (await llm.complete(messages, { schema: MERGE_SCHEMA, maxTokens: 400 })).content;
    const merge = (JSON.parse(raw.slice(raw.indexOf('{'), raw.lastIndexOf('}') + 1)) as { merge?: unknown }).merge;
    if (!Array.isArray(merge)) throw new Error('the model\'s answer has no "merge" list');
    return merge
      .filter((g): g is unknown[] => Array.isArray(g))
      .map((g) =>
        [...new Set(g.map((id) => (typeof id === 'string' ? Number(/^T(\d+)$/i.exec(id.trim())?.[1]) - 1 : -1)))].filter((n) => n >= 0 && n < themes.length),
      )
      .filter((g) => g.length > 1);
  } catch (err) {
    onError(err);
    return [];
  }
}

/** Where the model does not answer, each sentence keeps the themes the offline engine quoted it under. */
function offlineChoices(insights: InsightDraft[], index: Map<string, number>): (reading: PredefinedCoding) => Choice[] {
  const byDocument = new Map<string, InsightDraft[]>();
  for (const i of insights) {
    const list = byDocument.get(i.documentId);
    if (list) list.push(i);
    else byDocument.set(i.documentId, [i]);
  }
  return (reading) =>
    reading.sentences.map((s) => {
      const themes = [
        ...new Set(
          (byDocument.get(s.documentId) ?? [])
            .filter((i) => i.quotes.some((q) => q.includes(s.text) || s.text.includes(q)))
            .flatMap((i) => i.categoryKeys.map((k) => index.get(k)))
            .filter((n): n is number => n !== undefined),
        ),
      ];
      return themes.length === 0 ? null : { category: themes[0]!, fit: 1, also: themes.slice(1).map((category) => ({ category, fit: 1 })) };
    });
}

/** What the reviewer reads: the documents and the offline engine's result. */
export interface ReviewInput {
  docs: AnalysisDocument[];
  draft: AutomaticDraft;
}

/** The two stages of the model path: a reviewer of the offline themes and passages, and a namer of what it leaves. */
export interface ModelStages {
  reviewer: Stage<ReviewInput, Promise<ReviewResult | null>, ReviewOptions>;
  namer: Stage<Pick<AutomaticDraft, 'categories' | 'insights'>, Promise<Pick<AutomaticDraft, 'categories' | 'insights'>>, { locale: string }>;
}

/** Steps 1 and 2 above, then 3 (writer.ts): the offline result as it is where there is nothing to review. */
export async function reviewWithModel(
  llm: LlmProvider,
  docs: AnalysisDocument[],
  offline: AutomaticDraft,
  opts: ReviewOptions,
  onError: (err: unknown) => void,
  stages: ModelStages = { reviewer: modelReviewer(llm, onError), namer: modelNamer(llm, onError) },
): Promise<ReviewResult> {
  const reviewed = await stages.reviewer.run({ docs, draft: offline }, opts);
  if (!reviewed) return { ...offline, merged: 0, batches: 0, failedBatches: 0, failures: [] };
  const { categories, insights } = await stages.namer.run(reviewed, opts);
  return { ...reviewed, categories, insights };
}

/**
 * The model as the reviewer of an automatic analysis (steps 1 and 2 above): its themes merged and
 * its passages filed again; null where no theme holds a passage or the model cannot be asked.
 */
export const modelReviewer = (llm: LlmProvider, onError: (err: unknown) => void): ModelStages['reviewer'] => ({
  async run({ docs, draft: offline }, opts) {
    const existing = new Map(opts.existingCategories.map((c) => [c.key, c]));
    const drafts = new Map(offline.categories.map((c) => [c.key, c]));
    const parentOf = (key: string) => drafts.get(key)?.parentKey ?? existing.get(key)?.parentKey ?? null;
    // The themes passages are filed under: categories holding insights.
    const leafKeys = [...new Set(offline.insights.flatMap((i) => i.categoryKeys))].filter((k) => drafts.has(k) || existing.has(k));
    if (leafKeys.length === 0 || !llm.complete) return null;
    let themes: PredefinedCategoryInput[] = leafKeys.map((key) => {
      const c = drafts.get(key) ?? existing.get(key)!;
      return { key, name: c.name, description: c.description, examples: samplesOf(offline.insights, key) };
    });

    // Themes of one parent that say the same thing become the first of them; a category the project already had is never merged away.
    const gone = new Map<string, string>();
    for (const group of await sameThemes(llm, themes, onError)) {
      const keys = group.map((n) => themes[n]!.key!);
      const keep = keys.find((k) => existing.has(k)) ?? keys[0]!;
      for (const k of keys) if (k !== keep && !existing.has(k) && !gone.has(k) && !gone.has(keep) && parentOf(k) === parentOf(keep)) gone.set(k, keep);
    }
    if (gone.size > 0) {
      themes = themes
        .filter((t) => !gone.has(t.key!))
        .map((t) => ({
          ...t,
          examples: [...(t.examples ?? []), ...themes.filter((o) => gone.get(o.key!) === t.key).flatMap((o) => o.examples ?? [])].slice(0, SAMPLES * 2),
        }));
    }
    const index = new Map(themes.map((t, n) => [t.key!, n]));
    for (const [from, to] of gone) index.set(from, index.get(to)!);

    const coded = await predefinedByModel(llm, docs, themes, opts, offlineChoices(offline.insights, index));
    const outcome = { merged: gone.size, batches: coded.batches, failedBatches: coded.failedBatches, failures: coded.failures };
    if (coded.batches > 0 && coded.answeredBatches === 0) {
      // The model filed nothing: the offline result stands as it is (merged themes filed under the one kept).
      const insights = offline.insights.map((i) => ({ ...i, categoryKeys: [...new Set(i.categoryKeys.map((k) => gone.get(k) ?? k))] }));
      return { categories: offline.categories.filter((c) => !gone.has(c.key)), insights, verdicts: offline.verdicts, ...outcome };
    }
    // A theme left with passages from fewer documents than a new theme needs (analysis/stages/filter.ts) goes with
    // them, and so does a parent with no theme under it or passage of its own; a category the project
    // already had stays.
    const documentsOf = new Map<string, Set<string>>();
    for (const i of coded.insights) for (const k of i.categoryKeys) documentsOf.set(k, (documentsOf.get(k) ?? new Set()).add(i.documentId));
    const fewest = minimumDocuments(new Set(coded.insights.map((i) => i.documentId)).size);
    const holding = new Set([...documentsOf].filter(([k, ds]) => existing.has(k) || ds.size >= fewest).map(([k]) => k));
    const insights = coded.insights.filter((i) => i.categoryKeys.every((k) => holding.has(k)));
    const kept = (c: CategoryDraft): boolean => !gone.has(c.key) && (holding.has(c.key) || offline.categories.some((x) => x.parentKey === c.key && kept(x)));
    const verdicts = [
      ...offline.verdicts.filter((v) => !coded.verdicts.some((x) => x.documentId === v.documentId)),
      ...coded.verdicts.map((v) => (v.verdict === 'skipped' && v.reason === 'no passage fits the given categories' ? { ...v, reason: NO_THEME } : v)),
    ];
    return { categories: offline.categories.filter(kept), insights, verdicts, ...outcome };
  },
});
