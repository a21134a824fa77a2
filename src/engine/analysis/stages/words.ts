import { groupUnits, type Unit } from '../evidence.js';
import { SurfaceForms } from '../naming.js';
import type { Stage } from '../stage.js';
import { contentTerms, Vectorizer, type Vec } from '../vectors.js';
import type { Evidence } from './read.js';

/** The sentences' words, as the later stages read them (BERTopic's embedding step, in words). */
export interface Words extends Evidence {
  /** Each sentence's content terms (stems). */
  terms: string[][];
  /** TF-IDF fitted on the turns, each read with the question it answers. */
  vectorizer: Vectorizer;
  /** Each sentence's TF-IDF vector. */
  vecs: Vec[];
  /** The words as people wrote them, and how common each is in the project: what names are made of. */
  forms: SurfaceForms;
  /** A unit's terms, with those of the question it answers, which often names its subject. */
  unitTerms(unit: Unit): string[];
  /** A unit's text, with the question it answers. */
  unitText(unit: Unit): string;
}

export const wordReader: Stage<Evidence, Words> = {
  run(evidence, { locale }) {
    const { docs, sentences } = evidence;
    const terms = sentences.map((s) => contentTerms(s.text, locale));
    const unitText = (u: Unit) => [...u.sentences.map((i) => sentences[i]!.text), sentences[u.sentences[0]!]!.prompt ?? ''].join(' ');
    // Each question's terms once: many turns answer one question.
    const promptTerms = new Map<string, string[]>();
    const unitTerms = (u: Unit) => {
      const prompt = sentences[u.sentences[0]!]!.prompt;
      if (prompt && !promptTerms.has(prompt)) promptTerms.set(prompt, contentTerms(prompt, locale));
      return [...u.sentences.flatMap((i) => terms[i]!), ...(prompt ? promptTerms.get(prompt)! : [])];
    };
    const vectorizer = new Vectorizer(locale);
    vectorizer.fit(
      groupUnits(
        docs,
        sentences,
        sentences.map((_, i) => i),
      ).map(unitTerms),
    );
    const forms = new SurfaceForms(locale);
    for (const s of sentences) forms.add(s.text);
    for (const prompt of new Set(sentences.map((s) => s.prompt).filter((q): q is string => q !== undefined))) forms.addQuestion(prompt);
    const vecs = terms.map((t) => vectorizer.vector(t));
    return { ...evidence, terms, vectorizer, vecs, forms, unitTerms, unitText };
  },
};
