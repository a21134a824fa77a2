import type { AnalysisDocument } from './types.js';
import { evidence, type Sentence } from './evidence.js';
import { centroid, cosine, Vectorizer } from './vectors.js';
import { SurfaceForms, topTerms } from './naming.js';

/**
 * Extractive summaries: the sentences closest to the text's own centre of gravity (TF-IDF),
 * in their original order. Built only from the documents' own sentences.
 */
function pick(docs: AnalysisDocument[], locale: string, max: number): { sentences: Sentence[]; top: string[]; forms: SurfaceForms } {
  const sentences = docs.flatMap((d) => evidence(d, locale, 4));
  const vectorizer = new Vectorizer(locale);
  vectorizer.fit(sentences.map((s) => s.text));
  const vecs = sentences.map((s) => vectorizer.vector(s.text));
  const c = centroid(vecs);
  const chosen = sentences.map((s, i) => ({ s, i, sim: cosine(vecs[i]!, c) })).sort((a, b) => b.sim - a.sim).slice(0, max).sort((a, b) => a.i - b.i).map((x) => x.s);
  const forms = new SurfaceForms(locale);
  for (const s of sentences) forms.add(s.text);
  return { sentences: chosen, top: topTerms(c, 3), forms };
}

export function summarizeDocument(doc: AnalysisDocument, opts: { locale: string; maxSentences: number }): { title: string; text: string } {
  const { sentences, top, forms } = pick([doc], opts.locale, opts.maxSentences);
  const text = sentences.map((s) => s.text).join(' ');
  return { title: top.length ? `Summary: ${top.map((t) => forms.of(t)).join(', ')}` : 'Summary', text };
}

export function summarizeGroup(docs: AnalysisDocument[], opts: { locale: string; label: string }): { title: string; text: string } {
  const { sentences } = pick(docs, opts.locale, 6);
  return { title: `${opts.label} (${docs.length} document${docs.length > 1 ? 's' : ''})`, text: sentences.map((s) => s.text).join(' ') };
}
