import fs from 'node:fs';
import path from 'node:path';
import { chunkText } from '../../src/engine/chunk.js';

/**
 * The passage-level benchmark's studies. Each study is a folder with `study.json` and one
 * transcript per `.txt` file, written like a semi-structured interview: a header line, then
 * turns `Label: text` (the interviewer's label is the study's `interviewer`). Participant
 * sentences that speak to a theme are marked `[[themeId|the sentence]]`, or
 * `[[a,b|the sentence]]` when they speak to two. The markup is stripped to give the document
 * text; the marks become gold spans at their offsets in that text.
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
  interviewer: string;
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

export function parseTranscript(id: string, raw: string, interviewer: string, themeIds: Set<string>): Transcript {
  const lines = raw.replace(/\r\n/g, '\n').split('\n');
  let text = '';
  const units: Unit[] = [];
  const problems: string[] = [];
  lines.forEach((line, n) => {
    const at = text.length;
    if (n === 0) {
      text += `${line}\n`;
      units.push({ start: at, end: at + line.length, role: 'header', themes: [] });
      return;
    }
    const turn = /^([^:[\]]{1,40}):\s/.exec(line);
    if (!turn) {
      if (line.trim() !== '' && MARK.test(line)) problems.push(`line ${n + 1}: marks outside a turn`);
      MARK.lastIndex = 0;
      text += `${line.replace(MARK, '$2')}\n`;
      return;
    }
    const role: Role = turn[1]!.trim() === interviewer ? 'interviewer' : 'participant';
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
  return { id, text: text.replace(/\n+$/, '\n'), units };
}

export function loadStudy(dir: string): Study {
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'study.json'), 'utf8')) as Omit<Study, 'transcripts'>;
  const ids = new Set(meta.themes.map((t) => t.id));
  const transcripts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => parseTranscript(f.replace(/\.txt$/, ''), fs.readFileSync(path.join(dir, f), 'utf8'), meta.interviewer, ids));
  return { ...meta, transcripts };
}

export const STUDIES_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'studies');

export function loadStudies(): Study[] {
  if (!fs.existsSync(STUDIES_DIR)) return [];
  return fs
    .readdirSync(STUDIES_DIR)
    .filter((d) => fs.existsSync(path.join(STUDIES_DIR, d, 'study.json')))
    .sort()
    .map((d) => loadStudy(path.join(STUDIES_DIR, d)));
}

/** A study's transcripts as the documents an analysis reads, chunked in the study's language. */
export function documentsOf(study: Study): { id: string; text: string; chunks: ReturnType<typeof chunkText> }[] {
  return study.transcripts.map((t) => ({ id: t.id, text: t.text, chunks: chunkText(t.text, { locale: study.locale }) }));
}
