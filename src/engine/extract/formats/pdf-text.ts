import { classify, PAGE_NUMBER } from '../../transcript/lines.js';
import { tidy } from './text.js';

/**
 * A PDF's pages as running text: the lines a page repeats at its top or bottom (a running title,
 * "Page 3 of 12", a bare page number) are dropped, and lines wrapped at the page's width are
 * joined back into their paragraph, across page breaks too, so that a sentence (and a quote of
 * it) never stops at a line's end. A line well short of the page's width ends its paragraph, and
 * so does a blank line or a line that opens a speaker's turn.
 */
/** Digits aside, so that "Interview 07 – page 2" and "… – page 3" count as one running header. */
const furnitureKey = (line: string) => line.trim().replace(/\d+/g, '#');

function runningLines(pages: string[][]): Set<string> {
  if (pages.length < 2) return new Set();
  const seen = new Map<string, number>();
  // Pages of a line or two are all content: their lines are no header or footer.
  if (pages.every((lines) => lines.filter((l) => l.trim()).length < 4)) return new Set();
  for (const lines of pages) {
    const edges = new Set([...lines.slice(0, 2), ...lines.slice(-2)].map(furnitureKey).filter(Boolean));
    for (const k of edges) seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, n]) => n * 2 >= pages.length && n >= 2).map(([k]) => k));
}

const opensTurn = (line: string) => {
  const kind = classify(line, 0, line.length).kind;
  return kind === 'turn' || kind === 'speaker';
};

export function pagesToText(pageTexts: string[]): string {
  const pages = pageTexts.map((p) => p.split('\n').map((l) => l.trim()));
  const running = runningLines(pages);
  // A page's end is no paragraph's end (null); a blank line within a page is ('').
  const lines = pages.flatMap((page) => [...page.filter((l) => !running.has(furnitureKey(l)) && !PAGE_NUMBER.test(l)), null]);
  const lengths = lines.filter((l): l is string => !!l).map((l) => l.length);
  const width = lengths.sort((a, b) => a - b)[Math.floor(lengths.length * 0.9)] ?? 0;
  let out = '';
  // The line last written, null after a paragraph's end.
  let prev: string | null = null;
  for (const line of lines) {
    if (line === null) continue;
    if (line === '') {
      prev = null;
      continue;
    }
    if (out) out += prev !== null && prev.length >= width * 0.8 && !opensTurn(line) ? ' ' : '\n\n';
    out += line;
    prev = line;
  }
  return tidy(out);
}
