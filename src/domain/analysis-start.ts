import type { Store } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { clearSkipped, coverageOf, createRun, nothingNewNote, runView, type AnalysisParams, type AnalysisType } from './analyses.js';
import { invalidField } from './errors.js';

export interface StartInput {
  type: AnalysisType;
  analysisGranularity?: AnalysisParams['granularity'];
  strictMode?: boolean;
  reconsiderSkipped?: boolean;
  categories?: AnalysisParams['categories'];
  documentScope?: 'all' | 'filtered';
  metadataFilter?: AnalysisParams['metadataFilter'];
  name?: string;
  rerun?: boolean;
}

/**
 * Every start creates a run and answers at once (decisions §6). With `reconsiderSkipped`, the
 * automatic analysis's `skipped`/`failed` verdicts are cleared in the same transaction and the
 * answer carries how many were cleared and the coverage after clearing. With `rerun`, an automatic
 * run analyses every ready document again, into categories and insights of its own.
 */
export async function startAnalysis(store: Store, project: Row<'projects'>, input: StartInput) {
  if (input.metadataFilter && input.metadataFilter.length > 0 && input.documentScope !== 'filtered') {
    throw invalidField('/metadataFilter', 'a metadataFilter needs documentScope "filtered"');
  }
  const params: AnalysisParams = {
    granularity: input.analysisGranularity ?? 'default',
    strictMode: input.strictMode ?? false,
    ...(input.categories ? { categories: input.categories } : {}),
    ...(input.documentScope ? { documentScope: input.documentScope } : {}),
    ...(input.metadataFilter ? { metadataFilter: input.metadataFilter } : {}),
    ...(input.name ? { name: input.name } : {}),
    ...(input.type === 'automatic' && input.rerun ? { rerun: true } : {}),
  };
  return store.transaction(async (trx) => {
    const reconsider = input.type === 'automatic' && input.reconsiderSkipped === true;
    const cleared = reconsider ? await clearSkipped(trx, project.id) : 0;
    const run = await createRun(trx, project.id, input.type, params);
    // A rerun takes every ready document: it has something to do whenever the project has any.
    const coverage = input.type === 'automatic' && !params.rerun ? await coverageOf(trx, project.id, 'automatic') : null;
    const note = coverage ? nothingNewNote(coverage) : null;
    return {
      analysis: { ...runView(run), ...(note ? { note } : {}) },
      ...(reconsider && coverage ? { cleared, coverage } : {}),
    };
  });
}
