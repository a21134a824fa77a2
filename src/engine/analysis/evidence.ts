import type { AnalysisDocument, Verdict } from './types.js';
import { contentTerms } from './vectors.js';
import { readingOf } from '../transcript/index.js';
import { sentences } from '../text/index.js';

/**
 * The sentences a document offers as evidence, with their exact offsets in the document's text
 * (so every quote is a verbatim slice). The document is read as turns first (transcript/):
 * interviewers' turns are context, not evidence, and the question a turn answers travels with its
 * sentences as `prompt`; a transcript's header lines, labels and time stamps are never read as
 * sentences. Nor are headings of prose (a line without a sentence's end), fillers (fewer than two
 * content words) or lines of code evidence.
 */
export interface Sentence {
  documentId: string;
  chunkIdx: number;
  start: number;
  end: number;
  text: string;
  /** Offset of the turn (in a transcript) or paragraph (in prose) the sentence belongs to. */
  paragraph: number;
  /** That turn's or paragraph's place among the document's (interviewers' turns counted too). */
  turn: number;
  /** Who said it, where a transcript says. */
  speaker: string | null;
  /** The interviewer's turn this sentence's turn answers, if any. */
  prompt?: string;
}

/**
 * A line of code or a format string, not a sentence anyone said or wrote: braces, arrows, calls,
 * assignments, `printf` conversions, comments, backticks, a statement's closing semicolon.
 */
const CODE = /[{}`]|=>|\(\)|;\s*$|%[sdlu]\b|\/\/|\w\.\w+\(|\b\w+\s*=\s*[\w'"(]/;

/** A heading: one line that does not end as a sentence does. */
const heading = (para: string) => !para.trim().includes('\n') && !/[.!?…:;"”»)]$/.test(para.trim());

/** Stage directions at a sentence's edges ("[laughs]", "(pause)") are not the participant's words. */
const LEADING_CUE = /^(?:[[(][^\])]{1,40}[\])][\s,.]*)+/;
const TRAILING_CUE = /(?:\s*[[(][^\])]{1,40}[\])])+$/;

/** The index of the chunk holding `offset` (chunks are in order and cover the text). */
function chunkAt(doc: AnalysisDocument, offset: number): number {
  let lo = 0;
  let hi = doc.chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (doc.chunks[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return doc.chunks[lo]?.idx ?? 0;
}

/** How a document's sentences are read: the offline engine's defaults, or every one for a model (llm/coder.ts). */
export interface EvidenceOptions {
  /** The fewest words a sentence has (default 4). */
  minWords?: number;
  /** Whether a participant's own questions, and sentences of fewer than two content words, are kept (default false). */
  every?: boolean;
  /**
   * Sentences of more than `pieceOver` words (an automatic transcript without full stops) are cut
   * into pieces of about this many, before a filler or a linking word where one is near.
   */
  pieceWords?: number;
  /** The most words a sentence keeps whole where `pieceWords` is set (default twice `pieceWords`). */
  pieceOver?: number;
}

/** Words a speaker starts a new thought with, in an unpunctuated transcript: a cut falls before one where it can. */
const JOINS =
  /^(?:um+|uh+|erm|er|like|so|but|and|because|cause|cos|plus|which|anyway|honestly|yeah|no|i mean|you know|also|then|oder|und|aber|also|weil|ähm|äh|et|mais|donc|parce|euh|bon)$/i;

/** Offsets of a sentence's pieces (`pieceWords` above), each a [start, end) within `text`. */
export function piecesOf(text: string, pieceWords: number, pieceOver = 2 * pieceWords): [number, number][] {
  const words = [...text.matchAll(/\S+/g)].map((m) => ({ at: m.index, end: m.index + m[0].length, word: m[0].replace(/[^\p{L}']/gu, '') }));
  if (words.length <= pieceOver) return [[0, text.length]];
  const cuts: number[] = [0];
  while (words.length - cuts[cuts.length - 1]! > 1.5 * pieceWords) {
    const from = cuts[cuts.length - 1]!;
    let best = from + pieceWords;
    // Within a third of a piece of the target, the nearest word that starts a thought.
    for (let d = 0; d <= Math.floor(pieceWords / 3); d++) {
      const hit = [from + pieceWords - d, from + pieceWords + d].find((k) => k < words.length && JOINS.test(words[k]!.word));
      if (hit !== undefined) {
        best = hit;
        break;
      }
    }
    cuts.push(best);
  }
  return cuts.map((c, n) => [words[c]!.at, n + 1 < cuts.length ? words[cuts[n + 1]! - 1]!.end : text.length]);
}

export function evidence(doc: AnalysisDocument, locale: string, opts: EvidenceOptions = {}): Sentence[] {
  if (!Array.isArray(doc.chunks)) throw new Error('the document has no chunks');
  const minWords = opts.minWords ?? 4;
  const reading = readingOf(doc);
  const out: Sentence[] = [];
  let prompt: string | undefined;
  for (const [n, turn] of reading.turns.entries()) {
    if (turn.role === 'interviewer') {
      prompt = turn.body.map((b) => doc.text.slice(b.start, b.end)).join(' ');
      continue;
    }
    for (const span of turn.body) {
      const para = doc.text.slice(span.start, span.end);
      if (!reading.transcript && heading(para)) continue;
      // Lines wrapped inside a paragraph are one run of sentences (same length, so offsets hold).
      for (const s of sentences(para.replace(/[\r\n]/g, ' '), locale)) {
        const raw = s.segment;
        let from = raw.length - raw.trimStart().length;
        let to = raw.trimEnd().length;
        from += LEADING_CUE.exec(raw.slice(from, to))?.[0].length ?? 0;
        to -= TRAILING_CUE.exec(raw.slice(from, to))?.[0].length ?? 0;
        const whole = raw.slice(from, to);
        if (whole.split(/\s+/).length < minWords || CODE.test(whole)) continue;
        if (opts.every ? !/\p{L}/u.test(whole) : whole.endsWith('?') || contentTerms(whole, locale).length < 2) continue;
        for (const [a, b] of opts.pieceWords ? piecesOf(whole, opts.pieceWords, opts.pieceOver) : [[0, whole.length] as [number, number]]) {
          const text = whole.slice(a, b);
          const start = span.start + s.index + from + a;
          out.push({
            documentId: doc.id,
            chunkIdx: chunkAt(doc, start),
            start,
            end: start + text.length,
            text,
            paragraph: turn.start,
            turn: n,
            speaker: reading.transcript ? turn.speaker : null,
            ...(reading.transcript && prompt ? { prompt } : {}),
          });
        }
      }
    }
  }
  return out;
}

/**
 * The texts an analysis reads a document's meaning from, as automatic and predefined analysis
 * put them together: each sentence, and each turn's sentences with the question it answers. What
 * a provider's embeddings are computed for when the document is processed (worker/text-vectors.ts).
 */
export function analysisTexts(doc: AnalysisDocument, locale: string): string[] {
  const sentences = evidence(doc, locale);
  const turns = new Map<number, Sentence[]>();
  for (const s of sentences) turns.set(s.paragraph, [...(turns.get(s.paragraph) ?? []), s]);
  return [...sentences.map((s) => s.text), ...[...turns.values()].map((t) => [...t.map((s) => s.text), t[0]!.prompt ?? ''].join(' '))];
}

/** Whether a document is a transcript: it reads as turns of at least two speakers (transcript/read.ts). */
export const isTranscript = (doc: { text: string }): boolean => readingOf(doc).transcript;

/**
 * In a project mostly of transcripts (at least half its documents), the documents that are not
 * (manuals, reports, articles) are other material, which analyses leave out: its words are
 * another register, and its passages would otherwise fill the interviews' categories and form
 * themes of their own ("Document and license"). Null where the project is not mostly
 * transcripts, or is transcripts only.
 */
export function otherMaterial(docs: { id: string; text: string }[]): Set<string> | null {
  const other = docs.filter((d) => !isTranscript(d));
  if (other.length === 0 || other.length * 2 > docs.length) return null;
  return new Set(other.map((d) => d.id));
}

/** Why a document of other material was left out (run notes count the verdicts that carry it). */
export const OTHER_MATERIAL_REASON =
  'not a transcript: in a project mostly of interview transcripts, analyses code the transcripts (analyse other material in a project of its own)';

/**
 * Why an analysed transcript's roles are uncertain: its two speaker labels swap part-way (an
 * automatic transcript's diarisation), so who asks was read from how its turns behave
 * (transcript/roles.ts `swappedAt`). Run notes name the documents; status counts them.
 */
export const ROLES_UNCERTAIN_REASON = "roles uncertain: the transcript's speaker labels swap part-way, so who asks was read from how its turns behave";

/** Whether a transcript's roles were read from behaviour rather than from its labels. */
export const rolesUncertain = (doc: { text: string }): boolean => readingOf(doc).swappedAt !== undefined;

/** What a document of other material is told (that it failed, where it cannot be read at all). */
function otherVerdict(doc: AnalysisDocument, locale: string): Verdict {
  try {
    evidence(doc, locale);
  } catch (err) {
    return { documentId: doc.id, verdict: 'failed', reason: `could not read the document: ${(err as Error).message}` };
  }
  return { documentId: doc.id, verdict: 'skipped', reason: OTHER_MATERIAL_REASON };
}

/**
 * Runs an analysis on the transcripts alone where the project also holds other material
 * (`other`, or found among `docs` when undefined), and gives each document of it its verdict.
 */
export function withoutOtherMaterial<R extends { verdicts: Verdict[] }>(
  docs: AnalysisDocument[],
  other: Set<string> | null | undefined,
  locale: string,
  analyse: (docs: AnalysisDocument[]) => R,
): R {
  const left = other !== undefined ? other : otherMaterial(docs);
  if (!left) return analyse(docs);
  const result = analyse(docs.filter((d) => !left.has(d.id)));
  return { ...result, verdicts: [...result.verdicts, ...docs.filter((d) => left.has(d.id)).map((d) => otherVerdict(d, locale))] };
}

/** Sentences that speak together: a speaker turn in a transcript, a whole document otherwise. */
export interface Unit {
  documentId: string;
  sentences: number[];
}

/**
 * Transcripts (most documents open with a speaker label) are grouped turn by turn; documents
 * without turns, such as reports and articles, usually keep to a subject and are grouped whole.
 */
export function groupUnits(docs: AnalysisDocument[], sentences: Sentence[], which: number[]): Unit[] {
  const byTurn = docs.filter(isTranscript).length * 2 >= docs.length;
  const units = new Map<string, Unit>();
  for (const i of which) {
    const s = sentences[i]!;
    const key = byTurn ? `${s.documentId}@${s.paragraph}` : s.documentId;
    const unit = units.get(key) ?? { documentId: s.documentId, sentences: [] };
    unit.sentences.push(i);
    units.set(key, unit);
  }
  return [...units.values()];
}
