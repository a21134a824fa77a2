import fs from 'node:fs';
import path from 'node:path';
import { chunkText } from '../../src/engine/chunk.js';

/**
 * The passage-level benchmark's studies. Each study is a folder with `study.json` and one
 * transcript per `.txt` file: a header line (unless `header` is false), then one turn a line,
 * `Label: text` (the interviewer's label is the study's `interviewer`, one label or several, or
 * per transcript in `interviewerOf`). This is the source form; `layouts.ts` lays it out as
 * researchers' tools would. Participant
 * sentences that speak to a theme are marked `[[themeId|the sentence]]`, or
 * `[[a,b|the sentence]]` when they speak to two. The markup is stripped to give the document
 * text; the marks become gold spans at their offsets in that text.
 *
 * Three line prefixes, stripped from the text, say what labels cannot: `(header) ` a header line
 * anywhere before the turns (`Present: Ruth (moderator), Gareth`), `(interviewer) ` and
 * `(participant) ` a turn's role whatever its label (a diarisation that swaps labels half-way).
 */
export interface StudyTheme {
  id: string;
  name: string;
  description: string;
  distractor?: boolean;
}
export interface Study {
  name: string;
  locale: string;
  /** `development` may be tuned on; `held-out` never. */
  split: 'development' | 'held-out';
  interviewer: string | string[];
  /** A transcript's own interviewer label, where it differs (an automatic transcript's `Speaker 2`). */
  interviewerOf?: Record<string, string>;
  /** Whether each transcript opens with a header line (default true). */
  header?: boolean;
  themes: StudyTheme[];
  transcripts: Transcript[];
}
export type Role = 'header' | 'interviewer' | 'participant';
export interface Unit {
  start: number;
  end: number;
  role: Role;
  themes: string[];
}
export interface Transcript {
  id: string;
  text: string;
  units: Unit[];
  /** The source's header line ('' where there is none) and turns, from which layouts are rendered. */
  source: { header: string; turns: { speaker: string; interviewer: boolean; body: string }[] };
}

const MARK = /\[\[([^|\]]+)\|([^\]]+)\]\]/g;

/** Participant sentences: marked spans as they are, unmarked text cut after . ? ! or … */
function sentences(text: string, from: number, to: number): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const re = /[^.?!…]+(?:[.?!…]+["'”’)]*|$)/g;
  const piece = text.slice(from, to);
  for (let m = re.exec(piece); m; m = re.exec(piece)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const lead = m[0].length - m[0].trimStart().length;
    const s = from + m.index + lead;
    const e = from + m.index + m[0].trimEnd().length;
    if (e > s && /\p{L}/u.test(text.slice(s, e))) out.push({ start: s, end: e });
  }
  return out;
}

export function parseTranscript(id: string, raw: string, interviewer: string | string[], themeIds: Set<string>, header = true): Transcript {
  const lines = raw.replace(/\r\n/g, '\n').split('\n');
  const interviewers = new Set([interviewer].flat());
  let text = '';
  const units: Unit[] = [];
  const problems: string[] = [];
  const source: Transcript['source'] = { header: '', turns: [] };
  lines.forEach((raw, n) => {
    let line = raw;
    const at = text.length;
    if (n === 0 && header) {
      text += `${line}\n`;
      units.push({ start: at, end: at + line.length, role: 'header', themes: [] });
      source.header = line;
      return;
    }
    const marked = /^\((header|interviewer|participant)\) /.exec(line);
    if (marked) line = line.slice(marked[0].length);
    if (marked?.[1] === 'header') {
      text += `${line}\n`;
      units.push({ start: at, end: at + line.length, role: 'header', themes: [] });
      source.header = source.header ? `${source.header}\n${line}` : line;
      return;
    }
    const turn = /^([^:[\]]{1,40}):\s/.exec(line);
    if (!turn) {
      if (line.trim() !== '' && MARK.test(line)) problems.push(`line ${n + 1}: marks outside a turn`);
      MARK.lastIndex = 0;
      text += `${line.replace(MARK, '$2')}\n`;
      return;
    }
    const role: Role = (marked?.[1] as Role | undefined) ?? (interviewers.has(turn[1]!.trim()) ? 'interviewer' : 'participant');
    text += turn[0];
    let rest = line.slice(turn[0].length);
    const cursor = text.length;
    const marks: Unit[] = [];
    let body = '';
    let last = 0;
    for (const m of rest.matchAll(MARK)) {
      body += rest.slice(last, m.index);
      const ids = m[1]!.split(',').map((s) => s.trim());
      for (const t of ids) if (!themeIds.has(t)) problems.push(`line ${n + 1}: unknown theme "${t}"`);
      if (role !== 'participant') problems.push(`line ${n + 1}: a mark in an interviewer turn`);
      marks.push({ start: cursor + body.length, end: cursor + body.length + m[2]!.length, role, themes: ids });
      body += m[2];
      last = m.index! + m[0].length;
    }
    body += rest.slice(last);
    if (/\[\[|\]\]/.test(body)) problems.push(`line ${n + 1}: a broken mark`);
    text += `${body}\n`;
    source.turns.push({ speaker: turn[1]!.trim(), interviewer: role === 'interviewer', body });
    if (role === 'interviewer') {
      units.push({ start: cursor, end: cursor + body.length, role, themes: [] });
      return;
    }
    // Unmarked participant text between marks is cut into sentences too: they are the units that belong to no theme.
    let from = cursor;
    for (const mk of [...marks, { start: cursor + body.length, end: cursor + body.length, role, themes: [] }]) {
      units.push(...sentences(text, from, mk.start).map((s) => ({ ...s, role, themes: [] })));
      if (mk.end > mk.start) units.push(mk);
      from = mk.end;
    }
    rest = '';
  });
  if (problems.length) throw new Error(`${id}: ${problems.join('; ')}`);
  if (!units.some((u) => u.role === 'interviewer')) problems.push(`no turn of the interviewer (${[...interviewers].join(', ')})`);
  return { id, text: text.replace(/\n+$/, '\n'), units, source };
}

export function loadStudy(dir: string): Study {
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'study.json'), 'utf8')) as Omit<Study, 'transcripts'>;
  const ids = new Set(meta.themes.map((t) => t.id));
  const transcripts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => {
      const id = f.replace(/\.txt$/, '');
      return parseTranscript(id, fs.readFileSync(path.join(dir, f), 'utf8'), meta.interviewerOf?.[id] ?? meta.interviewer, ids, meta.header !== false);
    });
  return { ...meta, transcripts };
}

export const STUDIES_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'studies');

/**
 * Held-out studies nobody has read yet: written by separate authors from short briefs, read once,
 * at the end of the issue that needs them (`SEALED=1`), then moved into `studies/`.
 */
export const SEALED_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'sealed');

export function loadStudies(): Study[] {
  const dirs = [STUDIES_DIR, ...(process.env.SEALED === '1' ? [SEALED_DIR] : [])].filter((d) => fs.existsSync(d));
  return dirs
    .flatMap((dir) => fs.readdirSync(dir).map((d) => path.join(dir, d)))
    .filter((d) => fs.existsSync(path.join(d, 'study.json')))
    .sort((a, b) => path.basename(a).localeCompare(path.basename(b)))
    .map((d) => loadStudy(d));
}

/** A study's transcripts as the documents an analysis reads, chunked in the study's language. */
export function documentsOf(study: Study): { id: string; text: string; chunks: ReturnType<typeof chunkText> }[] {
  return study.transcripts.map((t) => ({ id: t.id, text: t.text, chunks: chunkText(t.text, { locale: study.locale }) }));
}
