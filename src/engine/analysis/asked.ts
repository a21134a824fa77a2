import { questionPhrases } from './naming.js';
import { DEFAULT_PARAMS, type AutomaticParams } from './params.js';

/**
 * Structural coding: a theme named by what the interviewer asked before its passages. An
 * interview guide asks about each subject in the researcher's own words ("How do you find the
 * app?", "What about cleanliness?"), in every interview, so a phrase of the questions that
 * precede a theme's passages in a few interviews (params.ts `askedDocuments`), and precedes other
 * themes' passages seldom (most of the interviews that ask it ask it here: `askedShare`), names
 * the theme better than the participants' concrete words do. A few rather than most: a guide's
 * question is often worded so that its phrase recurs in only some interviews ("the payment
 * side", "reading").
 */
export interface Asked {
  documentId: string;
  prompt?: string;
}

/** Each question phrase (by its stems) with its most used wording and the documents whose questions use it. */
export type QuestionIndex = Map<string, { words: Map<string, number>; documents: Set<string> }>;

/** The question phrases of the prompts `sentences` answer (each question read once per document). */
export function questionIndex(sentences: Asked[], locale: string): QuestionIndex {
  const out: QuestionIndex = new Map();
  const asked = new Map<string, { documentId: string; prompt: string }>();
  for (const s of sentences) if (s.prompt) asked.set(`${s.documentId}\u0000${s.prompt}`, { documentId: s.documentId, prompt: s.prompt });
  const questions = [...asked.values()];
  const phrases = questionPhrases(
    questions.map((q) => q.prompt),
    locale,
  );
  for (const [n, s] of questions.entries()) {
    for (const c of phrases[n]!) {
      const key = c.stems.join(' ');
      const entry = out.get(key) ?? { words: new Map(), documents: new Set() };
      entry.words.set(c.words, (entry.words.get(c.words) ?? 0) + 1);
      entry.documents.add(s.documentId);
      out.set(key, entry);
    }
  }
  return out;
}

/**
 * The phrase the interviewer asked a theme's passages with, where one stands out; null otherwise
 * (a phrase of the project's subject, `exclude`, stands out nowhere).
 * A word alone is written as the participants say it most (`spoken`, from its stem), so a German
 * question's inflected "Kindern" names the theme "Kinder".
 */
export function askedAbout(
  theme: Asked[],
  project: QuestionIndex,
  locale: string,
  spoken: (stem: string) => string = (s) => s,
  p: Pick<AutomaticParams, 'askedDocuments' | 'askedShare'> = DEFAULT_PARAMS.automatic,
  exclude: Set<string> = new Set(),
): string | null {
  let best: { words: string; score: number } | null = null;
  for (const [key, own] of questionIndex(theme, locale)) {
    const all = project.get(key);
    if (!all || key.split(' ').every((stem) => exclude.has(stem))) continue;
    const n = own.documents.size;
    const share = n / all.documents.size;
    if (n < p.askedDocuments || share < p.askedShare) continue;
    const score = n * share;
    const asked = [...all.words].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
    const said = key.includes(' ') ? asked : spoken(key);
    const words = said === key ? asked : said;
    if (!best || score > best.score || (score === best.score && words < best.words)) best = { words, score };
  }
  return best ? best.words.charAt(0).toUpperCase() + best.words.slice(1) : null;
}
