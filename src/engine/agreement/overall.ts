import { type BinaryCounts, binaryAlpha, cohensKappa, percentAgreement, sumCounts, unitCount } from './binary.js';

export interface Figures {
  percentAgreement: number | null;
  kappa: number | null;
  alpha: number | null;
}

/**
 * The comparison as a whole, over the code pairs that have figures (a pair neither coder applied
 * has none and takes no part in either figure, so a long list of unused codes cannot inflate it).
 *
 * - `mean`: the arithmetic mean, unweighted, of the per-pair percent agreement, kappa and alpha —
 *   every code counts alike however often it was applied. (NVivo reports per code and per source
 *   only and leaves averages to a spreadsheet.)
 * - `pooled`: every code × unit decision taken as one item of a single binary variable: the 2×2
 *   tables of the pairs are summed cell by cell and percent agreement, Cohen's kappa and
 *   Krippendorff's alpha are computed on that sum as on any pair's table. Chance agreement then
 *   comes from how often each coder applied any code at all, so frequent codes weigh more. (This
 *   is not De Vries et al.'s 2008 "pooled kappa", which averages each code's own chance agreement.)
 *
 * Every figure is null when no pair has figures (no units, or no code applied).
 */
export interface OverallAgreement {
  /** How many code pairs the figures are over. */
  codes: number;
  mean: Figures;
  pooled: Figures & { counts: BinaryCounts };
}

/**
 * A pair's figures from its table; none (all null) where neither coder applied either code, or
 * there are no units: 100 % agreement on a code nobody used says nothing.
 */
export function figuresOf(counts: BinaryCounts): Figures {
  if (!hasFigures(counts)) return { percentAgreement: null, kappa: null, alpha: null };
  return { percentAgreement: percentAgreement(counts), kappa: cohensKappa(counts), alpha: binaryAlpha(counts) };
}

export function overallAgreement(tables: readonly BinaryCounts[]): OverallAgreement {
  const counted = tables.filter(hasFigures);
  const figures = counted.map(figuresOf);
  const pooled = sumCounts(counted);
  return {
    codes: counted.length,
    mean: {
      percentAgreement: mean(figures.map((f) => f.percentAgreement)),
      kappa: mean(figures.map((f) => f.kappa)),
      alpha: mean(figures.map((f) => f.alpha)),
    },
    pooled: { counts: pooled, ...figuresOf(pooled) },
  };
}

function hasFigures(c: BinaryCounts): boolean {
  return unitCount(c) > c.neither;
}

function mean(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let count = 0;
  for (const v of values) {
    if (v === null) continue;
    sum += v;
    count++;
  }
  return count === 0 ? null : sum / count;
}
