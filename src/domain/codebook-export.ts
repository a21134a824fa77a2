import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { DEFAULT_EXAMPLES } from '../schema/codebook.js';
import { runName } from './analyses.js';
import { runOf } from './analysis-runs.js';
import { codebookOf } from './codebook.js';
import { conflict } from './errors.js';

export const CODEBOOK_EXPORT_FORMATS = ['qdc', 'csv', 'md'] as const;
export type CodebookExportFormat = (typeof CODEBOOK_EXPORT_FORMATS)[number];

const CONTENT_TYPE: Record<CodebookExportFormat, string> = {
  qdc: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

/** A file name for the download: the name without what file systems refuse. */
const fileName = (name: string, format: CodebookExportFormat) =>
  `${
    name
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'codebook'
  }.${format}`;

/**
 * A run's codebook (`analysisId`), or the project's (every category), as a REFI-QDA `.qdc`, CSV or
 * Markdown file, with the examples `use_as_codebook` would carry (docs/decisions.md, "Codebooks").
 */
export async function exportCodebook(db: DbOrTx, project: Row<'projects'>, input: { format: CodebookExportFormat; analysisId?: string }) {
  const run = input.analysisId === undefined ? undefined : await runOf(db, project.id, input.analysisId);
  const codes = await codebookOf(db, project.id, run?.id, DEFAULT_EXAMPLES);
  // QDA-XML's codebook holds at least one code; a CSV or Markdown file may say there are none.
  if (codes.length === 0 && input.format === 'qdc')
    throw conflict(`${run ? 'the run has' : 'the project has'} no categories: a REFI-QDA codebook holds at least one code`);
  const title = run ? `${project.name} · ${runName(run)}` : project.name;
  // The writers (an XML builder and schema check, a CSV writer) load at the first export, not with the server.
  const body =
    input.format === 'qdc'
      ? (await import('../engine/codebook/qdc.js')).writeQdc(codes, 'sift')
      : input.format === 'csv'
        ? (await import('../engine/codebook/csv.js')).writeCodebookCsv(codes)
        : (await import('../engine/codebook/markdown.js')).writeCodebookMarkdown(codes, `Codebook: ${title}`);
  return { body, contentType: CONTENT_TYPE[input.format], filename: fileName(`${title} codebook`, input.format) };
}
