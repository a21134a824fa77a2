/**
 * CSV as sift writes it everywhere (the agreement and matrix exports, the codebook, the CLI's
 * report): RFC 4180, CRLF. It imports nothing, so the command-line client can take it too.
 */
/** A CSV cell: text, a number, or nothing. */
export type CsvCell = string | number | null;

/** A text field as RFC 4180 writes it; a leading =, +, -, @ (or tab, carriage return) is defused so that a spreadsheet never runs it as a formula. */
function textField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Numbers as numbers (a negative figure is not a formula), null as an empty field. */
export const csvField = (value: CsvCell): string => (value === null ? '' : typeof value === 'number' ? String(value) : textField(value));

/** Lines of cells as one CSV text: CRLF after every line. */
export const csvText = (rows: readonly (readonly CsvCell[])[]): string => `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
