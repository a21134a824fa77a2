import type { AnalysisDocument, Granularity, InsightDraft, PredefinedCategoryInput, Verdict } from './types.js';
import { evidence } from './evidence.js';
import { cosine, Vectorizer } from './vectors.js';
import { insightFrom } from './insight.js';
import { expand } from '../search/wordnet.js';
import { stopWords, tokenize } from '../text/index.js';

/**
 * Predefined analysis: each given category becomes a profile (its name, description,
 * instructions and examples, its name's words widened with WordNet synonyms for English), and
 * each document's sentences close to a profile become one insight in that category.
 */
export interface PredefinedOptions { locale: string; granularity: Granularity; strictMode: boolean }

function profileText(c: PredefinedCategoryInput, locale: string): string {
  const parts = [c.name, c.name, c.description ?? '', c.instructions ?? '', c.categorizationInstructions ?? '', ...(c.examples ?? [])];
  if (locale === 'en') {
    const stops = stopWords(locale);
    for (const w of tokenize(`${c.name} ${c.description ?? ''}`, locale)) if (!stops.has(w)) parts.push(...expand(w).synonyms.slice(0, 6));
  }
  return parts.join(' ');
}

export function predefinedAnalysis(docs: AnalysisDocument[], categories: PredefinedCategoryInput[], opts: PredefinedOptions): { insights: InsightDraft[]; verdicts: Verdict[] } {
  const perDoc = docs.map((d) => {
    try {
      return { doc: d, sentences: evidence(d, opts.locale) };
    } catch (err) {
      return { doc: d, error: (err as Error).message };
    }
  });
  const vectorizer = new Vectorizer(opts.locale);
  vectorizer.fit(perDoc.flatMap((p) => (p.sentences ?? []).map((s) => s.text)));
  const profiles = categories.map((c) => ({ name: c.name, vec: vectorizer.vector(profileText(c, opts.locale)) }));
  const min = opts.strictMode ? 0.2 : opts.granularity === 'inclusive' ? 0.07 : 0.1;
  const insights: InsightDraft[] = [];
  const verdicts: Verdict[] = [];
  for (const p of perDoc) {
    if (!p.sentences) {
      verdicts.push({ documentId: p.doc.id, verdict: 'failed', reason: `could not read the document: ${p.error}` });
      continue;
    }
    const vecs = p.sentences.map((s) => vectorizer.vector(s.text));
    let found = 0;
    for (const profile of profiles) {
      const scored = p.sentences.map((s, i) => ({ s, sim: cosine(vecs[i]!, profile.vec) })).filter((x) => x.sim >= min).sort((a, b) => b.sim - a.sim);
      const take = opts.granularity === 'overview' ? scored.slice(0, 1) : scored;
      const insight = insightFrom(p.doc, take.map((x) => x.s), profile.name);
      if (insight) {
        insights.push({ ...insight, categoryKeys: [profile.name] });
        found++;
      }
    }
    verdicts.push(found > 0 ? { documentId: p.doc.id, verdict: 'analysed' } : { documentId: p.doc.id, verdict: 'skipped', reason: 'no passage fits the given categories' });
  }
  return { insights, verdicts };
}
