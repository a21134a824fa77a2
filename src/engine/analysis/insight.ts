import type { AnalysisDocument, InsightDraft } from './types.js';
import type { Sentence } from './evidence.js';
import { DEFAULT_PARAMS } from './params.js';

/** Every quote must be a verbatim slice of the document; anything else is dropped (and no more than an insight holds: params.ts `insights.maxQuotes`). */
export const verbatim = (doc: AnalysisDocument, quotes: string[], most = DEFAULT_PARAMS.insights.maxQuotes) =>
  quotes.filter((q) => q.length > 0 && doc.text.includes(q)).slice(0, most);

/**
 * Hesitations and fillers of speech, by language: a word that is a filler in one language is a
 * word in another (German "er" is "he", "Ben" a name, English "so" a conjunction elsewhere), so a
 * language's list holds only its own, and a language without one only the sounds of hesitation.
 */
const HESITATIONS = ['u+m+', 'u+h+', 'hm+', 'ähm', 'äh', 'öhm', 'euh'];
const FILLERS: Record<string, string[]> = {
  en: 'e+r+m*|a+h+|oh|well|so|yeah|yes|no|okay|ok|right|honestly|basically|actually|i mean|you know|like|to be honest|i guess'.split('|'),
  de: ['also', 'naja', 'na ja', 'tja', 'ja', 'genau', 'okay', 'ok', 'ach', 'ehrlich gesagt'],
  fr: ['alors', 'ben', 'bah', 'bon', 'voilà', 'ouais', 'oui', 'enfin'],
};
/** Fillers set off by commas inside a sentence ("it was, you know, fine"). */
const HEDGES: Record<string, string[]> = { en: ['sort of', 'kind of'], de: ['weißt du', 'sozusagen'], fr: ['quoi', 'genre'] };

const patterns = new Map<string, { leading: RegExp; inside: RegExp }>();
function fillerPatterns(locale: string): { leading: RegExp; inside: RegExp } {
  const known = patterns.get(locale);
  if (known) return known;
  const sound = `(?:${HESITATIONS.join('|')})`;
  const word = `(?:${(FILLERS[locale] ?? []).join('|') || '(?!)'})`;
  const hedge = `(?:${[...HESITATIONS, ...(FILLERS[locale] ?? []), ...(HEDGES[locale] ?? [])].join('|')})`;
  // A filler word is taken away only where a comma or a stop sets it off: "No worries at all" keeps its "No".
  const made = {
    leading: new RegExp(String.raw`^(?:${sound}[,.!…]*\s+|${word}[,.!…]+\s+)+`, 'iu'),
    inside: new RegExp(String.raw`,\s*${hedge}\s*,`, 'giu'),
  };
  patterns.set(locale, made);
  return made;
}

/** A sentence as a statement: the hesitations and fillers of speech (in the document's language) taken out, white space folded. */
export function statement(sentence: string, locale: string): string {
  const { leading, inside } = fillerPatterns(locale.slice(0, 2).toLowerCase());
  const cleaned = sentence.replace(/\s+/g, ' ').replace(leading, '').replace(inside, ',').trim();
  if (cleaned.length < 12) return sentence.replace(/\s+/g, ' ');
  return cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
}

/**
 * A document's sentences on one theme, cut into the points its participant makes: runs of
 * sentences in the same turn or in turns one question apart, with no sentence filed elsewhere
 * between them (`elsewhere`: the document's sentences filed under other themes). Indices are in
 * document order, as evidence gives them.
 */
export function pointsOf(
  members: number[],
  sentences: Sentence[],
  elsewhere: (i: number) => boolean,
  turnsApart = DEFAULT_PARAMS.insights.pointTurns,
): number[][] {
  const sorted = [...members].sort((a, b) => a - b);
  const points: number[][] = [];
  for (const i of sorted) {
    const point = points[points.length - 1];
    const last = point?.[point.length - 1];
    const joins =
      last !== undefined &&
      sentences[i]!.turn - sentences[last]!.turn <= turnsApart &&
      sentences[i]!.speaker === sentences[last]!.speaker &&
      !Array.from({ length: i - last - 1 }, (_, k) => last + 1 + k).some(elsewhere);
    if (joins) point!.push(i);
    else points.push([i]);
  }
  return points;
}

/** The question a point answers, as the interviewer asked it: its last question, or its end, cut at a word. */
function askedAs(prompt: string | undefined): string | null {
  if (!prompt) return null;
  const asked = prompt.replace(/\s+/g, ' ').trim();
  const question = [...asked.matchAll(/[^.?!…]+\?/g)].pop()?.[0].trim() ?? asked;
  if (question.length <= 100) return question;
  const cut = question.slice(0, 100);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : 100)}…`;
}

/** What a point is about and where it came up, in the languages sift describes insights in; English elsewhere. */
const POINT: Record<string, (subject: string, speaker: string | null, asked: string | null, n: number) => string> = {
  en: (s, who, q, n) => `${s}: ${q ? `raised when asked “${q}”` : who ? `raised by ${who}` : 'a point made'}; ${n} sentence${n > 1 ? 's' : ''}.`,
  de: (s, who, q, n) => `${s}: ${q ? `auf die Frage „${q}“` : who ? `was ${who} sagt` : 'eine Aussage'}; ${n} ${n > 1 ? 'Sätze' : 'Satz'}.`,
  fr: (s, who, q, n) => `${s} : ${q ? `à la question « ${q} »` : who ? `ce que dit ${who}` : 'un point'} ; ${n} phrase${n > 1 ? 's' : ''}.`,
};

/**
 * An insight from one point (its sentences, most representative first): its quotes are the
 * point's sentences, its text the first of them that says something of its own (four content
 * words or more; an aside or a greeting rarely does), whole; its description the theme and the
 * question the point answers (who made it, where no question came before).
 */
export function insightFrom(
  doc: AnalysisDocument,
  ranked: Sentence[],
  subject: string,
  locale: string,
  substantial: (s: Sentence) => boolean = () => true,
  most = DEFAULT_PARAMS.insights.maxQuotes,
): Omit<InsightDraft, 'categoryKeys'> | null {
  // The sentence the insight states comes first among its quotes.
  const clearest = ranked.find(substantial) ?? ranked[0];
  const ordered = clearest ? [clearest, ...ranked.filter((s) => s !== clearest)] : [];
  const quotes = verbatim(
    doc,
    ordered.slice(0, most).map((s) => doc.text.slice(s.start, s.end)),
    most,
  );
  if (quotes.length === 0) return null;
  const lead = statement(quotes[0]!, locale);
  const text = lead.length <= 300 ? lead : `${lead.slice(0, 297).trimEnd()}…`;
  const describe = POINT[locale.slice(0, 2).toLowerCase()] ?? POINT.en!;
  return {
    documentId: doc.id,
    text,
    description: describe(subject, ranked[0]!.speaker, askedAs(ranked[0]!.prompt), ranked.length),
    quotes,
    support: ranked.length,
  };
}
