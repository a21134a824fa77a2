/**
 * Every threshold of the offline analysis, with its default, in one place: an experiment is a
 * parameter file (`PARAMS=experiment.json npx tsx eval/passages/run.ts`), not an edited constant.
 * What each default was chosen against is recorded in eval/README.md ("What the defaults
 * scored"); test/engine/analysis-constants.test.ts keeps numeric constants out of the other
 * modules of analysis/.
 */
export const DEFAULT_PARAMS = {
  automatic: {
    /** The most top-level themes a project gets, */
    maxThemes: 12,
    /** fewer in a project of few turns: one for this many turns. */
    unitsPerTheme: 3,
    /** Grouping by the units' views of meaning (dense-themes.ts) tries this many groups and more; */
    fewestDenseThemes: 3,
    /** from this many units; fewer are grouped by NMF of their words (themes.ts). */
    viewsFromUnits: 6,
    /** Grouping works on this many terms at most: the most widespread of those in two units or more and at most half of them (vectors.ts). */
    vocabulary: 3000,
    /** How often (share of the co-association runs) two turns must be grouped together to share a theme (dense-themes.ts). */
    together: 0.35,
    /** The weight of the units' character 4-grams among the views of meaning (unit-meaning.ts), the others weighing 1. */
    subwordWeight: 2,
    /** A theme needs this many documents, */
    themeDocuments: 2,
    /** and this many in a project of `manyDocuments` or more, where a group also has to be more than a few participants' topic (`fewVoices`). */
    themeDocumentsMany: 3,
    manyDocuments: 10,
    /** A theme is named from the sentences closest to it, this many at most. */
    namingSentences: 150,
    /** A question phrase names a theme where it precedes the theme's passages in this many interviews or more, */
    askedDocuments: 2,
    /** and this share of the interviews asking it ask it there (asked.ts). */
    askedShare: 0.75,
    /** A phrase of two words or more names a theme where this share of the theme's documents use it (two at least), */
    phraseDocuments: 0.2,
    /** and it scores at least this share of the theme's strongest phrase; the theme's three key phrases name it otherwise (naming.ts). */
    phraseScore: 0.5,
    /** A word runs through the project (its subject: its product, "app", "service") where it is said in this share of its themes, */
    subjectThemes: 0.5,
    /** in a project of this many themes or more (name.ts). */
    subjectFromThemes: 3,
    /**
     * `overview` keeps each document's this many sections that bear most on their themes: runs of
     * its chunks of up to `overviewWords` words (stages/overview.ts). A prose chunk is such a run
     * already; a transcript's chunks are turns (issue 44), read in runs as overview read them
     * when chunks held several turns.
     */
    overviewChunks: 3,
    overviewWords: 250,
    /** A transcript of this many participant turns or more opens and closes with rapport (its first and last). */
    rapportTurns: 4,
    /** A new theme with this many documents or more is split into sub-themes, */
    subthemeMinDocuments: 8,
    /** at most this many, */
    maxSubthemes: 4,
    /** and at most one for this many of its documents; */
    documentsPerSubtheme: 4,
    /** a sub-theme needs this many documents (those of a smaller one stay in the theme itself). */
    subthemeDocuments: 2,
    /** An interview's opening: its first this many participant turns. */
    openingTurns: 2,
    /** A sub-theme with this share of its sentences in its interviews' opening is introductions, and stays in its parent. */
    openingShare: 0.6,
    /** A new top-level group with this share of its sentences in its interviews' opening is introductions, not a theme, */
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
    /** A group with this share of its sentences from `fewVoicesOf` documents is a few participants' topic (where a theme needs `themeDocumentsMany`). */
    fewVoices: 0.75,
    fewVoicesOf: 2,
    /** A group of turns with this share of interviews' first and last turns is small talk. */
    rapportShare: 0.5,
    /** The weight of a provider's embeddings as a view of meaning in grouping, beside the engine's own views (meaning/embedded.ts). */
    embeddedWeight: 1,
    /** With a provider's embeddings, a turn stays in its theme only where its vector is closer to the theme's than to the project's by this (embedded-fit.ts); null: no such check. */
    embeddedFit: 0 as number | null,
    /**
     * With a provider's embeddings, `together` in their place: with a fourth view more pairs of
     * turns are grouped together, and themes that are two met often enough to merge.
     */
    embeddedTogether: 0.45,
  },
  predefined: {
    /** An English category's words are widened with this many WordNet synonyms of each word of its name and description. */
    synonyms: 6,
    /** Rounds of feedback in which categories learn the project's words from the sentences they drew. */
    feedbackRounds: 5,
    /** How much the words count against the meaning, where there is meaning. */
    wordsShare: 0.5,
    /**
     * The fit a sentence needs: standardised (standard deviations above the project's mean) where
     * the project has `standardiseFrom` turns or more, raw in a project of fewer;
     */
    bar: { raw: 0.05, standardised: 0.3 },
    /** in strict mode, both at once. */
    strictBar: { raw: 0.1, standardised: 0.8 },
    /**
     * A passage may speak to several categories: it joins, besides its best, every other whose
     * standardised fit clears the bar and comes within this of the best's,
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
     * where its own words stand `shortOwn` standard deviations out for it (`inclusive` excepted;
     * 2 still takes a short statement in the category's own words).
     */
    shortTerms: 4,
    shortOwn: 2,
    /** Below this many units, fits are too few to standardise and are compared as they are (category-fit.ts). */
    standardiseFrom: 8,
    /** How much a unit's group counts against the unit itself, */
    groupShare: 0.6,
    /** and a sentence's own fit against its unit's. */
    ownShare: 0.3,
    /**
     * The groups a turn is read with (category-fit.ts) are those automatic analysis would find,
     * from this many units, up to `groupsPerCategory` times as many as there are categories and
     * `maxGroups` at most, grouped at this bar (`together`), the 4-grams weighing as the other views,
     * over this many terms, at this seed.
     */
    groupsFromUnits: 6,
    groupsPerCategory: 2,
    maxGroups: 12,
    groupsTogether: 0.4,
    groupsSubwordWeight: 1,
    groupsVocabulary: 3000,
    groupsSeed: 42,
  },
  /** Grouping by evidence accumulation (dense-themes.ts), in both analyses. */
  grouping: {
    /** Seeded spherical k-means runs for each number of groups tried, */
    runsPerK: 4,
    /** each of at most this many iterations. */
    iterations: 40,
    /** A text's loading is kept for the groups whose centre it is this close to, relative to its best. */
    nearBest: 0.9,
    /** The texts the co-association is computed on; the rest join the nearest group found (keeps it cubic in this, not in the project). */
    sample: 700,
  },
  /** How many themes a set of texts holds, by the eigengap of its similarity graph (theme-count.ts). */
  themeCount: {
    /** Larger projects are judged on a seeded sample of this many texts, which keeps the eigendecomposition small. */
    sample: 400,
    /** Each text's nearest neighbours in the graph. */
    neighbours: 10,
  },
  /** Themes by non-negative matrix factorisation (themes.ts, nmf.ts). */
  factorisation: {
    /** Seeded starts, the one of least error kept. */
    starts: 4,
    /** A component's terms weigh more than this. */
    componentFloor: 1e-4,
    /** Iterations of each start at most, stopping sooner once an iteration changes the factors by less than `tolerance` of the first's change. */
    iterations: 200,
    tolerance: 1e-4,
    /** The least value a factor takes, which keeps the updates' divisions away from zero. */
    epsilon: 1e-12,
  },
  insights: {
    /** An insight quotes every passage of its document that supports it, up to the specification's most (not to be raised). */
    maxQuotes: 20,
    /**
     * A sentence of a turn filed in a theme is part of the participant's point where it is at
     * least this close to the theme (cosine of its words), as a share of the point's closest;
     * one further away is an aside, which ends the point (0: none is; eval/README.md has what
     * 0.2 to 0.5 cost).
     */
    pointShare: 0,
    /** A point goes on into a turn this many turns on (2: the participant's next answer, one question apart; 0: its own turn only). */
    pointTurns: 0,
  },
};

/** Every parameter of the analysis, by group. */
export type EngineParams = typeof DEFAULT_PARAMS;
export type AutomaticParams = EngineParams['automatic'];
export type PredefinedParams = EngineParams['predefined'];
export type GroupingParams = EngineParams['grouping'];
export type ThemeCountParams = EngineParams['themeCount'];
export type FactorisationParams = EngineParams['factorisation'];
/** What an experiment changes; the rest keeps its default. */
export type ParamsOverride = { [G in keyof EngineParams]?: Partial<EngineParams[G]> };

/** The defaults with an experiment's changes. */
export const engineParams = (over?: ParamsOverride): EngineParams => ({
  automatic: { ...DEFAULT_PARAMS.automatic, ...over?.automatic },
  predefined: { ...DEFAULT_PARAMS.predefined, ...over?.predefined },
  grouping: { ...DEFAULT_PARAMS.grouping, ...over?.grouping },
  themeCount: { ...DEFAULT_PARAMS.themeCount, ...over?.themeCount },
  factorisation: { ...DEFAULT_PARAMS.factorisation, ...over?.factorisation },
  insights: { ...DEFAULT_PARAMS.insights, ...over?.insights },
});
