import type { AnalysisDocument, InsightDraft } from './types.js';
import type { Sentence } from './evidence.js';

/** An insight quotes every passage of its document that supports it, up to the specification's 20. */
const MAX_QUOTES = 20;

/** Every quote must be a verbatim slice of the document; anything else is dropped. */
export const verbatim = (doc: AnalysisDocument, quotes: string[]) => quotes.filter((q) => q.length > 0 && doc.text.includes(q)).slice(0, 20);

const FILLER =
  '(?:u+m+|u+h+|e+r+m*|a+h+|oh|ähm|äh|euh|well|so|yeah|yes|no|okay|ok|right|honestly|basically|actually|i mean|you know|like|to be honest|i guess|also|naja|tja|ja|genau|alors|ben|bah)';
const LEADING = new RegExp(String.raw`^(?:${FILLER}[,.!…]*\s+)+`, 'iu');
const INSIDE = new RegExp(String.raw`,\s*(?:${FILLER}|sort of|kind of|weißt du)\s*,`, 'giu');

/** A sentence as a statement: the hesitations and fillers of speech taken out, white space folded. */
export function statement(sentence: string): string {
  const cleaned = sentence.replace(/\s+/g, ' ').replace(LEADING, '').replace(INSIDE, ',').trim();
  if (cleaned.length < 12) return sentence.replace(/\s+/g, ' ');
  return cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
}

/** An insight from a document's sentences on one subject, most representative first. */
export function insightFrom(doc: AnalysisDocument, ranked: Sentence[], subject: string): Omit<InsightDraft, 'categoryKeys'> | null {
  const quotes = verbatim(
    doc,
    ranked.slice(0, MAX_QUOTES).map((s) => doc.text.slice(s.start, s.end)),
  );
  if (quotes.length === 0) return null;
  const lead = statement(quotes[0]!);
  const text = lead.length <= 300 ? lead : `${lead.slice(0, 297).trimEnd()}…`;
  return {
    documentId: doc.id,
    text,
    description: `${subject}: ${ranked.length} passage${ranked.length > 1 ? 's' : ''} of this document bear${ranked.length > 1 ? '' : 's'} on it${ranked.length > quotes.length ? `; the ${quotes.length} clearest are quoted` : ''}.`,
    quotes,
    support: ranked.length,
  };
}
