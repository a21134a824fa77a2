import { readTranscript } from './transcript/index.js';
import { sentences } from './text/index.js';

/**
 * Splits a document's text into chunks at paragraph or speaker-turn boundaries (decisions §7).
 * Every chunk's text is an exact slice of the document (`text.slice(start, end)`), so quotes
 * found in chunks are verbatim in the document. A paragraph longer than `maxWords` is split
 * between sentences, never inside one.
 */
export interface Chunk {
  idx: number;
  text: string;
  speaker: string | null;
  start: number;
  end: number;
}

export interface ChunkOptions {
  targetWords?: number;
  maxWords?: number;
  locale?: string;
}

interface Span {
  start: number;
  end: number;
  speaker: string | null;
}

const SPEAKER = /^\s*([A-Z][\p{L}.'’ -]{0,40}?|[A-Z]\d{0,3}|Q|A)\s*:\s/u;
const words = (s: string) => (s.match(/\S+/g) ?? []).length;

/**
 * A transcript's turns (transcript/read.ts), each from its label to the next turn, with the
 * header before them; otherwise paragraphs (blank-line separated) and lines that open with a
 * label, as exact spans.
 */
function paragraphs(text: string): Span[] {
  const reading = readTranscript(text);
  if (reading.transcript) {
    const starts = [...(reading.header ? [{ start: reading.header.start, speaker: null }] : []), ...reading.turns];
    return starts
      .map((t, i) => ({ start: t.start, end: trimEnd(text, starts[i + 1]?.start ?? text.length), speaker: t.speaker }))
      .filter((s) => s.end > s.start);
  }
  return labelledParagraphs(text);
}

function trimEnd(text: string, end: number): number {
  let e = end;
  while (e > 0 && /\s/.test(text[e - 1]!)) e--;
  return e;
}

function labelledParagraphs(text: string): Span[] {
  const spans: Span[] = [];
  const re = /\n\s*\n|\n(?=\s*(?:[A-Z][\p{L}.'’ -]{0,40}?|[A-Z]\d{0,3})\s*:\s)/gu;
  let from = 0;
  const push = (a: number, b: number) => {
    let s = a;
    let e = b;
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) {
      const m = SPEAKER.exec(text.slice(s, Math.min(e, s + 60)));
      spans.push({ start: s, end: e, speaker: m ? m[1]!.trim() : null });
    }
  };
  for (const m of text.matchAll(re)) {
    push(from, m.index!);
    from = m.index! + m[0].length;
  }
  push(from, text.length);
  return spans;
}

function sentenceSpans(text: string, span: Span, locale: string): Span[] {
  const out: Span[] = [];
  for (const s of sentences(text.slice(span.start, span.end), locale)) {
    const a = span.start + s.index;
    let b = a + s.segment.length;
    while (b > a && /\s/.test(text[b - 1]!)) b--;
    if (b > a) out.push({ start: a, end: b, speaker: span.speaker });
  }
  return out;
}

export function chunkText(text: string, opts: ChunkOptions = {}): Chunk[] {
  const target = opts.targetWords ?? 250;
  const max = Math.max(target, opts.maxWords ?? 400);
  const locale = opts.locale ?? 'en';
  const units: Span[] = [];
  for (const p of paragraphs(text)) {
    if (words(text.slice(p.start, p.end)) <= max) units.push(p);
    else units.push(...sentenceSpans(text, p, locale));
  }
  const chunks: Chunk[] = [];
  let cur: { start: number; end: number; words: number; speakers: Set<string | null> } | null = null;
  const flush = () => {
    if (!cur) return;
    const speakers = [...cur.speakers];
    chunks.push({
      idx: chunks.length,
      text: text.slice(cur.start, cur.end),
      speaker: speakers.length === 1 ? speakers[0]! : null,
      start: cur.start,
      end: cur.end,
    });
    cur = null;
  };
  for (const u of units) {
    const w = words(text.slice(u.start, u.end));
    if (cur && cur.words + w > target) flush();
    if (!cur) cur = { start: u.start, end: u.end, words: 0, speakers: new Set() };
    cur.end = u.end;
    cur.words += w;
    cur.speakers.add(u.speaker);
  }
  flush();
  return chunks;
}
