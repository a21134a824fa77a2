import { DEFAULT_BUDGET } from '../../src/engine/extract/types.js';
import { docxToText } from '../../src/engine/extract/formats/office.js';
import { pdfToText } from '../../src/engine/extract/formats/pdf.js';
import { vttToText } from '../../src/engine/extract/formats/transcripts.js';
import { BEYOND_WINDOWS_PAGE, docxFile, pdfFile } from './files.js';
import type { Study, Transcript, Unit } from './load.js';

/**
 * The benchmark's transcripts laid out as researchers' tools export them
 * (shared notes: transcript-layouts.md): each layout is the file such a tool saves (text,
 * WebVTT, SRT, Word, PDF), read through the extractor sift runs on it, so that the engine reads
 * what it would read in the product. The gold follows the words: every marked sentence is found again, in
 * order, in the rendered text (white space may differ where a layout wraps lines).
 */
export const LAYOUTS = ['house', 'lines', 'otter', 'zoom', 'rev', 'stamps', 'qa', 'first-names', 'vtt', 'srt', 'docx-bold', 'docx-table', 'pdf'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface Turn {
  speaker: string;
  interviewer: boolean;
  body: string;
}

export type Parsed = Transcript['source'];

/** A first name for the interviewer, by the study's language. */
const interviewerName = (locale: string, n: number) => (locale === 'de' ? ['Anke', 'Jonas'] : ['Sam', 'Dana'])[n % 2]!;

/** Time stamps: about two and a half words a second from the start of the recording. */
function clock(turns: Turn[]): number[] {
  let at = 4;
  return turns.map((t) => {
    const now = at;
    at += Math.max(2, Math.round(t.body.split(/\s+/).length / 2.5));
    return now;
  });
}
const pad = (n: number) => String(n).padStart(2, '0');
const hms = (s: number) => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
const ms = (s: number) => `${Math.floor(s / 60)}:${pad(s % 60)}`;

/** A turn cut into subtitle cues of about a dozen words. */
function cues(body: string): string[] {
  const words = body.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 12) out.push(words.slice(i, i + 12).join(' '));
  return out;
}

function vtt(p: Parsed, voice: boolean): string {
  const times = clock(p.turns);
  const blocks: string[] = [];
  let n = 1;
  p.turns.forEach((t, i) => {
    cues(t.body).forEach((c, k) => {
      const from = times[i]! + k * 5;
      const stamp = (s: number, sep: string) => `${hms(s)}${sep}000`;
      const timing = voice ? `${stamp(from, '.')} --> ${stamp(from + 5, '.')}` : `${stamp(from, ',')} --> ${stamp(from + 5, ',')}`;
      // SRT names the speaker in a turn's first cue only, as many subtitle editors do.
      const line = voice ? `<v ${t.speaker}>${c}` : k === 0 ? `${t.speaker}: ${c}` : c;
      blocks.push(voice ? `${timing}\n${line}` : `${n++}\n${timing}\n${line}`);
    });
  });
  return `${voice ? 'WEBVTT\n\n' : ''}${blocks.join('\n\n')}\n`;
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (s: string, bold = false) => `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${xmlText(s)}</w:t></w:r>`;
const para = (runs: string) => `<w:p>${runs}</w:p>`;

/** A Word document: the header as a paragraph, then bold labels or a two-column table. */
function docx(p: Parsed, table: boolean): Uint8Array {
  const body = table
    ? `<w:tbl>${p.turns.map((t) => `<w:tr><w:tc>${para(run(t.speaker, true))}</w:tc><w:tc>${para(run(t.body))}</w:tc></w:tr>`).join('')}</w:tbl>`
    : p.turns.map((t) => para(run(`${t.speaker}:`, true) + run(` ${t.body}`))).join('');
  return docxFile(`${p.header ? para(run(p.header)) : ''}${body}`);
}

/** A PDF of the transcript: lines wrapped at 90 characters, a running header and a page number on each page. */
function pdf(p: Parsed, title: string): Uint8Array {
  const lines: string[] = [];
  for (const t of p.turns) {
    let line = `${t.speaker}:`;
    for (const w of t.body.split(' ')) {
      if (line.length + w.length + 1 > 90) {
        lines.push(line);
        line = w;
      } else line += ` ${w}`;
    }
    lines.push(line);
  }
  const pages: string[][] = [];
  for (let i = 0, n = 1; i < lines.length; i += 40, n++) pages.push([title, ...(n === 1 && p.header ? [p.header] : []), ...lines.slice(i, i + 40), String(n)]);
  return pdfFile(pages);
}

/** The file a tool saves of the transcript in `layout` (`n` varies the interviewer's name and who speaks first). */
export function layoutFile(p: Parsed, layout: Layout, locale: string, n: number, study: string): { name: string; content: string | Uint8Array } {
  const text = (content: string) => ({ name: `${study}-${n}.txt`, content });
  const times = clock(p.turns);
  const asker = interviewerName(locale, n);
  const join = (lines: string[], gap: string) => `${[...(p.header ? [p.header] : []), ...lines].join(gap)}\n`;
  switch (layout) {
    case 'house':
      return text(
        join(
          p.turns.map((t) => `${t.speaker}: ${t.body}`),
          '\n\n',
        ),
      );
    case 'lines':
      return text(
        join(
          p.turns.map((t) => `${t.speaker}: ${t.body}`),
          '\n',
        ),
      );
    case 'otter': {
      // Unnamed speakers numbered in the order they first speak; in every other interview a participant is numbered first.
      const order = [...new Set(p.turns.map((t) => t.speaker))];
      const lead = n % 2 === 0 ? p.turns.find((t) => !t.interviewer)?.speaker : undefined;
      const numbered = lead ? [lead, ...order.filter((x) => x !== lead)] : order;
      const label = (t: Turn) => `Speaker ${numbered.indexOf(t.speaker) + 1}`;
      return text(
        join(
          p.turns.map((t, i) => `${label(t)}  ${ms(times[i]!)}\n${t.body}`),
          '\n\n',
        ),
      );
    }
    case 'zoom':
      return text(
        join(
          p.turns.map((t, i) => `[${t.interviewer ? `${asker} Whitfield` : t.speaker}] ${hms(10 * 3600 + times[i]!)}\n${t.body}`),
          '\n',
        ),
      );
    case 'rev':
      return text(
        join(
          p.turns.map((t, i) => `${t.speaker} (${hms(times[i]!)}):\n${t.body}`),
          '\n\n',
        ),
      );
    case 'stamps':
      return text(
        join(
          p.turns.map((t, i) => `[${hms(times[i]!)}] ${t.speaker}: ${t.body}`),
          '\n',
        ),
      );
    case 'qa':
      return text(
        join(
          p.turns.map((t) => `${t.interviewer ? 'Q' : 'A'}: ${t.body}`),
          '\n\n',
        ),
      );
    case 'first-names':
      return text(`${p.turns.map((t) => `${t.interviewer ? asker : t.speaker}: ${t.body}`).join('\n\n')}\n`);
    case 'vtt':
      return { name: `${study}-${n}.vtt`, content: vtt(p, true) };
    case 'srt':
      return { name: `${study}-${n}.srt`, content: vtt(p, false) };
    case 'docx-bold':
    case 'docx-table':
      return { name: `${study}-${n}.docx`, content: docx(p, layout === 'docx-table') };
    case 'pdf':
      return { name: `${study}-${n}.pdf`, content: pdf(p, `${study} – interview transcript`) };
  }
}

/** The transcript's text as sift reads it in `layout`: its file through the extractor of its format. */
export async function render(p: Parsed, layout: Layout, locale: string, n: number, study: string): Promise<string> {
  const { name, content } = layoutFile(p, layout, locale, n, study);
  if (typeof content === 'string') return name.endsWith('.txt') ? content : vttToText(content);
  return name.endsWith('.pdf') ? pdfToText(content) : docxToText(content, DEFAULT_BUDGET);
}

/** A character a PDF in the Windows code page cannot hold (Turkish 'ı') stands as a plain letter there (files.ts): any letter matches it. */
const pattern = (s: string) =>
  new RegExp(
    s
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\s+/g, '\\s+')
      .replace(BEYOND_WINDOWS_PAGE, '.'),
    'u',
  );

/** The units of `t` found again, in order, in `text`; a unit the layout leaves out (a header) is dropped. */
function relocate(t: Transcript, text: string): Unit[] {
  const out: Unit[] = [];
  let cursor = 0;
  for (const u of t.units) {
    const m = pattern(t.text.slice(u.start, u.end)).exec(text.slice(cursor));
    if (!m) {
      if (u.role !== 'header') throw new Error(`${t.id}: "${t.text.slice(u.start, u.end)}" lost in the layout`);
      continue;
    }
    const start = cursor + m.index;
    out.push({ ...u, start, end: start + m[0].length });
    cursor = start + m[0].length;
  }
  return out;
}

/** The study with every transcript in `layout`, its gold carried along. */
export async function inLayout(study: Study, layout: Layout): Promise<Study> {
  if (layout === 'house') return study;
  const transcripts = await Promise.all(
    study.transcripts.map(async (t, n) => {
      const text = await render(t.source, layout, study.locale, n, study.name);
      return { id: t.id, text, units: relocate(t, text), source: t.source };
    }),
  );
  return { ...study, transcripts };
}
