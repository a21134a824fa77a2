import { denseThemes } from '../dense-themes.js';
import { offTheme } from '../embedded-fit.js';
import type { SparseRows } from '../nmf.js';
import type { AutomaticParams } from '../params.js';
import type { AnalysisContext, Stage } from '../stage.js';
import { closest, eligible, findThemes, strongest } from '../themes.js';
import type { Granularity } from '../types.js';
import { cosine, type Vec } from '../vectors.js';
import { groupable, type Units } from './units.js';
import type { Words } from './words.js';

/** The groups found among the units, and which sentences are evidence for each. */
export interface Groups {
  /** Each group's terms, unit length: what names it and places single sentences. */
  components: Vec[];
  /** Each unit's loading on each group. */
  loadings: Float64Array[];
  /** Each sentence's group, null where it is evidence for none. */
  proposed: (number | null)[];
  /** Each group's sentences, in document order. */
  members: number[][];
}

/** How close a unit must be to its group to count as evidence; `inclusive` keeps every unit. */
function relevanceThreshold(p: AutomaticParams, granularity: Granularity, strict: boolean): number {
  if (strict) return p.relevanceStrict;
  return granularity === 'inclusive' ? 0 : p.relevance;
}

/**
 * Units are grouped by their views of meaning where there are views (evidence accumulation,
 * dense-themes.ts), by NMF of their words otherwise (themes.ts). Every sentence of a unit close
 * enough to its group joins it, or, where the unit loads almost as much on another group, the
 * closer of the two.
 */
export const themeGroups: Stage<{ words: Words; units: Units; views: SparseRows | null }, Groups> = {
  run({ words, units: u, views }, ctx) {
    const P = ctx.params.automatic;
    const proposed: (number | null)[] = words.sentences.map(() => null);
    if (!groupable(u)) return { components: [], loadings: [], proposed, members: [] };
    // At least two groups (a grouping of one is none), and fewer in a project of few turns.
    const maxThemes = Math.max(2, Math.min(P.maxThemes, Math.floor(u.units.length / P.unitsPerTheme)));
    // The provider's vectors of the units, where it has one for each (meaning/embedded.ts).
    const provided = ctx.embedded?.(u.texts) ?? null;
    const found = views
      ? denseThemes(views, u.vecs, { min: Math.min(P.fewestDenseThemes, maxThemes), max: maxThemes }, ctx.seed, {
          together: provided ? P.embeddedTogether : P.together,
          grouping: ctx.params.grouping,
        })
      : findThemes(u.vecs, u.vocab, { min: 2, max: maxThemes }, ctx.seed, ctx.params);
    // With a provider's embeddings a turn must also be closer in meaning to its group than to the project (embedded-fit.ts).
    const offInMeaning =
      P.embeddedFit !== null
        ? offTheme(
            provided,
            u.units.map((_, n) => strongest(found.loadings[n]!)),
            P.embeddedFit,
          )
        : new Set<number>();
    u.units.forEach((unit, n) => {
      const top = strongest(found.loadings[n]!);
      if (top < 0 || offInMeaning.has(n) || cosine(u.vecs[n]!, found.components[top]!) < relevanceThreshold(P, ctx.granularity, ctx.strictMode)) return;
      const candidates = eligible(found.loadings[n]!, P.secondThemeShare);
      for (const i of unit.sentences) {
        const j = closest(words.vecs[i]!, candidates, found.components);
        if (isEvidence(words.terms[i]!, cosine(words.vecs[i]!, found.components[j]!), ctx)) proposed[i] = j;
      }
    });
    const members = found.components.map((_, j) => words.sentences.map((_, i) => i).filter((i) => proposed[i] === j));
    return { components: found.components, loadings: found.loadings, proposed, members };
  },
};

/**
 * Whether a sentence of a unit in a group, of these terms and this close to the group's words, is
 * evidence for it. Strict mode keeps only the sentences that use the group's own distinctive words;
 * a short sentence ("That's been annoying.") is evidence only where it does, unless `inclusive`.
 */
function isEvidence(terms: string[], fit: number, ctx: AnalysisContext): boolean {
  const P = ctx.params.automatic;
  return (ctx.granularity === 'inclusive' || terms.length >= P.shortTerms || fit >= P.shortFit) && (!ctx.strictMode || fit >= P.strictSentence);
}
