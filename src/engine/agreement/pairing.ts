/** A code of coding A compared with a code of coding B. */
export interface CodePair {
  codeA: string;
  codeB: string;
}

/**
 * Which codes are compared. Without `pairs`, by name: every code either coding applies to a
 * compared unit, paired with the code of the same name on the other side, in code-point order of
 * name. With `pairs` (codeA → codeB, as the researcher gave them, in that order), exactly those,
 * whether or not either code was applied; a code applied but named in no pair is listed as
 * unpaired so that a report can say it was left out.
 */
export function codePairs(
  usedA: ReadonlySet<string>,
  usedB: ReadonlySet<string>,
  pairs: ReadonlyMap<string, string> | undefined,
): { pairs: CodePair[]; unpairedA: string[]; unpairedB: string[] } {
  if (pairs === undefined) {
    const names = [...new Set([...usedA, ...usedB])].sort(byCodePoint);
    return { pairs: names.map((name) => ({ codeA: name, codeB: name })), unpairedA: [], unpairedB: [] };
  }
  const pairedB = new Set(pairs.values());
  return {
    pairs: [...pairs].map(([codeA, codeB]) => ({ codeA, codeB })),
    unpairedA: [...usedA].filter((code) => !pairs.has(code)).sort(byCodePoint),
    unpairedB: [...usedB].filter((code) => !pairedB.has(code)).sort(byCodePoint),
  };
}

// Not localeCompare: the order must not depend on the server's locale.
function byCodePoint(x: string, y: string): number {
  return x < y ? -1 : x > y ? 1 : 0;
}
