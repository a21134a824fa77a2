import type { AnalysisDocument, InsightDraft } from './types.js';
import type { Sentence } from './evidence.js';

const MAX_QUOTES = 3;

/** Every quote must be a verbatim slice of the document; anything else is dropped. */
export const verbatim = (doc: AnalysisDocument, quotes: string[]) => quotes.filter((q) => q.length > 0 && doc.text.includes(q)).slice(0, 20);

/** An insight from a document's sentences on one subject, most representative first. */
export function insightFrom(doc: AnalysisDocument, ranked: Sentence[], subject: string): Omit<InsightDraft, 'categoryKeys'> | null {
  const quotes = verbatim(doc, ranked.slice(0, MAX_QUOTES).map((s) => doc.text.slice(s.start, s.end)));
  if (quotes.length === 0) return null;
  const lead = quotes[0]!.replace(/\s+/g, ' ');
  const text = lead.length <= 300 ? lead : `${lead.slice(0, 297).trimEnd()}…`;
  return {
    documentId: doc.id,
    text,
    description: `${subject}: ${ranked.length} passage${ranked.length > 1 ? 's' : ''} of this document bear${ranked.length > 1 ? '' : 's'} on it${ranked.length > quotes.length ? `; the ${quotes.length} clearest are quoted` : ''}.`,
    quotes,
    support: ranked.length,
  };
}
