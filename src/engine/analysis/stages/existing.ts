import type { Stage } from '../stage.js';
import type { ExistingCategory } from '../types.js';
import { centroid, cosine, type Vec } from '../vectors.js';
import type { Words } from './words.js';

/** A category of the analysis, the project's or a new one, with what it is about in words and the sentences filed in it. */
export interface Theme {
  key: string;
  name: string;
  component: Vec;
  sentences: number[];
}

/** The project's categories, and the sentences each claims. */
export interface Filed {
  /** The project's categories, in the order given (their `sentences` are filled once every theme is known). */
  themes: Theme[];
  /** Each sentence's theme (an index into `themes`), null where none claims it. */
  themeOf: (number | null)[];
  /** How close each sentence is to its theme. */
  strength: number[];
}

/**
 * A project's existing categories come first: a sentence close to one's name or to one of its
 * quotes joins it, so that documents confirmed later are analysed into the categories already there.
 */
export const existingCategories: Stage<{ words: Words; categories: ExistingCategory[] }, Filed> = {
  run({ words, categories }, { strictMode, params }) {
    const P = params.automatic;
    const { vectorizer, vecs } = words;
    const themes: Theme[] = [];
    const themeOf: (number | null)[] = words.sentences.map(() => null);
    const strength: number[] = words.sentences.map(() => 0);
    const examplesOf: Vec[][] = [];
    for (const c of categories) {
      const named = vectorizer.vector(`${c.name} ${c.name} ${c.description}`);
      const examples = (c.examples ?? []).map((q) => vectorizer.vector(q)).filter((v) => v.size > 0);
      themes.push({ key: c.key, name: c.name, component: examples.length ? centroid([named, centroid(examples)]) : named, sentences: [] });
      examplesOf.push([named, ...examples]);
    }
    vecs.forEach((v, i) => {
      examplesOf.forEach((examples, j) => {
        const sim = Math.max(...examples.map((e) => cosine(v, e)));
        if (sim >= (strictMode ? P.existingStrict : P.existing) && sim > strength[i]!) [themeOf[i], strength[i]] = [j, sim];
      });
    });
    return { themes, themeOf, strength };
  },
};
