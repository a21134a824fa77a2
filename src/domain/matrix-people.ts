import { parseQuotes } from './views/insight-view.js';
import type { DbOrTx } from '../store/store.js';
import { inBatches } from '../store/in-batches.js';
import { readTranscript } from '../engine/transcript/index.js';
import { locateQuote } from '../engine/agreement/sentences.js';
import type { Span } from '../engine/matrix/index.js';

/**
 * Who said what, for the matrices (docs/decisions.md "Matrices"): a document's participants are
 * the speakers of its participants' turns (a transcript read as the engine reads it), or the
 * document itself where it has none (field notes, a report). An insight is said by the speaker
 * of the first of its quotes that stands in a participant's turn; where none does, by the
 * document's one participant, or by the document itself where it has several.
 */

export interface PlacedInsight {
  /** The participant's label, or null: the document itself. */
  speaker: string | null;
  /** Where its quotes stand in the text (a quote not found there has none). */
  spans: Span[];
}

export interface DocumentPeople {
  /** The labels of its participants, in the order they first speak; empty where it has none. */
  speakers: string[];
  /** The insights asked about, by id. */
  placed: Map<string, PlacedInsight>;
}

interface Reading {
  stamp: string;
  speakers: string[];
  /** Where each turn starts, and the index in `speakers` of who speaks it (-1: an interviewer, or no one). */
  starts: Int32Array;
  who: Int32Array;
  /** Insights placed in this text, by id, as they were at `updatedAt`. */
  placed: Map<string, PlacedInsight & { updatedAt: string }>;
}

/**
 * Readings of the documents asked about lately, so that a matrix asked again (a cell clicked, an
 * export) reads no text: a document's text does not change once it is ready, and an insight's
 * place changes only when the insight does (its `updatedAt`). Least recently used go first.
 */
const MAX_CACHED = 2000;
const cache = new Map<string, Reading>();

/** Forgets every reading (bench/matrix.ts times a matrix asked for the first time). */
export function forgetReadings(): void {
  cache.clear();
}

function remember(id: string, reading: Reading): void {
  cache.delete(id);
  cache.set(id, reading);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
}

function readingOf(text: string, stamp: string): Reading {
  const reading = readTranscript(text);
  const turns = reading.transcript ? reading.turns : [];
  const speakers: string[] = [];
  const index = new Map<string, number>();
  const starts = new Int32Array(turns.length);
  const who = new Int32Array(turns.length);
  turns.forEach((t, i) => {
    starts[i] = t.start;
    who[i] = -1;
    if (t.role !== 'participant' || t.speaker === null) return;
    if (!index.has(t.speaker)) {
      index.set(t.speaker, speakers.length);
      speakers.push(t.speaker);
    }
    who[i] = index.get(t.speaker)!;
  });
  return { stamp, speakers, starts, who, placed: new Map() };
}

/** The participant whose turn holds `at` (the last turn starting at or before it), or -1. */
function speakerAt(reading: Reading, at: number): number {
  let lo = 0;
  let hi = reading.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (reading.starts[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? -1 : reading.who[lo - 1]!;
}

function place(reading: Reading, text: string, quotes: readonly string[]): PlacedInsight {
  const spans: Span[] = [];
  let speaker = -1;
  for (const quote of quotes) {
    const span = locateQuote(text, quote);
    if (!span) continue;
    spans.push(span);
    if (speaker < 0) speaker = speakerAt(reading, span.start);
  }
  if (speaker < 0 && reading.speakers.length === 1) speaker = 0;
  return { speaker: speaker < 0 ? null : reading.speakers[speaker]!, spans };
}

export interface PeopleRequest {
  id: string;
  /** The document's `updatedAt`. */
  stamp: string;
  insights: { id: string; updatedAt: string; quotes: string }[];
}

const letOthersThrough = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Texts read in one query: a few, so that a project's texts are never all held at once. */
const TEXTS_AT_ONCE = 16;

/** Each document's participants and its insights placed, reading only the texts not read before. */
export async function peopleOf(db: DbOrTx, projectId: string, documents: readonly PeopleRequest[]): Promise<Map<string, DocumentPeople>> {
  const out = new Map<string, DocumentPeople>();
  const unread: PeopleRequest[] = [];
  for (const d of documents) {
    const known = cache.get(d.id);
    if (known && known.stamp === d.stamp && d.insights.every((i) => known.placed.get(i.id)?.updatedAt === i.updatedAt)) {
      remember(d.id, known);
      out.set(d.id, answerOf(known, d));
    } else unread.push(d);
  }
  for (let i = 0; i < unread.length; i += TEXTS_AT_ONCE) {
    const slice = unread.slice(i, i + TEXTS_AT_ONCE);
    const texts = await inBatches(
      slice.map((d) => d.id),
      (ids) => db.selectFrom('documents').select(['id', 'text']).where('projectId', '=', projectId).where('id', 'in', ids).execute(),
    );
    const textOf = new Map(texts.map((t) => [t.id, t.text ?? '']));
    for (const d of slice) {
      const text = textOf.get(d.id) ?? '';
      const known = cache.get(d.id);
      const reading = known && known.stamp === d.stamp ? known : readingOf(text, d.stamp);
      for (const insight of d.insights) {
        if (reading.placed.get(insight.id)?.updatedAt === insight.updatedAt) continue;
        reading.placed.set(insight.id, { ...place(reading, text, parseQuotes(insight.quotes)), updatedAt: insight.updatedAt });
      }
      remember(d.id, reading);
      out.set(d.id, answerOf(reading, d));
      // Reading a long transcript takes a few milliseconds: other requests go first between documents.
      await letOthersThrough();
    }
  }
  return out;
}

function answerOf(reading: Reading, d: PeopleRequest): DocumentPeople {
  const placed = new Map<string, PlacedInsight>();
  for (const i of d.insights) {
    const { speaker, spans } = reading.placed.get(i.id)!;
    placed.set(i.id, { speaker, spans });
  }
  return { speakers: reading.speakers, placed };
}
