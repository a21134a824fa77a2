import { linesOf, type Line } from './lines.js';
import { namesRole, rolesOf, swappedAt } from './roles.js';

/**
 * The first stage of analysis: a document's text read as turns. In a transcript, each turn has
 * its speaker, the speaker's role (the interviewer's turns are context, not evidence) and the
 * spans of its spoken words, which never include a label, a time stamp or page furniture; what
 * stands before the first turn is the header. Text that is not a transcript (field notes,
 * reports, survey answers) is read as paragraphs without speakers, to be analysed as prose.
 */
export type Role = 'interviewer' | 'participant' | 'unknown';

export interface Span {
  start: number;
  end: number;
}

export interface Turn {
  speaker: string | null;
  role: Role;
  /** Where the turn starts in the text, its label included. */
  start: number;
  /** The spoken words: one span per paragraph (a run of lines), in order. */
  body: Span[];
}

export interface Reading {
  transcript: boolean;
  turns: Turn[];
  /** Lines before the first turn of a transcript (a title, the participant's details). */
  header: Span | null;
  /**
   * Where an automatic transcript's two labels swap roles (the turn from which the interviewer
   * speaks under the other label): its roles are read from how turns behave, and are uncertain.
   */
  swappedAt?: number;
}

/** A person's name: one to three capitalised words, or a speaker's number. */
const PERSON = /^(?:\p{Lu}[\p{Ll}\p{M}'’-]+(?: \p{Lu}[\p{Ll}\p{M}'’-]+){0,2}|[Ss]peaker \d{1,2})$/u;

const LABELLED = new Set(['turn', 'speaker', 'bare-name']);

/** Labels documents give their own lines, not speakers ('Step 2', 'Note', 'Source'). */
const DOCUMENT_LABEL =
  /^(notes?|nb|warning|caution|danger|important|attention|notice|tip|hint|remarks?|examples?|usage|syntax|see( also)?|sources?|references?|figure|table|chapter|section|step|part|question|summary|abstract|keywords|title|subject|author|date|time|location|place|version|status|default|returns?|parameters?|type|re|to|from|cc|hinweis|achtung|beispiel|quelle|remarque|exemple|introduction|conclusion|background|method|methods|results|discussion|appendix|contents|present|participants|attendees|attendance|absent|apologies|venue|setting|recorded|recording|duration|transcriber|transcribed( by)?|anwesend|teilnehmende|ort|datum|dauer|présents?|participants|lieu|durée)$/i;

/** Which labels name speakers: a role's name, or a label used at least twice (a speaker speaks more than once); never a document's own. */
function speakersOf(lines: Line[]): Set<string> {
  const uses = new Map<string, { turn: number; bare: number }>();
  for (const l of lines) {
    if (!LABELLED.has(l.kind)) continue;
    const u = uses.get(l.name!) ?? { turn: 0, bare: 0 };
    if (l.kind === 'bare-name') u.bare++;
    else u.turn++;
    uses.set(l.name!, u);
  }
  const own = (name: string) => DOCUMENT_LABEL.test(name.replace(/\s*\d+$/, ''));
  const recurring = [...uses].filter(([name, u]) => u.turn >= 2 && !own(name)).length;
  // Beside speakers who recur, one who speaks once (a focus group's quiet member) is a name written as names are.
  const once = (name: string) => namesRole(name) || (recurring >= 2 && PERSON.test(name));
  const labels = new Set([...uses].filter(([name, u]) => (u.turn >= 2 || (u.turn === 1 && once(name))) && !own(name)).map(([name]) => name));
  // A speaker's name alone on its line (a Word table's speaker cell) counts only where a few such
  // names take turns throughout, never for a heading or two.
  const bare = [...uses].filter(([name, u]) => u.bare >= 2 && !own(name));
  const bareLines = bare.reduce((s, [, u]) => s + u.bare, 0);
  if (bare.length >= 2 && bare.length <= 8 && bareLines >= 4) for (const [name] of bare) labels.add(name);
  return labels;
}

const opens = (l: Line, speakers: Set<string>) => LABELLED.has(l.kind) && speakers.has(l.name!);

/**
 * A transcript has at least three turns by at least two speakers (or one named as a role), and
 * turns open at least a twentieth of its lines (a turn may run over many lines).
 */
function isTranscriptShape(lines: Line[], speakers: Set<string>): boolean {
  const opening = lines.filter((l) => opens(l, speakers));
  const nonBlank = lines.filter((l) => l.kind !== 'blank').length;
  const distinct = new Set(opening.map((l) => l.name!));
  return opening.length >= 3 && opening.length * 20 >= nonBlank && (distinct.size >= 2 || namesRole([...distinct][0] ?? ''));
}

/**
 * A list at the top naming who took part (`Interviewer: Jane Smith`, `Respondent: R04, female`):
 * two or more labelled lines before anything else is said, each a few words opening with a capital
 * or a digit, without a stop or a question mark (an automatic transcript's lower-case opening
 * exchange is not one). Its lines are the header, not turns.
 */
function headerList(lines: Line[], text: string): Set<Line> {
  const out = new Set<Line>();
  for (const l of lines) {
    if (l.kind === 'blank') continue;
    if (l.kind !== 'turn') break;
    const body = text.slice(l.bodyStart!, l.end).trim();
    if (/[.?!…]/.test(body) || body.split(/\s+/).length > 6 || !/^[\p{Lu}\d]/u.test(body)) break;
    out.add(l);
  }
  return out.size >= 2 ? out : new Set();
}

export function readTranscript(text: string): Reading {
  const all = linesOf(text);
  const listed = headerList(all, text);
  const lines = all.map((l) => (listed.has(l) ? { ...l, kind: 'text' as const } : l));
  const speakers = speakersOf(lines);
  if (!isTranscriptShape(lines, speakers)) return { transcript: false, turns: paragraphs(lines, speakers), header: null };
  const turns: Turn[] = [];
  let header = null as Span | null;
  let current: Turn | null = null;
  let para: Span | null = null;
  const close = () => {
    if (para && current) current.body.push(para);
    para = null;
  };
  const extend = (from: number, to: number) => {
    if (para) para.end = to;
    else para = { start: from, end: to };
  };
  for (const l of lines) {
    if (opens(l, speakers)) {
      close();
      current = { speaker: l.name!, role: 'unknown', start: l.start, body: [] };
      turns.push(current);
      if (l.kind === 'turn') extend(l.bodyStart!, trimEnd(text, l.bodyStart!, l.end));
      continue;
    }
    if (l.kind === 'blank' || l.kind === 'noise') {
      close();
      continue;
    }
    if (!current) {
      header = { start: header?.start ?? l.start, end: l.end };
      continue;
    }
    extend(skipSpace(text, l.start, l.end), trimEnd(text, l.start, l.end));
  }
  close();
  const roles = rolesOf(turns, text);
  for (const t of turns) t.role = roles.get(t.speaker!) ?? 'participant';
  const swap = swappedAt(turns, text);
  if (swap) for (const t of swap.before ? turns.slice(0, swap.at) : turns.slice(swap.at)) t.role = t.role === 'interviewer' ? 'participant' : 'interviewer';
  return { transcript: true, turns, header, ...(swap ? { swappedAt: swap.at } : {}) };
}

/** Prose: each run of non-blank lines is a paragraph of its own, without a speaker (a speaker's label opening it is no part of it). */
function paragraphs(lines: Line[], speakers: Set<string>): Turn[] {
  const out: Turn[] = [];
  let para: Turn | null = null;
  for (const l of lines) {
    if (l.kind === 'blank') {
      para = null;
      continue;
    }
    if (!para) {
      const labelled = l.kind === 'turn' && speakers.has(l.name!);
      para = {
        speaker: labelled ? l.name! : null,
        role: 'unknown',
        start: l.start,
        body: [{ start: labelled ? l.bodyStart! : l.start, end: l.end }],
      };
      out.push(para);
    } else para.body[0]!.end = l.end;
  }
  return out;
}

function skipSpace(text: string, from: number, to: number): number {
  let s = from;
  while (s < to && /\s/.test(text[s]!)) s++;
  return s;
}

function trimEnd(text: string, from: number, to: number): number {
  let e = to;
  while (e > from && /\s/.test(text[e - 1]!)) e--;
  return e;
}
