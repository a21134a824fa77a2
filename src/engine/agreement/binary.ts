/**
 * The figures of one binary decision made by two coders over the same units ("is this code
 * applied to this unit?"), all read from its 2×2 table. Each is computed in whole numbers up to
 * one final division, so that "expected agreement is perfect" is an exact test, not a float
 * compared with 1.
 */

/** The 2×2 table of a code pair: units where both coders applied it, only A, only B, neither. */
export interface BinaryCounts {
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
}

export function unitCount(c: BinaryCounts): number {
  return c.both + c.onlyA + c.onlyB + c.neither;
}

/** (both + neither) / units; null for no units. */
export function percentAgreement(c: BinaryCounts): number | null {
  const n = unitCount(c);
  return n === 0 ? null : (c.both + c.neither) / n;
}

/**
 * Cohen's kappa, (po − pe) / (1 − pe), with pe from each coder's own share of "applied" and "not
 * applied". Null for no units. Where pe = 1 (both coders gave every unit the same answer, the
 * same for both) the formula is 0/0; observed agreement is then perfect too, and 1 is returned,
 * as common tools do.
 */
export function cohensKappa(c: BinaryCounts): number | null {
  const n = unitCount(c);
  if (n === 0) return null;
  // Multiplied through by n²: kappa = (n·agreed − expected) / (n² − expected).
  const expected = (c.both + c.onlyA) * (c.both + c.onlyB) + (c.neither + c.onlyB) * (c.neither + c.onlyA);
  const denominator = n * n - expected;
  if (denominator === 0) return 1;
  return (n * (c.both + c.neither) - expected) / denominator;
}

/**
 * Krippendorff's alpha (nominal) for two coders, no value missing: the special case of
 * `krippendorffAlphaNominal` whose coincidence matrix is read off the table. With n = 2·units
 * pairable values, n₁ "applied" and n₀ "not applied" among them and d disagreeing units,
 * α = 1 − (n − 1)·d / (n₀·n₁). Null for no units; 1 where every value is the same (expected
 * disagreement 0, observed disagreement then 0 too).
 */
export function binaryAlpha(c: BinaryCounts): number | null {
  const units = unitCount(c);
  if (units === 0) return null;
  const n = 2 * units;
  const disagreeing = c.onlyA + c.onlyB;
  const applied = 2 * c.both + disagreeing;
  const notApplied = 2 * c.neither + disagreeing;
  if (applied === 0 || notApplied === 0) return 1;
  return 1 - ((n - 1) * disagreeing) / (applied * notApplied);
}

export function sumCounts(tables: readonly BinaryCounts[]): BinaryCounts {
  const sum: BinaryCounts = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
  for (const t of tables) {
    sum.both += t.both;
    sum.onlyA += t.onlyA;
    sum.onlyB += t.onlyB;
    sum.neither += t.neither;
  }
  return sum;
}
