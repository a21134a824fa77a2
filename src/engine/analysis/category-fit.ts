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
 * - The sentence's own fit counts less than its turn's (0.3 against 0.7).
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

/** How much a unit's group counts against the unit itself. */
const GROUP_SHARE = 0.6;
/** How much a sentence's own fit counts against its unit's. */
const OWN_SHARE = 0.3;
/** Below this many units, fits are too few to standardise and are compared as they are. */
const STANDARDISE_FROM = 8;

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

/** Each unit's fits blended with the mean fits of its group. */
function withGroups(unit: number[][], groupOf: number[]): number[][] {
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
    return g ? row.map((f, c) => (1 - GROUP_SHARE) * f + (GROUP_SHARE * g.fit[c]!) / g.n) : row;
  });
}

const blend = (sentence: number[][], unit: number[][], unitOf: number[]) =>
  sentence.map((row, i) => row.map((f, c) => OWN_SHARE * f + (1 - OWN_SHARE) * unit[unitOf[i]!]![c]!));

/**
 * Each sentence's fit to each category, raw and, where the project has enough units,
 * standardised (in standard deviations above the project's mean, with its group's share), with
 * the sentence's own standardised fit apart.
 */
export function categoryFit(x: FitInputs): { raw: number[][]; standardised: number[][] | null; own: number[][] | null } {
  const raw = blend(x.sentence, x.unit, x.unitOf);
  if (x.unit.length < STANDARDISE_FROM) return { raw, standardised: null, own: null };
  const unit = standardise(x.unit);
  const own = standardise(x.sentence);
  return { raw, standardised: blend(own, x.groupOf ? withGroups(unit, x.groupOf) : unit, x.unitOf), own };
}
