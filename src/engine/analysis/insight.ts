import type { AnalysisDocument, InsightDraft } from './types.js';
import type { Sentence } from './evidence.js';

/** An insight quotes every passage of its document that supports it, up to the specification's 20. */
const MAX_QUOTES = 20;

/** Every quote must be a verbatim slice of the document; anything else is dropped. */
export const verbatim = (doc: AnalysisDocument, quotes: string[]) => quotes.filter((q) => q.length > 0 && doc.text.includes(q)).slice(0, 20);

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
  const filler = `(?:${[...HESITATIONS, ...(FILLERS[locale] ?? [])].join('|')})`;
  const hedge = `(?:${[...HESITATIONS, ...(FILLERS[locale] ?? []), ...(HEDGES[locale] ?? [])].join('|')})`;
  const made = {
    leading: new RegExp(String.raw`^(?:${filler}[,.!…]*\s+)+`, 'iu'),
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

/** An insight from a document's sentences on one subject, most representative first. */
export function insightFrom(doc: AnalysisDocument, ranked: Sentence[], subject: string, locale: string): Omit<InsightDraft, 'categoryKeys'> | null {
  const quotes = verbatim(
    doc,
    ranked.slice(0, MAX_QUOTES).map((s) => doc.text.slice(s.start, s.end)),
  );
  if (quotes.length === 0) return null;
  const lead = statement(quotes[0]!, locale);
  const text = lead.length <= 300 ? lead : `${lead.slice(0, 297).trimEnd()}…`;
  return {
    documentId: doc.id,
    text,
    description: `${subject}: ${ranked.length} passage${ranked.length > 1 ? 's' : ''} of this document bear${ranked.length > 1 ? '' : 's'} on it${ranked.length > quotes.length ? `; the ${quotes.length} clearest are quoted` : ''}.`,
    quotes,
    support: ranked.length,
  };
}
