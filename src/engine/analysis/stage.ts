import type { Embedder } from '../meaning/embedded.js';
import type { EngineParams } from './params.js';
import type { Granularity } from './types.js';

/**
 * One step of an analysis, kept as BERTopic keeps its embedding, reduction, clustering and
 * representation models: an object with one method, a narrow input and output, and every setting
 * read from the context, so that an experiment passes another object in its place (or another
 * parameter file) and leaves the other steps as they are.
 */
export interface Stage<In, Out, Context = AnalysisContext> {
  run(input: In, context: Context): Out;
}

/** What every stage of an automatic analysis may read besides its input. */
export interface AnalysisContext {
  locale: string;
  granularity: Granularity;
  strictMode: boolean;
  seed: number;
  params: EngineParams;
  /** Vectors of meaning from a provider's embeddings model (meaning/embedded.ts), where one is configured. */
  embedded?: Embedder;
}
