import Papa from 'papaparse';
import { type CodebookCode, type CodebookDetail, CodebookProblem, treeOrder } from './codebook.js';
import { csvField } from '../text/csv.js';

/**
 * A codebook as a CSV table (RFC 4180, CRLF, UTF-8): a header row `name,description,parent,examples`,
 * then a code per row in tree order; `parent` is the parent's name (empty at the top), `examples`
 * one example per line within the field (white space in an example folded to single spaces).
 */
export const CODEBOOK_CSV_COLUMNS = ['name', 'description', 'parent', 'examples'] as const;

/** What `csvField` defused, as it was. */
const undefused = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function writeCodebookCsv(codes: CodebookCode[]): string {
  const nameOf = new Map(codes.map((c) => [c.id, c.name]));
  const rows = [CODEBOOK_CSV_COLUMNS.join(',')];
  for (const { code } of treeOrder(codes)) {
    const parent = code.parentId === null ? '' : (nameOf.get(code.parentId) ?? '');
    rows.push([code.name, code.description, parent, code.examples.map((e) => e.replace(/\s+/g, ' ').trim()).join('\n')].map(csvField).join(','));
  }
  return `${rows.join('\r\n')}\r\n`;
}

/** Where a problem is: the record's number as a spreadsheet counts rows (the header is 1) and the column. */
const at = (row: number, column: string) => `/file/rows/${row}/${column}`;

/**
 * A CSV codebook's codes, in its order. The header row names the columns (any order, letter case
 * aside; `name` required, the others optional, unknown ones ignored); the delimiter is found as
 * spreadsheets write it (comma, semicolon, tab). Every problem is a detail naming its row and
 * column: an empty name, a parent naming no code of the file or the code itself, a field left open.
 */
export function readCodebookCsv(input: string): CodebookCode[] {
  const text = input.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const details: CodebookDetail[] = parsed.errors
    .filter((e) => e.type !== 'Delimiter')
    .slice(0, 20)
    .map((e) => ({ path: e.row === undefined ? '/file' : `/file/rows/${e.row + 1}`, message: `the CSV cannot be read: ${e.message}` }));
  if (details.length > 0) throw new CodebookProblem(details);
  const [header, ...records] = parsed.data;
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  const column = (name: (typeof CODEBOOK_CSV_COLUMNS)[number]) => columns.indexOf(name);
  if (column('name') === -1)
    throw new CodebookProblem([{ path: '/file/rows/1', message: `the first row must name the columns: ${CODEBOOK_CSV_COLUMNS.join(', ')} (name at least)` }]);
  const cell = (record: string[], name: (typeof CODEBOOK_CSV_COLUMNS)[number]) => {
    const i = column(name);
    return i === -1 ? '' : undefused(record[i] ?? '');
  };
  const codes: CodebookCode[] = [];
  const idOfName = new Map<string, string>();
  records.forEach((record, n) => {
    const row = n + 2;
    const name = cell(record, 'name').trim();
    const id = String(row);
    if (name && !idOfName.has(name.toLowerCase())) idOfName.set(name.toLowerCase(), id);
    codes.push({
      id,
      name,
      description: cell(record, 'description').trim(),
      parentId: cell(record, 'parent').trim() || null,
      examples: cell(record, 'examples')
        .split(/\r\n?|\n/)
        .map((e) => e.trim())
        .filter(Boolean),
    });
  });
  for (const c of codes) {
    if (c.parentId === null) continue;
    const parent = idOfName.get(c.parentId.toLowerCase());
    if (parent === undefined) details.push({ path: at(Number(c.id), 'parent'), message: `row ${c.id}: the parent "${c.parentId}" names no code of the file` });
    else if (c.name.toLowerCase() === c.parentId.toLowerCase())
      details.push({ path: at(Number(c.id), 'parent'), message: `row ${c.id}: a code cannot be its own parent` });
    c.parentId = parent ?? null;
  }
  if (details.length > 0) throw new CodebookProblem(details.slice(0, 50));
  return codes;
}
