/** A category a coder gave a unit; values are equal only when `===` (so 1 and '1' differ). */
export type NominalValue = string | number;

/**
 * Krippendorff's alpha for nominal data, any number of coders, values missing anywhere
 * (Krippendorff, "Computing Krippendorff's Alpha-Reliability", 2011, section C).
 *
 * `data` is a units × coders matrix: `data[u][c]` is the value coder c gave unit u, or null
 * where the coder gave none; rows may differ in length (a missing cell is a null). A unit with
 * fewer than two values cannot be paired and takes no part. From the coincidence matrix of the
 * pairable values (each unit with m values adds 1/(m − 1) for every ordered pair of its values
 * from different coders), with n pairable values, n_c of them in category c and o_cc the
 * coincidences within c:
 *
 *   α = 1 − D_o / D_e = 1 − (n − 1)·(n − Σ_c o_cc) / (n² − Σ_c n_c²)
 *
 * Returns null when no unit has two values (nothing to compare). Returns 1 when every pairable
 * value is the same category: expected disagreement is then 0 and the formula 0/0, and the
 * observed disagreement is 0 too, so the coders agree perfectly (the convention common tools use;
 * Krippendorff would call such data uninformative rather than reliable).
 */
export function krippendorffAlphaNominal(data: readonly (readonly (NominalValue | null)[])[]): number | null {
  let n = 0;
  let withinCoincidences = 0;
  const perCategory = new Map<NominalValue, number>();
  for (const row of data) {
    const counts = new Map<NominalValue, number>();
    let m = 0;
    for (const value of row) {
      if (value === null) continue;
      counts.set(value, (counts.get(value) ?? 0) + 1);
      m++;
    }
    if (m < 2) continue;
    n += m;
    for (const [value, count] of counts) {
      withinCoincidences += (count * (count - 1)) / (m - 1);
      perCategory.set(value, (perCategory.get(value) ?? 0) + count);
    }
  }
  if (n === 0) return null;
  let sumSquares = 0;
  for (const count of perCategory.values()) sumSquares += count * count;
  const expected = n * n - sumSquares;
  if (expected === 0) return 1;
  return 1 - ((n - 1) * (n - withinCoincidences)) / expected;
}
