import type { BinaryCounts } from './binary.js';
import { type Figures, figuresOf, type OverallAgreement, overallAgreement } from './overall.js';
import { type CodePair, codePairs } from './pairing.js';

/** One coding of the units: unit id → the names of the codes applied to it (repeats count once). */
export type Coding = ReadonlyMap<string, Iterable<string>>;

export interface AgreementInput {
  /**
   * The units both codings are compared over (sentence ids; a repeated id counts once). A unit
   * absent from a coding has no code there; what a coding says of other units is not read.
   */
  units: readonly string[];
  a: Coding;
  b: Coding;
  /** codeA → codeB as the researcher paired them; codes pair by name when left out (see `codePairs`). */
  pairs?: ReadonlyMap<string, string>;
}

/** A unit where one coder applied the pair's code and the other did not. */
export interface Disagreement {
  unit: string;
  appliedBy: 'a' | 'b';
}

/**
 * One code pair: its 2×2 counts over the units, the figures read from them (all null when
 * neither coder applied either code, or there are no units), and its disagreements in the order
 * of `units`.
 */
export interface CodeAgreement extends CodePair, Figures {
  counts: BinaryCounts;
  disagreements: Disagreement[];
}

export interface AgreementReport {
  /** Distinct units compared. */
  units: number;
  codes: CodeAgreement[];
  overall: OverallAgreement;
  /** Codes applied within the units but named in no pair (only with explicit `pairs`). */
  unpairedA: string[];
  unpairedB: string[];
}

/**
 * Compares two codings of the same units code by code: for each code pair, whether A applied
 * codeA and B applied codeB at each unit is one binary decision per coder, giving percent
 * agreement, Cohen's kappa and Krippendorff's alpha (nominal, two coders, nothing missing); then
 * the overall figures (`OverallAgreement` says how each is computed). An empty unit set gives no
 * pairs by name, zero counts and null figures for explicit pairs, and null overall figures.
 */
export function compareCodings(input: AgreementInput): AgreementReport {
  const units = [...new Set(input.units)];
  const a = unitsPerCode(units, input.a);
  const b = unitsPerCode(units, input.b);
  const { pairs, unpairedA, unpairedB } = codePairs(new Set(a.keys()), new Set(b.keys()), input.pairs);
  const codes = pairs.map((pair) => comparePair(pair, a.get(pair.codeA) ?? [], b.get(pair.codeB) ?? [], units));
  return { units: units.length, codes, overall: overallAgreement(codes.map((c) => c.counts)), unpairedA, unpairedB };
}

/** Code → the positions in `units` of the units it is applied to, ascending. */
function unitsPerCode(units: readonly string[], coding: Coding): Map<string, number[]> {
  const perCode = new Map<string, number[]>();
  units.forEach((unit, position) => {
    for (const code of new Set(coding.get(unit) ?? [])) {
      const list = perCode.get(code);
      if (list) list.push(position);
      else perCode.set(code, [position]);
    }
  });
  return perCode;
}

/** Walks the two ascending position lists together, so the disagreements come out in unit order. */
function comparePair(pair: CodePair, inA: readonly number[], inB: readonly number[], units: readonly string[]): CodeAgreement {
  const disagreements: Disagreement[] = [];
  let both = 0;
  let i = 0;
  let j = 0;
  while (i < inA.length || j < inB.length) {
    const x = inA[i] ?? Number.POSITIVE_INFINITY;
    const y = inB[j] ?? Number.POSITIVE_INFINITY;
    if (x === y) {
      both++;
      i++;
      j++;
    } else if (x < y) {
      disagreements.push({ unit: units[x]!, appliedBy: 'a' });
      i++;
    } else {
      disagreements.push({ unit: units[y]!, appliedBy: 'b' });
      j++;
    }
  }
  const counts = { both, onlyA: inA.length - both, onlyB: inB.length - both, neither: units.length - inA.length - inB.length + both };
  return { ...pair, counts, ...figuresOf(counts), disagreements };
}
