/**
 * Every threshold of the offline analysis, with its default, in one place: an experiment is a
 * parameter file (`PARAMS=experiment.json npx tsx eval/passages/run.ts`), not an edited constant.
 * What each default was chosen against is recorded in eval/README.md.
 */
export const DEFAULT_PARAMS = {
  automatic: {
    /** The most top-level themes a project gets (fewer in a project of few turns: a third of them). */
    maxThemes: 12,
    /** A new theme with this many documents or more is split into sub-themes, */
    subthemeMinDocuments: 8,
    /** at most this many. */
    maxSubthemes: 4,
    /** A sub-theme with this share of its sentences in its interviews' first two participant turns is introductions, and stays in its parent. */
    openingShare: 0.6,
    /** A new top-level group with this share of its sentences in its interviews' first two participant turns is introductions, not a theme, */
    introductionShare: 0.9,
    /** counting interviews of this many participant turns or more. */
    introductionTurns: 6,
    /** A new top-level group with this share of its sentences answering questions about the participant's background is background, not a theme (background-questions.ts). */
    backgroundShare: 0.35,
    /** A turn speaks to a second theme when it loads on it at least this much relative to its first. */
    secondThemeShare: 0.5,
    /** How close (cosine) a sentence must be to an existing category's name or quotes to join it; in strict mode. */
    existing: 0.25,
    existingStrict: 0.35,
    /** How close a new theme must be to an existing category's quotes, taken together, to be filed in it. */
    sameTheme: 0.3,
    /** How close a turn must be to its theme to count as evidence (`inclusive` keeps every turn); in strict mode. */
    relevance: 0.1,
    relevanceStrict: 0.3,
    /** How close a sentence must be to its theme's words in strict mode. */
    strictSentence: 0.15,
    /**
     * A sentence of fewer content words than this is evidence only when it is `shortFit` close to
     * its theme's words (a short, pointed statement in the theme's own words: "The price is steep.").
     */
    shortTerms: 4,
    shortFit: 0.2,
    /** A group with this share of its sentences from two documents is one or two participants' topic (where a theme needs three). */
    fewVoices: 0.75,
    /** A group of turns with this share of interviews' first and last turns is small talk. */
    rapportShare: 0.5,
    /** The weight of a provider's embeddings as a view of meaning in grouping, beside the engine's own views (meaning/embedded.ts). */
    embeddedWeight: 1,
    /** With a provider's embeddings, a turn stays in its theme only where its vector is closer to the theme's than to the project's by this (embedded-fit.ts); null: no such check. */
    embeddedFit: 0 as number | null,
    /**
     * With a provider's embeddings, how often (share of the co-association runs) two turns must be
     * grouped together to share a theme (dense-themes.ts; 0.35 without them). With a fourth view
     * more pairs of turns are grouped together (school-meals-names and care-workers, seeds 42 and
     * 1: 14-16% of pairs in 35% of runs or more, 16-17% with it), and two themes met often enough to
     * merge ("Children's preferences" into "Food"). English development studies, seeds 42 and 1-9:
     * 0.35, 0.4, 0.45, 0.5, 0.55 gave mean F1 0.581, 0.585, 0.586, 0.583, 0.588 and themes found
     * 3.80, 3.84, 3.92, 3.96, 4.12; from 0.5 library-users finds fewer than offline (eval/README.md).
     */
    embeddedTogether: 0.45,
  },
  predefined: {
    /** Rounds of feedback in which categories learn the project's words from the sentences they drew (0 to 5 rounds: macro-F1 0.39 to 0.45 on the development studies, little changing after). */
    feedbackRounds: 5,
    /** How much the words count against the meaning, where there is meaning. */
    wordsShare: 0.5,
    /**
     * The fit a sentence needs: standardised (standard deviations above the project's mean) where
     * the project has enough turns (0.3, compared with 0.6 and 1.0 on the development studies), raw
     * in a project of few turns;
     */
    bar: { raw: 0.05, standardised: 0.3 },
    /** in strict mode, both at once. */
    strictBar: { raw: 0.1, standardised: 0.8 },
    /**
     * A passage may speak to several categories: it joins, besides its best, every other whose
     * standardised fit clears the bar and comes within this of the best's (the development
     * studies: 0 gave 0.463, 0.25 0.467, 0.5 0.470, 0.75 0.458, 1 0.449),
     */
    alsoWithin: 0.5,
    /**
     * where the sentence's own words (not only its turn's) stand this many standard deviations out
     * for it: without it an empty sentence ("It's not rocket science.") took every category its
     * turn leaned to.
     */
    alsoOwn: 1,
    /**
     * A sentence of fewer content words than this ("Das fehlt mir total.") joins a category only
     * where its own words stand `shortOwn` standard deviations out for it (`inclusive` excepted; the
     * development studies: 0.467 without, 0.483 at 0, 0.499 at 2, 0.509 with every short sentence
     * left out; 2 still takes a short statement in the category's own words).
     */
    shortTerms: 4,
    shortOwn: 2,
  },
};

export type AutomaticParams = typeof DEFAULT_PARAMS.automatic;
export type PredefinedParams = typeof DEFAULT_PARAMS.predefined;
/** What an experiment changes; the rest keeps its default. */
export interface ParamsOverride {
  automatic?: Partial<AutomaticParams>;
  predefined?: Partial<PredefinedParams>;
}

export const automaticParams = (over?: ParamsOverride): AutomaticParams => ({ ...DEFAULT_PARAMS.automatic, ...over?.automatic });
export const predefinedParams = (over?: ParamsOverride): PredefinedParams => ({ ...DEFAULT_PARAMS.predefined, ...over?.predefined });
