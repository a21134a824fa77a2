import { type CodebookCode, treeOrder } from './codebook.js';

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * A codebook to read or paste into a report: a heading per code (`##` at the top, a level deeper
 * per level of the tree, `######` at most), its description, then its examples as quotes.
 */
export function writeCodebookMarkdown(codes: CodebookCode[], title: string): string {
  const ordered = treeOrder(codes);
  const out = [`# ${oneLine(title)}`, '', `${ordered.length} ${ordered.length === 1 ? 'code' : 'codes'}; the examples are quotes filed in each.`];
  for (const { code, depth } of ordered) {
    out.push('', `${'#'.repeat(Math.min(depth + 2, 6))} ${oneLine(code.name)}`);
    if (code.description.trim()) out.push('', code.description.trim());
    if (code.examples.length > 0) {
      out.push('', 'Examples:');
      for (const e of code.examples) out.push('', `> ${oneLine(e)}`);
    }
  }
  return `${out.join('\n')}\n`;
}
