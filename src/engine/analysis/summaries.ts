import type { AnalysisDocument } from './types.js';
import { evidence, type Sentence } from './evidence.js';
import { centroid, cosine, Vectorizer, type Vec } from './vectors.js';
import { nameTheme, SurfaceForms } from './naming.js';
import { languageOf } from '../text/language.js';

/**
 * Extractive summaries: the sentences closest to the text's own centre of gravity (TF-IDF),
 * in their original order. Built only from the documents' own sentences. A document's summary
 * is titled by its subject: the noun phrases (or, outside English, the words) that weigh most
 * in that centre, read in the document's own language, which its title is written in too.
 */
function pick(docs: AnalysisDocument[], locale: string, max: number): { sentences: Sentence[]; all: Sentence[]; centre: Vec; forms: SurfaceForms } {
  const sentences = docs.flatMap((d) => evidence(d, locale, { minWords: 4 }));
  const vectorizer = new Vectorizer(locale);
  vectorizer.fit(sentences.map((s) => s.text));
  const vecs = sentences.map((s) => vectorizer.vector(s.text));
  const c = centroid(vecs);
  const chosen = sentences
    .map((s, i) => ({ s, i, sim: cosine(vecs[i]!, c) }))
    .sort((a, b) => b.sim - a.sim)
    .slice(0, max)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
  const forms = new SurfaceForms(locale);
  for (const s of sentences) forms.add(s.text);
  return { sentences: chosen, all: sentences, centre: c, forms };
}

/** "Summary" in the languages sift names themes in; English otherwise. */
const SUMMARY: Record<string, string> = {
  en: 'Summary',
  de: 'Zusammenfassung',
  fr: 'Résumé',
  es: 'Resumen',
  it: 'Riepilogo',
  pt: 'Resumo',
  da: 'Resumé',
  no: 'Sammendrag',
  sv: 'Sammanfattning',
};

export function summarizeDocument(doc: AnalysisDocument, opts: { locale: string; maxSentences: number }): { title: string; text: string } {
  const locale = languageOf(doc.text, opts.locale);
  const { sentences, all, centre, forms } = pick([doc], locale, opts.maxSentences);
  const text = sentences.map((s) => s.text).join(' ');
  const summary = SUMMARY[locale] ?? SUMMARY.en!;
  if (centre.size === 0) return { title: summary, text };
  const { name } = nameTheme(
    centre,
    all.map((s) => s.text),
    forms,
    locale,
  );
  return { title: `${summary}: ${name}`, text };
}

export function summarizeGroup(docs: AnalysisDocument[], opts: { locale: string; label: string }): { title: string; text: string } {
  const { sentences } = pick(docs, opts.locale, 6);
  return { title: `${opts.label} (${docs.length} document${docs.length > 1 ? 's' : ''})`, text: sentences.map((s) => s.text).join(' ') };
}
