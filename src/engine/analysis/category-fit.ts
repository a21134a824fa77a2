import { DEFAULT_PARAMS, type PredefinedParams } from './params.js';

/**
 * How well each sentence fits each given category, for predefined analysis, from raw fits (the
 * cosine of a text with a category's profile; see predefined.ts). Three things beyond the raw
 * fit, each chosen on the development studies of the passage benchmark (eval/README.md):
 *
 * - Each category's fits are standardised over the project (less their mean, over their standard
 *   deviation): a category whose words every text shares no longer draws every text, and one
 *   whose description uses words the participants never say still draws the texts that fit it
 *   best. A text fits a category when it stands out for it, not when it merely touches it.
 * - A turn is read with the group it falls in when the project's turns are grouped by what they
 *   share with other interviews (the automatic analysis's grouping): its standardised fit is
 *   blended with its group's mean fit, so that a turn worded unlike the description follows the
 *   turns that speak of the same thing in words closer to it.
 * - The sentence's own fit counts less than its turn's (params.ts `ownShare`): a sentence alone
 *   says little of what it is about.
 */
export interface FitInputs {
  /** Each sentence's raw fit to each category. */
  sentence: number[][];
  /** Each unit's (speaker turn's, or whole document's) raw fit to each category. */
  unit: number[][];
  /** Each sentence's unit. */
  unitOf: number[];
  /** Each unit's group in the project's own grouping, -1 for none; null where there is no grouping. */
  groupOf: number[] | null;
}

type FitParams = Pick<PredefinedParams, 'groupShare' | 'ownShare' | 'standardiseFrom'>;

/** Each column less its mean, over its standard deviation. */
function standardise(m: number[][]): number[][] {
  const out = m.map((r) => r.slice());
  if (m.length === 0) return out;
  for (let c = 0; c < m[0]!.length; c++) {
    const mean = m.reduce((s, r) => s + r[c]!, 0) / m.length;
    const sd = Math.sqrt(m.reduce((s, r) => s + (r[c]! - mean) ** 2, 0) / m.length) || 1;
    for (const r of out) r[c] = (r[c]! - mean) / sd;
  }
  return out;
}

/** Each unit's fits blended with the mean fits of its group (`share` of them). */
function withGroups(unit: number[][], groupOf: number[], share: number): number[][] {
  const sums = new Map<number, { fit: number[]; n: number }>();
  groupOf.forEach((g, n) => {
    if (g < 0) return;
    const acc = sums.get(g) ?? { fit: new Array<number>(unit[n]!.length).fill(0), n: 0 };
    unit[n]!.forEach((f, c) => {
      acc.fit[c]! += f;
    });
    acc.n++;
    sums.set(g, acc);
  });
  return unit.map((row, n) => {
    const g = sums.get(groupOf[n]!);
    return g ? row.map((f, c) => (1 - share) * f + (share * g.fit[c]!) / g.n) : row;
  });
}

/** Each sentence's fits blended with its unit's, the sentence's own counting `own`. */
const blend = (sentence: number[][], unit: number[][], unitOf: number[], own: number) =>
  sentence.map((row, i) => row.map((f, c) => own * f + (1 - own) * unit[unitOf[i]!]![c]!));

/**
 * Each sentence's fit to each category, raw and, where the project has enough units,
 * standardised (in standard deviations above the project's mean, with its group's share), with
 * the sentence's own standardised fit apart.
 */
export function categoryFit(
  x: FitInputs,
  p: FitParams = DEFAULT_PARAMS.predefined,
): { raw: number[][]; standardised: number[][] | null; own: number[][] | null } {
  const raw = blend(x.sentence, x.unit, x.unitOf, p.ownShare);
  if (x.unit.length < p.standardiseFrom) return { raw, standardised: null, own: null };
  const unit = standardise(x.unit);
  const own = standardise(x.sentence);
  return { raw, standardised: blend(own, x.groupOf ? withGroups(unit, x.groupOf, p.groupShare) : unit, x.unitOf, p.ownShare), own };
}
