import { unzipSync } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { guardZip } from '../extract/zip-guard.js';
import { ExtractionError } from '../extract/types.js';

/**
 * What a REFI-QDA archive (`.qdpx`) holds that sift can take in, read after the zip guard and
 * before anything is stored: codes, text sources with their coded selections (offsets turned
 * from code points into the text's own positions), notes, variables on cases, and sets. A
 * problem that makes the archive unusable is a `QdpxError` naming it; what sift cannot take
 * (pictures, audio, video; codings on a PDF or DOCX that comes without its text) is listed in
 * `skipped`; such a PDF or DOCX itself is kept for sift's own extraction.
 */
export class QdpxError extends Error {}

export interface PlannedCode {
  guid: string;
  name: string;
  description: string;
  parent: string | null;
}
export interface PlannedSelection {
  /** Offsets in the JavaScript string, end exclusive. */
  start: number;
  end: number;
  quote: string;
  codes: string[];
  notes: string[];
}
export interface PlannedSource {
  guid: string;
  name: string;
  text: string;
  selections: PlannedSelection[];
  notes: string[];
}
/** A PDF or DOCX source without a plain-text representation: its file goes through sift's extraction, its codings are not kept. */
export interface PlannedFile {
  guid: string;
  filename: string;
  bytes: Uint8Array;
  mimeType: string;
  notes: string[];
}
export interface ImportPlan {
  name: string;
  description: string;
  codes: PlannedCode[];
  codeNotes: Map<string, string[]>;
  sources: PlannedSource[];
  files: PlannedFile[];
  notes: Map<string, { name: string; text: string }>;
  projectNotes: string[];
  variables: { guid: string; name: string; description: string; numeric: boolean }[];
  values: { source: string; variable: string; text: string }[];
  sets: { guid: string; name: string; description: string; codes: string[]; sources: string[]; notes: string[] }[];
  skipped: string[];
}

const BUDGET = { timeoutMs: 30_000, maxOutputChars: 20_000_000, maxUncompressedBytes: 200 * 1024 * 1024, maxCompressionRatio: 200 };
const REPEATED = new Set([
  'User',
  'Code',
  'Variable',
  'Case',
  'VariableValue',
  'SourceRef',
  'TextSource',
  'PDFSource',
  'PictureSource',
  'AudioSource',
  'VideoSource',
  'PlainTextSelection',
  'PDFSelection',
  'Coding',
  'NoteRef',
  'Note',
  'Set',
  'MemberCode',
  'MemberSource',
  'MemberNote',
  'Representation',
]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;
const list = (n: unknown): Node[] => (Array.isArray(n) ? (n as Node[]) : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as Node)['#text']) : '');
const refs = (n: unknown, attr = 'targetGUID'): string[] =>
  list(n)
    .map((r) => str(r[attr]).toLowerCase())
    .filter(Boolean);
const guidOf = (n: Node) => str(n.guid).replace(/[{}]/g, '').toLowerCase();

/** The archive's files, after the zip guard: project.qde and the sources it names. */
export async function unpackQdpx(data: Uint8Array): Promise<{ qde: string; files: Map<string, Uint8Array> }> {
  try {
    await guardZip(data, BUDGET);
  } catch (err) {
    throw new QdpxError(err instanceof ExtractionError ? `the archive: ${err.message}` : 'the archive is not a readable zip file');
  }
  const files = new Map(Object.entries(unzipSync(data)));
  const qde = files.get('project.qde');
  if (!qde) throw new QdpxError('the archive holds no project.qde');
  return { qde: new TextDecoder().decode(qde), files };
}

/** Code point positions to the string's own (UTF-16) positions; `length` is the text's length in code points. */
function fromCodePoints(text: string): { at: (cp: number) => number; length: number } {
  const positions: number[] = [];
  for (let i = 0; i < text.length; i++) {
    positions.push(i);
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) i++;
  }
  positions.push(text.length);
  return { at: (cp) => positions[cp]!, length: positions.length - 1 };
}

function textOf(source: Node, files: Map<string, Uint8Array>, where: string): string {
  if (source.PlainTextContent !== undefined) return str(source.PlainTextContent);
  const path = str(source.plainTextPath);
  if (!path) throw new QdpxError(`${where} has neither plainTextPath nor PlainTextContent`);
  if (!path.startsWith('internal://')) throw new QdpxError(`${where}: the source file ${path} is outside the archive`);
  const name = `sources/${path.slice('internal://'.length)}`;
  const bytes = files.get(name);
  if (!bytes) throw new QdpxError(`${where}: the source file ${name} is missing from the archive`);
  return new TextDecoder().decode(bytes);
}

function readSource(node: Node, name: string, files: Map<string, Uint8Array>): PlannedSource {
  const where = `source "${name}"`;
  const text = textOf(node, files, where);
  const points = fromCodePoints(text);
  const selections = list(node.PlainTextSelection).map((s) => {
    const start = Number(str(s.startPosition));
    const end = Number(str(s.endPosition));
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > points.length) {
      throw new QdpxError(`${where}: selection ${guidOf(s)} (${start}-${end}) lies outside its text of ${points.length} characters`);
    }
    const from = points.at(start);
    const to = points.at(end);
    return {
      start: from,
      end: to,
      quote: text.slice(from, to),
      codes: list(s.Coding).flatMap((c) => refs([c.CodeRef])),
      notes: refs(s.NoteRef),
    };
  });
  return { guid: guidOf(node), name, text, selections: selections.filter((s) => s.quote.trim() !== ''), notes: refs(node.NoteRef) };
}

export function readQdpx(qde: string, files: Map<string, Uint8Array>): ImportPlan {
  const project = parser.parse(qde).Project as Node | undefined;
  if (!project) throw new QdpxError('project.qde has no Project element');
  const codes: PlannedCode[] = [];
  const codeNotes = new Map<string, string[]>();
  const walk = (nodes: Node[], parent: string | null) => {
    for (const c of nodes) {
      const guid = guidOf(c);
      codes.push({ guid, name: str(c.name), description: str(c.Description), parent });
      codeNotes.set(guid, refs(c.NoteRef));
      walk(list(c.Code), guid);
    }
  };
  walk(list(((project.CodeBook as Node | undefined)?.Codes as Node | undefined)?.Code), null);

  const sourcesNode = (project.Sources as Node | undefined) ?? {};
  const skipped: string[] = [];
  const sources: PlannedSource[] = [];
  const binaries: PlannedFile[] = [];
  /** The original of a PDF or DOCX source, for extraction; its codings (regions, or offsets in a text we do not have) are left out. */
  const original = (node: Node, path: string, ext: 'pdf' | 'docx', codings: number) => {
    const name = str(node.name) || guidOf(node);
    if (!path.startsWith('internal://')) {
      skipped.push(`source "${name}": its file ${path} is outside the archive`);
      return;
    }
    const bytes = files.get(`sources/${path.slice('internal://'.length)}`);
    if (!bytes) throw new QdpxError(`source "${name}": the source file sources/${path.slice('internal://'.length)} is missing from the archive`);
    const mimeType = ext === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    binaries.push({
      guid: guidOf(node),
      filename: name.toLowerCase().endsWith(`.${ext}`) ? name : `${name}.${ext}`,
      bytes,
      mimeType,
      notes: refs(node.NoteRef),
    });
    if (codings > 0) skipped.push(`source "${name}": ${codings} coding(s) on a ${ext.toUpperCase()} without a plain-text representation`);
  };
  for (const s of list(sourcesNode.TextSource)) {
    const rich = str(s.richTextPath);
    if (s.PlainTextContent === undefined && !str(s.plainTextPath) && rich.toLowerCase().endsWith('.docx'))
      original(s, rich, 'docx', list(s.PlainTextSelection).length);
    else sources.push(readSource(s, str(s.name) || guidOf(s), files));
  }
  for (const p of list(sourcesNode.PDFSource)) {
    const representation = list(p.Representation)[0];
    if (representation) sources.push({ ...readSource(representation, str(p.name) || guidOf(p), files), guid: guidOf(p), notes: refs(p.NoteRef) });
    else original(p, str(p.path), 'pdf', list(p.PDFSelection).length);
  }
  for (const kind of ['PictureSource', 'AudioSource', 'VideoSource'] as const) {
    for (const m of list(sourcesNode[kind])) skipped.push(`${kind.replace('Source', '').toLowerCase()} source "${str(m.name)}": sift holds text only`);
  }

  const notes = new Map<string, { name: string; text: string }>();
  for (const n of list((project.Notes as Node | undefined)?.Note)) notes.set(guidOf(n), { name: str(n.name), text: str(n.PlainTextContent) });
  const variables = list((project.Variables as Node | undefined)?.Variable).map((v) => ({
    guid: guidOf(v),
    name: str(v.name),
    description: str(v.Description),
    numeric: ['Integer', 'Float'].includes(str(v.typeOfVariable)),
  }));
  const values = list((project.Cases as Node | undefined)?.Case).flatMap((c) =>
    refs(c.SourceRef).flatMap((source) =>
      list(c.VariableValue).map((v) => ({
        source,
        variable: refs([v.VariableRef])[0] ?? '',
        text: str(v.TextValue ?? v.FloatValue ?? v.IntegerValue ?? v.BooleanValue ?? v.DateValue ?? v.DateTimeValue),
      })),
    ),
  );
  const sets = list((project.Sets as Node | undefined)?.Set).map((s) => ({
    guid: guidOf(s),
    name: str(s.name),
    description: str(s.Description),
    codes: refs(s.MemberCode),
    sources: refs(s.MemberSource),
    notes: refs(s.MemberNote),
  }));
  return {
    name: str(project.name) || 'Imported project',
    description: str(project.Description),
    codes,
    codeNotes,
    sources,
    files: binaries,
    notes,
    projectNotes: refs(project.NoteRef),
    variables,
    values,
    sets,
    skipped,
  };
}
