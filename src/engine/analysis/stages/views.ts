import type { SparseRows } from '../nmf.js';
import type { Stage } from '../stage.js';
import { unitMeaning } from '../unit-meaning.js';
import { groupable, type Units } from './units.js';

/**
 * What the units are grouped by: each unit's nearest units in other documents, through several
 * views of its words (unit-meaning.ts). Null for a project of few units, which is grouped by its
 * words alone.
 */
export const meaningViews: Stage<Units, SparseRows | null> = {
  run(u, { locale, params, embedded }) {
    const P = params.automatic;
    if (!groupable(u) || u.units.length < P.viewsFromUnits) return null;
    return unitMeaning(u.units, { texts: u.texts, terms: u.terms, vecs: u.vecs, vocab: u.vocab }, locale, P.subwordWeight, embedded, P.embeddedWeight);
  },
};
