import { readTranscript, type Reading } from './transcript/index.js';
import { sentences } from './text/index.js';

/**
 * Splits a document's text into chunks (decisions §7). Every chunk's text is an exact slice of
 * the document (`text.slice(start, end)`), so quotes found in chunks are verbatim in the
 * document. A paragraph longer than `maxWords` is split between sentences, never inside one.
 *
 * A transcript (as transcript/read.ts reads it) is chunked by turns (issue 44): each chunk is one
 * speaker's words, never a label or a time stamp (it starts where the words start), with the
 * speaker and the speaker's role; a long turn is split between sentences, a turn's paragraphs
 * are kept together up to `targetWords`, and no chunk spans two turns (the next turn's label
 * stands between them). The header before the first turn is a chunk of its own, without a
 * speaker. Prose is chunked at paragraphs (and lines opening with a label), paragraphs joined up
 * to `targetWords`.
 */
export type ChunkRole = 'interviewer' | 'participant';

export interface Chunk {
  idx: number;
  text: string;
  speaker: string | null;
  /** The speaker's role in a transcript; null for prose and a transcript's header. */
  role: ChunkRole | null;
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

/** A transcript's unit: a paragraph of a turn's words (or a sentence of a long one), or the header. */
interface TurnSpan extends Span {
  role: ChunkRole | null;
  /** The turn it belongs to (-1: the header). */
  turn: number;
}

const SPEAKER = /^\s*([A-Z][\p{L}.'’ -]{0,40}?|[A-Z]\d{0,3}|Q|A)\s*:\s/u;
const words = (s: string) => (s.match(/\S+/g) ?? []).length;

/** The header and each turn's paragraphs of words (transcript/read.ts: no label, time stamp or page furniture in them). */
function turnSpans(reading: Reading): TurnSpan[] {
  const out: TurnSpan[] = reading.header ? [{ ...reading.header, speaker: null, role: null, turn: -1 }] : [];
  for (const [turn, t] of reading.turns.entries()) {
    const role = t.role === 'unknown' ? null : t.role;
    for (const b of t.body) if (b.end > b.start) out.push({ start: b.start, end: b.end, speaker: t.speaker, role, turn });
  }
  return out;
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
  const reading = readTranscript(text);
  if (reading.transcript) return transcriptChunks(text, reading, target, max, locale);
  const units: Span[] = [];
  for (const p of labelledParagraphs(text)) {
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
      role: null,
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

/**
 * A transcript's chunks: its units (the header, each turn's paragraphs, a long paragraph's
 * sentences) joined while they belong to one turn, only white space stands between them and
 * they hold at most `target` words together.
 */
function transcriptChunks(text: string, reading: Reading, target: number, max: number, locale: string): Chunk[] {
  const units: TurnSpan[] = [];
  for (const u of turnSpans(reading)) {
    if (words(text.slice(u.start, u.end)) <= max) units.push(u);
    else units.push(...sentenceSpans(text, u, locale).map((s) => ({ ...u, start: s.start, end: s.end })));
  }
  const chunks: Chunk[] = [];
  let cur: (TurnSpan & { words: number }) | null = null;
  const flush = () => {
    if (!cur) return;
    chunks.push({ idx: chunks.length, text: text.slice(cur.start, cur.end), speaker: cur.speaker, role: cur.role, start: cur.start, end: cur.end });
    cur = null;
  };
  for (const u of units) {
    const w = words(text.slice(u.start, u.end));
    if (cur && (cur.turn !== u.turn || cur.words + w > target || /\S/.test(text.slice(cur.end, u.start)))) flush();
    if (!cur) cur = { ...u, words: 0 };
    cur.end = u.end;
    cur.words += w;
  }
  flush();
  return chunks;
}

/**
 * A document's chunks in sections: runs of them of up to `words` words together, a longer chunk
 * alone, each section its chunks' places in `chunks`. Prose chunks are such runs already (paragraphs
 * are joined while they stay within the target, 250 words), so each is a section of its own; a
 * transcript's chunks are its turns (issue 44), and its sections the runs of turns chunks held
 * before. What reads a document in passages of that size reads its sections: analysis's
 * `overview`, and `find_entities`.
 */
export function chunkSections(chunks: readonly { text: string }[], words = 250): number[][] {
  const out: number[][] = [];
  let held = Number.POSITIVE_INFINITY;
  chunks.forEach((c, i) => {
    const w = (c.text.match(/\S+/g) ?? []).length;
    if (held + w > words) {
      out.push([]);
      held = 0;
    }
    held += w;
    out[out.length - 1]!.push(i);
  });
  return out;
}
