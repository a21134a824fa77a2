import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { AGREEMENT_CSV_COLUMNS, MAX_CSV_PASSAGES } from '../schema/agreement.js';
import { type AgreementRequest, agreementOf, passagesOf, withText } from './agreement.js';
import { type CsvCell as Cell, csvText } from '../engine/text/csv.js';

/**
 * The comparison as one CSV table, a row per line whose `row` column says what it is: `code` (a
 * pair's counts and figures), `mean` and `pooled` (the overall figures), then `passage` (a
 * disagreeing sentence: who applied which code, the document, the offsets and the text), at most
 * `MAX_CSV_PASSAGES` of them. One table rather than several files, so a spreadsheet filters it.
 */
export async function agreementCsv(db: DbOrTx, project: Row<'projects'>, input: AgreementRequest): Promise<string> {
  const agreement = await agreementOf(db, project, input);
  const { report } = agreement;
  const rows: Cell[][] = [[...AGREEMENT_CSV_COLUMNS]];
  const blank = (n: number): null[] => Array<null>(n).fill(null);
  for (const c of report.codes) {
    const t = c.counts;
    rows.push(['code', c.codeA, c.codeB, report.units, t.both, t.onlyA, t.onlyB, t.neither, c.percentAgreement, c.kappa, c.alpha, ...blank(6)]);
  }
  const { mean, pooled } = report.overall;
  rows.push(['mean', null, null, report.units, ...blank(4), mean.percentAgreement, mean.kappa, mean.alpha, ...blank(6)]);
  const p = pooled.counts;
  rows.push(['pooled', null, null, report.units, p.both, p.onlyA, p.onlyB, p.neither, pooled.percentAgreement, pooled.kappa, pooled.alpha, ...blank(6)]);
  const all = passagesOf(agreement);
  for (const x of await withText(db, project.id, all.slice(0, MAX_CSV_PASSAGES))) {
    rows.push(['passage', x.codeA, x.codeB, ...blank(8), x.appliedBy, x.documentId, x.filename, x.start, x.end, x.text]);
  }
  if (all.length > MAX_CSV_PASSAGES) rows.push(['truncated', ...blank(15), `${all.length - MAX_CSV_PASSAGES} more passages left out`]);
  return csvText(rows);
}
