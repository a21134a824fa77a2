import { groupUnits, type Unit } from '../evidence.js';
import type { Stage } from '../stage.js';
import type { Vec } from '../vectors.js';
import type { Filed } from './existing.js';
import type { Words } from './words.js';

/** The units grouping works on: the turns (a document, where there are no turns) of the sentences no category claimed. */
export interface Units {
  units: Unit[];
  /** Each unit's text, terms and TF-IDF vector, each read with the question it answers. */
  texts: string[];
  terms: string[][];
  vecs: Vec[];
  /** The terms worth grouping on. */
  vocab: string[];
}

export const unitsLeft: Stage<{ words: Words; filed: Filed }, Units> = {
  run({ words, filed }, { params }) {
    const units = groupUnits(
      words.docs,
      words.sentences,
      words.sentences.map((_, i) => i).filter((i) => filed.themeOf[i] === null),
    );
    const terms = units.map((u) => words.unitTerms(u));
    return {
      units,
      texts: units.map((u) => words.unitText(u)),
      terms,
      vecs: terms.map((t) => words.vectorizer.vector(t)),
      vocab: words.vectorizer.vocabulary(params.automatic.vocabulary),
    };
  },
};

/** Whether there is anything to group: two units, and words that tell them apart. */
export const groupable = (u: Units) => u.units.length >= 2 && u.vocab.length > 0;
