import Papa from 'papaparse';
import ExcelJS from 'exceljs';
import { tidy } from './text.js';
import { guardZip } from '../zip-guard.js';
import type { ExtractBudget } from '../types.js';

/**
 * Rows of a table as text: with a header row, each data row becomes a paragraph of
 * `Header: value` lines (survey exports read as answers); a table with no cell text is empty.
 */
export function rowsToText(rows: string[][]): string {
  const clean = rows.map((r) => r.map((c) => (c ?? '').toString().trim())).filter((r) => r.some((c) => c !== ''));
  if (clean.length === 0) return '';
  if (clean.length === 1) return clean[0]!.filter(Boolean).join(' | ');
  const [header, ...data] = clean;
  const paragraphs = data.map((row) =>
    row
      .map((cell, i) => (cell === '' ? '' : header![i] ? `${header![i]}: ${cell}` : cell))
      .filter(Boolean)
      .join('\n'),
  );
  return tidy(paragraphs.filter(Boolean).join('\n\n'));
}

export function delimitedToText(text: string, delimiter: ',' | '\t' | ''): string {
  const parsed = Papa.parse<string[]>(text, { delimiter: delimiter || undefined, skipEmptyLines: 'greedy' });
  return rowsToText(parsed.data);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return value.result === undefined || value.result === null ? '' : String(value.result);
    if ('error' in value) return '';
  }
  return String(value);
}

/** Every sheet, its name as a heading; sheets without data contribute nothing. */
export async function xlsxToText(data: Uint8Array, budget: ExtractBudget): Promise<string> {
  await guardZip(data, budget);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as unknown as ArrayBuffer);
  const parts: string[] = [];
  wb.eachSheet((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell.value);
      });
      rows.push(Array.from(cells, (c) => c ?? ''));
    });
    const text = rowsToText(rows);
    if (text) parts.push(`${sheet.name}\n\n${text}`);
  });
  return tidy(parts.join('\n\n'));
}
