/** A code pair as `compare_codings` takes it: a code (category name) of coding a, its counterpart in b. */
export interface CodePair {
  a: string;
  b: string;
}

/**
 * Code pairs typed one per line, `code of a = code of b`, cut at the first `=` as `sift compare
 * --pair` cuts them (a name may hold one only on b's side); white space around each name is
 * dropped, blank lines are left out. Lines without a name on both sides are answered apart, so
 * the page can say which.
 */
export function parsePairs(text: string): { pairs: CodePair[]; wrong: string[] } {
  const pairs: CodePair[] = [];
  const wrong: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const cut = line.indexOf('=');
    const a = cut >= 0 ? line.slice(0, cut).trim() : '';
    const b = cut >= 0 ? line.slice(cut + 1).trim() : '';
    if (a && b) pairs.push({ a, b });
    else wrong.push(line.trim());
  }
  return { pairs, wrong };
}
