/** Clustering and classification agreement measures (standard definitions). */
const comb2 = (n: number) => (n * (n - 1)) / 2;

function table(a: string[], b: string[]) {
  const t = new Map<string, Map<string, number>>();
  a.forEach((x, i) => {
    const row = t.get(x) ?? new Map<string, number>();
    row.set(b[i]!, (row.get(b[i]!) ?? 0) + 1);
    t.set(x, row);
  });
  return t;
}

export function nmi(a: string[], b: string[]): number {
  const n = a.length;
  const ta = table(a, b);
  const count = (xs: string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
  const ca = count(a);
  const cb = count(b);
  const h = (c: Map<string, number>) => -[...c.values()].reduce((s, k) => s + (k / n) * Math.log(k / n), 0);
  let mi = 0;
  for (const [x, row] of ta) for (const [y, k] of row) mi += (k / n) * Math.log((n * k) / (ca.get(x)! * cb.get(y)!));
  const denom = (h(ca) + h(cb)) / 2;
  return denom === 0 ? 1 : mi / denom;
}

export function ari(a: string[], b: string[]): number {
  const n = a.length;
  const ta = table(a, b);
  const sumCells = [...ta.values()].reduce((s, row) => s + [...row.values()].reduce((t, k) => t + comb2(k), 0), 0);
  const rows = [...ta.values()].map((row) => [...row.values()].reduce((s, k) => s + k, 0));
  const colsMap = new Map<string, number>();
  for (const row of ta.values()) for (const [y, k] of row) colsMap.set(y, (colsMap.get(y) ?? 0) + k);
  const sumRows = rows.reduce((s, k) => s + comb2(k), 0);
  const sumCols = [...colsMap.values()].reduce((s, k) => s + comb2(k), 0);
  const expected = (sumRows * sumCols) / comb2(n);
  const max = (sumRows + sumCols) / 2;
  return max === expected ? 1 : (sumCells - expected) / (max - expected);
}

export function macroF1(gold: string[], predicted: (string | null)[]): number {
  const labels = [...new Set(gold)];
  const f1s = labels.map((l) => {
    const tp = gold.filter((g, i) => g === l && predicted[i] === l).length;
    const fp = predicted.filter((p, i) => p === l && gold[i] !== l).length;
    const fn = gold.filter((g, i) => g === l && predicted[i] !== l).length;
    return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  });
  return f1s.reduce((s, x) => s + x, 0) / f1s.length;
}
