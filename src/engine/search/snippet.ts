import { stem, stopWords } from '../text/index.js';
import { latinWords } from '../text/latin-words.js';

export interface Range {
  start: number;
  end: number;
}

export interface Snippet {
  text: string;
  /** Where the matched words stand in `text` (UTF-16 offsets, end exclusive). */
  highlights: Range[];
}

const segmenters = new Map<string, Intl.Segmenter>();

/** Where the words of `text` whose stems are `matched` stand (read as search reads words: lower case, stop words skipped, stemmed). */
export function highlights(text: string, matched: Iterable<string>, locale: string): Range[] {
  const want = new Set(matched);
  if (want.size === 0) return [];
  let seg = segmenters.get(locale);
  if (!seg) {
    seg = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, seg);
  }
  const stops = stopWords(locale);
  const out: Range[] = [];
  for (const s of latinWords(text) ?? seg.segment(text)) {
    if (!s.isWordLike) continue;
    const lower = s.segment.toLowerCase().replace(/’/g, "'");
    const bare = lower.replace(/'s$|n't$/, '');
    if (bare.length === 0 || stops.has(bare) || stops.has(lower)) continue;
    if (want.has(stem(bare, locale))) out.push({ start: s.index, end: s.index + s.segment.length });
  }
  return out;
}

/**
 * About `width` characters of `text` around its matched words: the window that holds the most
 * of them, widened to whole words, with "…" where text was left out; the whole text when it is
 * short enough.
 */
export function snippetOf(text: string, marks: Range[], width = 200): Snippet {
  if (text.length <= width) return { text, highlights: marks };
  let from = 0;
  let most = -1;
  for (const m of marks) {
    const start = Math.max(0, Math.min(m.start - Math.floor(width / 4), text.length - width));
    const count = marks.filter((x) => x.start >= start && x.end <= start + width).length;
    if (count > most) {
      most = count;
      from = start;
    }
  }
  let to = Math.min(text.length, from + width);
  // Widen to whole words: back to the white space before `from`, on to the white space after `to`.
  while (from > 0 && !/\s/.test(text[from - 1]!)) from--;
  while (to < text.length && !/\s/.test(text[to]!)) to++;
  const head = from > 0 ? '…' : '';
  const tail = to < text.length ? '…' : '';
  const body = text.slice(from, to).trim();
  const lead = text.slice(from, to).length - text.slice(from, to).trimStart().length;
  const shift = head.length - from - lead;
  return {
    text: `${head}${body}${tail}`,
    highlights: marks.filter((m) => m.start >= from + lead && m.end <= from + lead + body.length).map((m) => ({ start: m.start + shift, end: m.end + shift })),
  };
}
