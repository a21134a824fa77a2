import { collapsed } from '../engine/text/collapse.js';
/**
 * Where an insight's quotes sit in a document, for the reader's highlights. Quotes are verbatim
 * slices of the document, but the reader sees it as chunks: the chunks are joined, each quote is
 * looked for with runs of white space made equal (a quote may span a paragraph break), and the
 * ranges found are cut back into per-chunk segments. Pure functions: no DOM, tested in Node.
 */

export interface QuoteSource {
  insightId: string;
  quotes: readonly string[];
}

export interface Range {
  start: number;
  end: number;
  insightId: string;
}

export interface Segment {
  text: string;
  /** The insights whose quotes cover this piece, in the order given; empty for plain text. */
  insightIds: string[];
}

const squeeze = (s: string) => s.trim().replace(/\s+/g, ' ');

/**
 * Every quote's first place in `text` (exact spelling first, then ignoring case). Quotes not
 * found are answered in `missing`, so that the reader can say so rather than hide it.
 */
export function locateQuotes(text: string, sources: readonly QuoteSource[]): { ranges: Range[]; missing: { insightId: string; quote: string }[] } {
  const { flat, at } = collapsed(text);
  // Lower-cased unit by unit, aligned with `at` (flat.toLowerCase() is not, where a letter's lower case is longer: "İ").
  const lower = collapsed(text, { lowerCase: true }).flat;
  const ranges: Range[] = [];
  const missing: { insightId: string; quote: string }[] = [];
  for (const s of sources) {
    for (const quote of s.quotes) {
      const q = squeeze(quote);
      if (!q) continue;
      let i = flat.indexOf(q);
      if (i < 0) i = lower.indexOf(q.toLowerCase());
      if (i < 0) {
        missing.push({ insightId: s.insightId, quote });
        continue;
      }
      ranges.push({ start: at[i]!, end: at[i + q.length - 1]! + 1, insightId: s.insightId });
    }
  }
  return { ranges, missing };
}

/** Cuts `text` (which starts at `offset` of the whole) into plain and highlighted segments. */
export function segments(text: string, offset: number, ranges: readonly Range[]): Segment[] {
  const end = offset + text.length;
  const cuts = new Set<number>([offset, end]);
  const inside = ranges.filter((r) => r.start < end && r.end > offset);
  for (const r of inside) {
    cuts.add(Math.max(r.start, offset));
    cuts.add(Math.min(r.end, end));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const a = points[k]!;
    const b = points[k + 1]!;
    const ids = [...new Set(inside.filter((r) => r.start <= a && r.end >= b).map((r) => r.insightId))];
    const piece = text.slice(a - offset, b - offset);
    const last = out[out.length - 1];
    if (last && last.insightIds.join() === ids.join()) last.text += piece;
    else out.push({ text: piece, insightIds: ids });
  }
  return out;
}

/** The chunks' texts joined as the reader shows them, and where each chunk starts. */
export const CHUNK_SEPARATOR = '\n\n';
export function joinChunks(texts: readonly string[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let pos = 0;
  for (const t of texts) {
    starts.push(pos);
    pos += t.length + CHUNK_SEPARATOR.length;
  }
  return { text: texts.join(CHUNK_SEPARATOR), starts };
}

/** A search result's snippet cut into plain and marked pieces at the ranges the answer gives (kept whole, ranges outside it ignored). */
export function rangeSegments(text: string, ranges: { start: number; end: number }[]): { text: string; hit: boolean }[] {
  const out: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.start - b.start)) {
    if (r.start < at || r.end > text.length || r.end <= r.start) continue;
    if (r.start > at) out.push({ text: text.slice(at, r.start), hit: false });
    out.push({ text: text.slice(r.start, r.end), hit: true });
    at = r.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}
