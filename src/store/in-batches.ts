/**
 * Runs an `id IN (...)` query over a list of ids of any length, a slice at a time, because
 * both engines cap the number of bound parameters in one statement.
 */
const SLICE = 500;

export async function inBatches<T>(ids: readonly string[], query: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const out: T[] = [];
  for (let i = 0; i < unique.length; i += SLICE) out.push(...(await query(unique.slice(i, i + SLICE))));
  return out;
}

/** Groups rows into lists by a key, keeping the rows' order inside each list. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
