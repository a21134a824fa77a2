import { XMLBuilder } from 'fast-xml-parser';

/**
 * A project as the REFI-QDA standard sees it (QDA-XML 1.0, `Project.xsd`), and its `project.qde`
 * document. Element order follows the schema's sequences; containers the schema requires to
 * hold at least one member are left out when empty.
 */
export interface QdeCode {
  guid: string;
  name: string;
  description: string;
  /** False for a code that only holds others (a run's codes in sift's export); true by default. */
  codable?: boolean;
  noteRefs: string[];
  children: QdeCode[];
}

export interface QdeSelection {
  guid: string;
  name: string;
  /** Unicode code points from the start of the source, end exclusive. */
  start: number;
  end: number;
  created: string;
  codeGuids: { coding: string; code: string }[];
  noteRefs: string[];
}

export interface QdeSource {
  guid: string;
  name: string;
  /** `internal://<guid>.txt`: the file under `sources/` in the archive. */
  path: string;
  created: string;
  modified: string;
  selections: QdeSelection[];
  noteRefs: string[];
}

export interface QdeVariable {
  guid: string;
  name: string;
  description: string;
  type: 'Text' | 'Float';
}

export interface QdeCase {
  guid: string;
  name: string;
  values: { variable: string; text?: string; float?: number }[];
  sources: string[];
}

export interface QdeNote {
  guid: string;
  name: string;
  text: string;
  created: string;
}

export interface QdeSet {
  guid: string;
  name: string;
  description: string;
  codes: string[];
  sources: string[];
  notes: string[];
}

export interface QdeProject {
  name: string;
  origin: string;
  created: string;
  modified: string;
  description: string;
  users: { guid: string; name: string }[];
  codes: QdeCode[];
  variables: QdeVariable[];
  cases: QdeCase[];
  sources: QdeSource[];
  notes: QdeNote[];
  sets: QdeSet[];
  projectNoteRefs: string[];
}

// Characters XML 1.0 cannot carry at all (C0 controls but tab and newlines, lone surrogates, U+FFFE/F).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const xmlSafe = (s: string) => s.replace(NOT_XML, '');

const maybe = <T>(list: T[], wrap: (l: T[]) => unknown) => (list.length > 0 ? wrap(list) : undefined);
const refs = (guids: string[]) => maybe(guids, (l) => l.map((g) => ({ '@_targetGUID': g })));
const described = (d: string) => (d ? xmlSafe(d) : undefined);

function code(c: QdeCode): unknown {
  return {
    '@_guid': c.guid,
    '@_name': xmlSafe(c.name),
    '@_isCodable': c.codable === false ? 'false' : 'true',
    Description: described(c.description),
    NoteRef: refs(c.noteRefs),
    Code: maybe(c.children, (l) => l.map(code)),
  };
}

function selection(s: QdeSelection): unknown {
  return {
    '@_guid': s.guid,
    '@_name': xmlSafe(s.name),
    '@_startPosition': s.start,
    '@_endPosition': s.end,
    '@_creationDateTime': s.created,
    Coding: maybe(s.codeGuids, (l) => l.map((c) => ({ '@_guid': c.coding, '@_creationDateTime': s.created, CodeRef: { '@_targetGUID': c.code } }))),
    NoteRef: refs(s.noteRefs),
  };
}

const source = (s: QdeSource) => ({
  '@_guid': s.guid,
  '@_name': xmlSafe(s.name),
  '@_plainTextPath': s.path,
  '@_creationDateTime': s.created,
  '@_modifiedDateTime': s.modified,
  PlainTextSelection: maybe(s.selections, (l) => l.map(selection)),
  NoteRef: refs(s.noteRefs),
});

const caseOf = (c: QdeCase) => ({
  '@_guid': c.guid,
  '@_name': xmlSafe(c.name),
  VariableValue: maybe(c.values, (l) =>
    l.map((v) => ({
      VariableRef: { '@_targetGUID': v.variable },
      ...(v.float !== undefined ? { FloatValue: v.float } : { TextValue: xmlSafe(v.text ?? '') }),
    })),
  ),
  SourceRef: refs(c.sources),
});

export function buildQde(p: QdeProject): string {
  const project = {
    '@_xmlns': 'urn:QDA-XML:project:1.0',
    '@_name': xmlSafe(p.name),
    '@_origin': p.origin,
    '@_creationDateTime': p.created,
    '@_modifiedDateTime': p.modified,
    Users: maybe(p.users, (l) => ({ User: l.map((u) => ({ '@_guid': u.guid, '@_name': xmlSafe(u.name) })) })),
    CodeBook: maybe(p.codes, (l) => ({ Codes: { Code: l.map(code) } })),
    Variables: maybe(p.variables, (l) => ({
      Variable: l.map((v) => ({ '@_guid': v.guid, '@_name': xmlSafe(v.name), '@_typeOfVariable': v.type, Description: described(v.description) })),
    })),
    Cases: maybe(p.cases, (l) => ({ Case: l.map(caseOf) })),
    Sources: maybe(p.sources, (l) => ({ TextSource: l.map(source) })),
    Notes: maybe(p.notes, (l) => ({
      Note: l.map((n) => ({ '@_guid': n.guid, '@_name': xmlSafe(n.name), '@_creationDateTime': n.created, PlainTextContent: xmlSafe(n.text) })),
    })),
    Sets: maybe(p.sets, (l) => ({
      Set: l.map((s) => ({
        '@_guid': s.guid,
        '@_name': xmlSafe(s.name),
        Description: described(s.description),
        MemberCode: refs(s.codes),
        MemberSource: refs(s.sources),
        MemberNote: refs(s.notes),
      })),
    })),
    Description: described(p.description),
    NoteRef: refs(p.projectNoteRefs),
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: false,
    suppressBooleanAttributes: false,
  });
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({ Project: project })}`;
}
