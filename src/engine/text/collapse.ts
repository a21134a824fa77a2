/**
 * A text with each run of white space as one space (leading space dropped), lower-cased where
 * asked, and where each of its characters stands in the original: how a quote copied across a
 * line break, or retyped in another case, is found again. Shared by the agreement's quote placing
 * (engine/agreement/sentences.ts) and the console's highlighting (console/highlight.ts), so that
 * both find a quote in the same place; it imports nothing, so the console's bundle can take it.
 */
export function collapsed(text: string, opts: { lowerCase?: boolean } = {}): { flat: string; at: number[] } {
  let flat = '';
  const at: number[] = [];
  let inSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (!inSpace && flat.length > 0) {
        flat += ' ';
        at.push(i);
      }
      inSpace = true;
    } else {
      // Lower-cased one UTF-16 unit at a time, so that positions stay aligned (a unit whose lower case is longer keeps its own).
      const lower = opts.lowerCase ? ch.toLowerCase() : ch;
      flat += lower.length === 1 ? lower : ch;
      at.push(i);
      inSpace = false;
    }
  }
  return { flat, at };
}
