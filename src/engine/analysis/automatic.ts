import type { AnalysisDocument, AutomaticResult, ExistingCategory, Granularity } from './types.js';
import { withoutOtherMaterial } from './evidence.js';
import { engineParams, type ParamsOverride } from './params.js';
import type { AnalysisContext } from './stage.js';
import { AUTOMATIC_STAGES, type AutomaticStages } from './stages/index.js';
import type { Embedder } from '../meaning/embedded.js';
import { withWordsRemembered } from '../text/index.js';

/**
 * Inductive analysis. The participants' words are grouped into units (a speaker turn in a
 * transcript, the whole text of a document without turns), the units are grouped into themes by
 * what they share with units of other documents, groups that are not themes are left out, and
 * each theme is named; every sentence of a unit joins the unit's theme, and each document's
 * sentences in a theme become insights there, one per point, quoting them verbatim. Themes that
 * hold many documents are factorised once more into sub-themes. A project's existing categories
 * come first, so that documents confirmed later are analysed into the categories already there.
 * Each step is a stage (stages/index.ts) that an experiment may replace, as its thresholds
 * (params.ts).
 */
export interface AutomaticOptions {
  locale: string;
  granularity: Granularity;
  strictMode: boolean;
  existingCategories: ExistingCategory[];
  seed: number;
  /** The project's documents of other material (evidence.ts `otherMaterial`, over the whole project); found among `docs` when left out. */
  otherMaterial?: Set<string> | null;
  /** Thresholds other than the defaults (params.ts): an experiment. */
  params?: ParamsOverride;
  /** Stages other than the defaults (stages/index.ts): an experiment. */
  stages?: Partial<AutomaticStages>;
  /** Vectors of meaning from a provider's embeddings model, in place of the engine's own (meaning/embedded.ts). */
  embedded?: Embedder;
}

/** In a project mostly of transcripts, the other material (manuals, reports: evidence.ts) is not analysed. */
export function automaticAnalysis(docs: AnalysisDocument[], opts: AutomaticOptions): AutomaticResult {
  return withWordsRemembered(() => withoutOtherMaterial(docs, opts.otherMaterial, opts.locale, (transcripts) => analyse(transcripts, opts)));
}

/** The pipeline: read → words → existing categories → units → views → group → filter → name → split → insights. */
function analyse(docs: AnalysisDocument[], opts: AutomaticOptions): AutomaticResult {
  const stages = { ...AUTOMATIC_STAGES, ...opts.stages };
  const ctx: AnalysisContext = {
    locale: opts.locale,
    granularity: opts.granularity,
    strictMode: opts.strictMode,
    seed: opts.seed,
    params: engineParams(opts.params),
    embedded: opts.embedded,
  };
  const evidence = stages.read.run(docs, ctx);
  const words = stages.words.run(evidence, ctx);
  const filed = stages.existing.run({ words, categories: opts.existingCategories }, ctx);
  const units = stages.units.run({ words, filed }, ctx);
  const views = stages.views.run(units, ctx);
  const groups = stages.group.run({ words, units, views }, ctx);
  const kept = stages.filter.run({ words, units, groups }, ctx);
  const named = stages.name.run({ words, filed, groups, kept }, ctx);
  const split = stages.split.run({ words, named }, ctx);
  return stages.insights.run({ words, named, split }, ctx);
}
