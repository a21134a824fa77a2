import type { SparseRows } from '../nmf.js';
import type { Stage } from '../stage.js';
import type { AnalysisDocument, AutomaticResult, ExistingCategory } from '../types.js';
import { existingCategories, type Filed } from './existing.js';
import { themeFilter } from './filter.js';
import { themeGroups, type Groups } from './group.js';
import { insightWriter } from './insights.js';
import { themeNamer, type Named } from './name.js';
import { turnReader, type Evidence } from './read.js';
import { subThemeSplitter, type Split } from './split.js';
import { unitsLeft, type Units } from './units.js';
import { meaningViews } from './views.js';
import { wordReader, type Words } from './words.js';

/**
 * The stages of an automatic analysis, in the order they run (automatic.ts): each one object with
 * one `run`, which an experiment may replace.
 */
export interface AutomaticStages {
  /** Documents → the participants' sentences, read as turns (transcript/). */
  read: Stage<AnalysisDocument[], Evidence>;
  /** Sentences → their words: terms, TF-IDF vectors, the forms people wrote. */
  words: Stage<Evidence, Words>;
  /** The project's categories claim the sentences close to them. */
  existing: Stage<{ words: Words; categories: ExistingCategory[] }, Filed>;
  /** The turns of the sentences left: what is grouped. */
  units: Stage<{ words: Words; filed: Filed }, Units>;
  /** What units are grouped by: their nearest units through several views of meaning (null: by their words). */
  views: Stage<Units, SparseRows | null>;
  /** Groups of units, and the sentences that are evidence for each. */
  group: Stage<{ words: Words; units: Units; views: SparseRows | null }, Groups>;
  /** Which groups are themes (not one participant's topic, small talk, introductions or background), largest first. */
  filter: Stage<{ words: Words; units: Units; groups: Groups }, number[]>;
  /** Themes named, or filed in an existing category. */
  name: Stage<{ words: Words; filed: Filed; groups: Groups; kept: number[] }, Named>;
  /** Each theme's passages by document, and a large theme's sub-themes. */
  split: Stage<{ words: Words; named: Named }, Split>;
  /** Insights, one per point a participant makes in a theme; descriptions; verdicts. */
  insights: Stage<{ words: Words; named: Named; split: Split }, AutomaticResult>;
}

export const AUTOMATIC_STAGES: AutomaticStages = {
  read: turnReader,
  words: wordReader,
  existing: existingCategories,
  units: unitsLeft,
  views: meaningViews,
  group: themeGroups,
  filter: themeFilter,
  name: themeNamer,
  split: subThemeSplitter,
  insights: insightWriter,
};
