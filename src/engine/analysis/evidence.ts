import type { AnalysisDocument, Verdict } from './types.js';
import { contentTerms } from './vectors.js';

/**
 * The sentences a document offers as evidence, with their exact offsets in the document's text
 * (so every quote is a verbatim slice). Interviewers' turns are context, not evidence: a speaker
 * named like an interviewer, or one whose turns are mostly questions, is left out, and the
 * question a turn answers travels with its sentences as `prompt`. Nor are a transcript's header
 * lines (what stands before its first turn), headings (a line without a sentence's end),
 * fillers (fewer than two content words) or lines of code evidence.
 */
export interface Sentence {
  documentId: string;
  chunkIdx: number;
  start: number;
  end: number;
  text: string;
  /** Offset of the turn or paragraph the sentence belongs to. */
  paragraph: number;
  /** The interviewer's turn this sentence's turn answers, if any. */
  prompt?: string;
}

const INTERVIEWER =
  /^(interviewer(in)?|interviewer:in|intervieweu(r|se)|enquêt(eur|rice)|entrevistador(a)?|moderat(or|orin|eur|rice)|facilitator|researcher|forscher(in)?|host|q|int|i|f|fr)(\s*\d{1,2})?$/i;
const LABEL = /^\s*([A-Z][\p{L}.'’ -]{0,40}?|[A-Z]\d{0,3})\s*:\s+/u;

function askers(doc: AnalysisDocument): Set<string> {
  const turns = new Map<string, { total: number; questions: number }>();
  for (const c of doc.chunks) {
    for (const para of c.text.split(/\n\s*\n/)) {
      const m = LABEL.exec(para);
      if (!m) continue;
      const who = m[1]!.trim();
      const t = turns.get(who) ?? { total: 0, questions: 0 };
      t.total++;
      if (para.trim().endsWith('?')) t.questions++;
      turns.set(who, t);
    }
  }
  const out = new Set<string>();
  for (const [who, t] of turns) if (INTERVIEWER.test(who) || (turns.size > 1 && t.total >= 2 && t.questions / t.total >= 0.6)) out.add(who);
  return out;
}

/**
 * A line of code or a format string, not a sentence anyone said or wrote: braces, arrows, calls,
 * assignments, `printf` conversions, comments, backticks, a statement's closing semicolon.
 */
const CODE = /[{}`]|=>|\(\)|;\s*$|%[sdlu]\b|\/\/|\w\.\w+\(|\b\w+\s*=\s*[\w'"(]/;

const segmenters = new Map<string, Intl.Segmenter>();

/** A heading or a header line: one line that does not end as a sentence does. */
const heading = (para: string) => !para.trim().includes('\n') && !/[.!?…:;"”»)]$/.test(para.trim());

export function evidence(doc: AnalysisDocument, locale: string, minWords = 4): Sentence[] {
  const skip = askers(doc);
  const transcript = skip.size > 0 || TURN_LABEL.test(doc.text);
  let seg = segmenters.get(locale);
  if (!seg) {
    seg = new Intl.Segmenter(locale, { granularity: 'sentence' });
    segmenters.set(locale, seg);
  }
  const out: Sentence[] = [];
  let turns = 0;
  let prompt: string | undefined;
  for (const c of doc.chunks) {
    let offset = 0;
    for (const para of c.text.split(/(\n\s*\n)/)) {
      const paraStart = c.start + offset;
      offset += para.length;
      if (/^\n\s*\n$/.test(para) || para.trim() === '') continue;
      const m = LABEL.exec(para);
      if (m) turns++;
      if (m && skip.has(m[1]!.trim())) {
        prompt = para.slice(m[0].length);
        continue;
      }
      if ((transcript && turns === 0) || heading(para)) continue;
      const bodyFrom = m ? m[0].length : 0;
      for (const s of seg.segment(para.slice(bodyFrom))) {
        const raw = s.segment;
        const lead = raw.length - raw.trimStart().length;
        const text = raw.trim();
        if (text.split(/\s+/).length < minWords || text.endsWith('?') || CODE.test(text) || contentTerms(text, locale).length < 2) continue;
        const start = paraStart + bodyFrom + s.index + lead;
        const end = start + text.length;
        if (doc.text.slice(start, end) !== text) continue;
        out.push({ documentId: doc.id, chunkIdx: c.idx, start, end, text, paragraph: paraStart, ...(m && prompt ? { prompt } : {}) });
      }
    }
  }
  return out;
}

const TURN_LABEL = /^\s*[A-Z][\p{L}.'’ -]{0,40}?:\s/mu;

/**
 * Whether a document is a transcript: at least three of its lines open with a speaker's label,
 * and such lines are at least a twentieth of its lines (a turn may run over many). A manual's
 * "Note:" or "Example:" lines, or a report's "Source:", are not speakers' labels.
 */
export function isTranscript(doc: { text: string }): boolean {
  let lines = 0;
  let labelled = 0;
  for (const line of doc.text.split('\n')) {
    if (line.trim() === '') continue;
    lines++;
    const m = LABEL.exec(line);
    if (m && !DOCUMENT_LABEL.test(m[1]!.trim())) labelled++;
  }
  return labelled >= 3 && labelled * 20 >= lines;
}

/** Labels documents give their own lines, not speakers. */
const DOCUMENT_LABEL =
  /^(notes?|nb|warning|caution|danger|important|attention|notice|tip|hint|remarks?|examples?|usage|syntax|see( also)?|sources?|references?|figure|table|chapter|section|step|summary|abstract|keywords|title|subject|author|date|time|location|version|status|default|returns?|parameters?|type|re|to|from|cc|hinweis|achtung|beispiel|quelle|remarque|exemple)$/i;

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
  const byTurn = docs.filter((d) => TURN_LABEL.test(d.text)).length * 2 >= docs.length;
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
