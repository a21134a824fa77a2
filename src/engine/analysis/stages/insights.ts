import { ROLES_UNCERTAIN_REASON, rolesUncertain, type Sentence } from '../evidence.js';
import { insightFrom, pointsOf } from '../insight.js';
import { describeTheme } from '../naming.js';
import type { Stage } from '../stage.js';
import type { AutomaticResult, CategoryDraft, InsightDraft, Verdict } from '../types.js';
import { contentTerms, cosine } from '../vectors.js';
import type { Named } from './name.js';
import type { Split } from './split.js';
import type { Words } from './words.js';

/** A participant: a speaker of one document (a document, where it has no speakers). */
const speakerOf = (s: Sentence) => `${s.documentId}\u0000${s.speaker ?? ''}`;

/**
 * Each document's sentences in a theme (or in its sub-theme) become insights there, one per point
 * its participant makes, quoting them verbatim, clearest first; each new category's description
 * says who raises it, among everyone whose words were read; every document gets its verdict.
 */
export const insightWriter: Stage<{ words: Words; named: Named; split: Split }, AutomaticResult> = {
  run({ words, named, split }, { locale, params }) {
    const { sentences, vecs } = words;
    const docById = new Map(words.docs.map((d) => [d.id, d]));
    const insights: InsightDraft[] = [];
    const raisedBy = new Map<string, Set<string>>();
    named.themes.forEach((theme, t) => {
      const children = split.children[t];
      for (const [documentId, idx] of split.perDoc[t]!) {
        const doc = docById.get(documentId)!;
        const child = children?.of.get(documentId);
        const component = child?.component ?? theme.component;
        const asides = asidesOf(idx, (i) => cosine(vecs[i]!, component), params.insights.pointShare);
        const points = pointsOf(
          idx.filter((i) => !asides.has(i)),
          sentences,
          (k) => asides.has(k) || (named.themeOf[k] !== null && named.themeOf[k] !== t),
          params.insights.pointTurns,
        );
        for (const point of points) {
          const ranked = point.sort((a, b) => cosine(vecs[b]!, component) - cosine(vecs[a]!, component) || a - b);
          const insight = insightFrom(
            doc,
            ranked.map((i) => sentences[i]!),
            child?.name ?? theme.name,
            locale,
            (s) => contentTerms(s.text, locale).length >= params.automatic.shortTerms,
            params.insights.maxQuotes,
          );
          if (insight) insights.push({ ...insight, categoryKeys: [child?.key ?? theme.key] });
          for (const key of [theme.key, ...(child ? [child.key] : [])])
            raisedBy.set(key, (raisedBy.get(key) ?? new Set()).add(speakerOf(sentences[point[0]!]!)));
        }
      }
    });
    const categories = [...named.categories, ...split.children.flatMap((c) => c?.categories ?? [])];
    const keywordsOf = new Map([...named.keywordsOf, ...split.children.flatMap((c) => [...(c?.keywordsOf ?? [])])]);
    return { categories: described(categories, keywordsOf, raisedBy, sentences, locale), insights, verdicts: verdictsOf(words, insights) };
  },
};

/**
 * A document's sentences in a theme that are asides: a turn is filed whole, and what a
 * participant says between the sentences of a point (the weather, the dog) shares few of the
 * theme's words. Measured against the document's closest sentence to the theme, so a document
 * that speaks to it in few of its words keeps them.
 */
function asidesOf(idx: number[], closeness: (i: number) => number, share: number): Set<number> {
  if (share <= 0) return new Set();
  const close = idx.map(closeness);
  const best = Math.max(0, ...close);
  return new Set(idx.filter((_, n) => close[n]! < share * best));
}

/** The new categories described by who raises each, among everyone whose words were read. */
function described(
  categories: CategoryDraft[],
  keywordsOf: Map<string, string[]>,
  raisedBy: Map<string, Set<string>>,
  sentences: Sentence[],
  locale: string,
): CategoryDraft[] {
  const everyone = new Set(sentences.map(speakerOf)).size;
  const unit = sentences.some((s) => s.speaker !== null) ? 'participants' : 'documents';
  return categories.map((c) => {
    const keywords = keywordsOf.get(c.key);
    return keywords ? { ...c, description: describeTheme(keywords, locale, { n: raisedBy.get(c.key)?.size ?? 0, of: everyone, unit }) } : c;
  });
}

/** Documents that could not be read failed; the others are analysed where they gave an insight (saying where their roles are uncertain), skipped otherwise. */
function verdictsOf(words: Words, insights: InsightDraft[]): Verdict[] {
  const failed = new Set(words.failed.map((v) => v.documentId));
  const given: Verdict[] = words.docs
    .filter((d) => !failed.has(d.id))
    .map((d) => {
      const uncertain = rolesUncertain(d);
      if (insights.some((i) => i.documentId === d.id))
        return { documentId: d.id, verdict: 'analysed', ...(uncertain ? { reason: ROLES_UNCERTAIN_REASON } : {}) };
      const skipped = 'nothing in it bears on a recurring theme';
      return { documentId: d.id, verdict: 'skipped', reason: uncertain ? `${skipped}; ${ROLES_UNCERTAIN_REASON}` : skipped };
    });
  return [...words.failed, ...given];
}
