/**
 * Whether a sentence filed in a theme (with its whole turn) speaks to the theme, as other
 * participants speak to it: the log-likelihood ratio of its words under the theme's sentences of
 * the *other* documents against all the project's sentences of those documents (add-α smoothed
 * unigrams). An aside ("my partner works at the hospital, so we get by") uses words the theme's
 * other participants do not, and scores at or below zero; a sentence of the point shares their
 * words. Leaving the sentence's own document out keeps a turn's asides from vouching for
 * themselves. Written here because it is a few counts over the stages' own terms; a text
 * classification library would rebuild them.
 */
export class ThemeEvidence {
  private readonly total = new Map<string, number>();
  private readonly totalByDoc = new Map<string, Map<string, number>>();
  private readonly inTheme: Map<string, number>[];
  private readonly inThemeByDoc: Map<string, Map<string, number>>[];
  private readonly vocabulary: number;

  constructor(
    terms: string[][],
    documentOf: (i: number) => string,
    themeSentences: number[][],
    private readonly alpha: number,
  ) {
    terms.forEach((ts, i) => count(this.total, this.totalByDoc, documentOf(i), ts));
    this.vocabulary = this.total.size;
    this.inTheme = themeSentences.map(() => new Map());
    this.inThemeByDoc = themeSentences.map(() => new Map());
    themeSentences.forEach((idx, t) => {
      for (const i of idx) count(this.inTheme[t]!, this.inThemeByDoc[t]!, documentOf(i), terms[i]!);
    });
  }

  /** How much more likely the sentence's terms are in theme `t` than in the project, both read without document `doc`. */
  score(sentenceTerms: string[], t: number, doc: string): number {
    const theme = this.inTheme[t]!;
    const themeOwn = this.inThemeByDoc[t]!.get(doc);
    const own = this.totalByDoc.get(doc);
    const themeSize = sumOf(theme) - sumOf(themeOwn);
    const size = sumOf(this.total) - sumOf(own);
    const a = this.alpha;
    const V = this.vocabulary;
    let llr = 0;
    for (const w of sentenceTerms) {
      const inTheme = (theme.get(w) ?? 0) - (themeOwn?.get(w) ?? 0);
      const overall = (this.total.get(w) ?? 0) - (own?.get(w) ?? 0);
      llr += Math.log((inTheme + a) / (themeSize + a * V)) - Math.log((overall + a) / (size + a * V));
    }
    return llr;
  }
}

const SIZE = Symbol('size');
type Counts = Map<string, number> & { [SIZE]?: number };

function count(all: Counts, byDoc: Map<string, Counts>, doc: string, terms: string[]): void {
  let own = byDoc.get(doc);
  if (!own) byDoc.set(doc, (own = new Map()));
  for (const w of terms) {
    all.set(w, (all.get(w) ?? 0) + 1);
    own.set(w, (own.get(w) ?? 0) + 1);
  }
  all[SIZE] = (all[SIZE] ?? 0) + terms.length;
  own[SIZE] = (own[SIZE] ?? 0) + terms.length;
}

const sumOf = (counts: Counts | undefined) => counts?.[SIZE] ?? 0;
