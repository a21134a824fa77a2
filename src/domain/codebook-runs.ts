import type { Row } from '../store/tables.js';
import {
  asCategories,
  CODEBOOK_BOUNDS,
  type CodebookCategory,
  type CodebookCode,
  CodebookProblem,
  codeProblems,
  countProblem,
} from '../engine/codebook/codebook.js';
import { DEFAULT_EXAMPLES } from '../schema/codebook.js';
import { createRun, runName, runView, type AnalysisParams } from './analyses.js';
import { runOf } from './analysis-runs.js';
import { codebookOf } from './codebook.js';
import { conflict, invalid, invalidField } from './errors.js';
import type { DocumentCaller } from './project-documents.js';

/**
 * Codebooks that start runs (docs/decisions.md, "Codebooks"): a run's categories as the
 * researcher left them (`use_as_codebook`), or a `.qdc` or CSV file, become the categories of a
 * predefined run over every ready document. The run's verdicts are its own (`predefined:<id>`, as
 * every predefined run's), so no document counts as done because another run analysed it; its
 * categories are its own too (the worker does not reuse the project's of the same name), with their
 * parents. Analyses never charge.
 */
type Starter = Pick<DocumentCaller, 'store' | 'nudge'>;
type Granularity = AnalysisParams['granularity'];

async function startCodebookRun(
  c: Starter,
  project: Row<'projects'>,
  categories: CodebookCategory[],
  settings: { name: string; analysisGranularity?: Granularity; from: string | null },
) {
  const params: AnalysisParams = {
    granularity: settings.analysisGranularity ?? 'default',
    strictMode: false,
    categories: categories.map((k) => ({
      name: k.name,
      ...(k.description ? { description: k.description } : {}),
      ...(k.examples.length > 0 ? { examples: k.examples } : {}),
      ...(k.parent !== null ? { parent: k.parent } : {}),
    })),
    name: settings.name.slice(0, 500),
    codebook: { from: settings.from },
  };
  const run = await c.store.transaction((trx) => createRun(trx, project.id, 'predefined', params));
  c.nudge();
  return { analysis: runView(run), codebook: categories };
}

/**
 * `use_as_codebook`: the run's codebook (codebook.ts) with `examplesPerCategory` examples each,
 * names and descriptions cut to a predefined category's bounds, started as a predefined run. A run
 * still working is a 409 (its categories are not yet what it will leave); one with no category
 * left, or more than a predefined run takes, a 400.
 */
export async function useAsCodebook(
  c: Starter,
  project: Row<'projects'>,
  input: { analysisId: string; name?: string; analysisGranularity?: Granularity; examplesPerCategory?: number },
) {
  const run = await runOf(c.store.db, project.id, input.analysisId);
  if (run.status === 'queued' || run.status === 'running') throw conflict(`the run is still ${run.status}: use it as a codebook once it has finished`);
  const codes = await codebookOf(c.store.db, project.id, run.id, input.examplesPerCategory ?? DEFAULT_EXAMPLES);
  const within = codes
    .map((k) => ({ ...k, name: k.name.trim().slice(0, CODEBOOK_BOUNDS.name), description: k.description.slice(0, CODEBOOK_BOUNDS.description) }))
    .filter((k) => k.name !== '');
  const categories = asCategories(within);
  if (categories.length === 0) throw invalidField('/analysisId', 'the run has no categories left to use as a codebook');
  if (categories.length > CODEBOOK_BOUNDS.codes)
    throw invalidField(
      '/analysisId',
      `the run has ${categories.length} categories; a predefined run takes at most ${CODEBOOK_BOUNDS.codes}: merge or delete some first`,
    );
  return startCodebookRun(c, project, categories, {
    name: input.name ?? `Codebook · ${runName(run)}`,
    analysisGranularity: input.analysisGranularity,
    from: run.id,
  });
}

export const CODEBOOK_IMPORT_FORMATS = ['qdc', 'csv'] as const;
export type CodebookImportFormat = (typeof CODEBOOK_IMPORT_FORMATS)[number];

/** Where a code's problem is: the CSV row a spreadsheet shows, or the `.qdc` code's GUID. */
const whereIn = (format: CodebookImportFormat, codes: CodebookCode[]) => (i: number, member: string) =>
  format === 'csv' ? `/file/rows/${codes[i]!.id}/${member}` : `/file/codes/${codes[i]!.id}/${member}`;

/**
 * A codebook file read and checked against a predefined category's bounds: every problem a detail
 * of one 400 (at most 50), naming the row or code and the field. Codes of one name are one category.
 */
export async function readCodebook(format: CodebookImportFormat, data: Uint8Array): Promise<CodebookCategory[]> {
  try {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch (err) {
      throw new CodebookProblem([{ path: '/file', message: `the file is not UTF-8 text (${err instanceof Error ? err.message : 'undecodable'})` }]);
    }
    // The readers (an XML parser and schema check, a CSV parser) load at the first import, not with the server.
    const codes =
      format === 'qdc' ? await (await import('../engine/codebook/qdc.js')).readQdc(text) : (await import('../engine/codebook/csv.js')).readCodebookCsv(text);
    const problems = codeProblems(codes, whereIn(format, codes));
    const categories = asCategories(codes);
    const count = countProblem(categories.length, '/file');
    if (count) problems.push(count);
    if (problems.length > 0) throw new CodebookProblem(problems);
    return categories;
  } catch (err) {
    if (!(err instanceof CodebookProblem)) throw err;
    const [first] = err.details;
    throw invalid(`the codebook cannot be used: ${first?.path ?? '/file'} ${first?.message ?? ''}`.trim(), err.details.slice(0, 50), { cause: err });
  }
}

/** The codebook import: the file's categories started as a predefined run, named `Codebook · <file name>` unless named. */
export async function importCodebook(
  c: Starter,
  project: Row<'projects'>,
  categories: CodebookCategory[],
  settings: { name?: string; filename: string; analysisGranularity?: Granularity },
) {
  return startCodebookRun(c, project, categories, {
    name: settings.name ?? `Codebook · ${settings.filename}`,
    analysisGranularity: settings.analysisGranularity,
    from: null,
  });
}
