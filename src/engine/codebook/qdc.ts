import fs from 'node:fs';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { xmlSafe } from '../refi/qde.js';
import { derivedGuid } from '../refi/ids.js';
import { type CodebookCode, CodebookProblem, splitExamples, treeOrder, withExamples } from './codebook.js';

/**
 * The REFI-QDA codebook exchange file (`.qdc`, QDA-XML codebook 1.0, `assets/refi-qda/Codebook.xsd`):
 * nested `Code`s with a GUID, a name and a description. The schema has no place for examples, so
 * they close the description (`withExamples`) and are read back from there.
 */

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const guidOf = (id: string) => (GUID.test(id) ? id.toLowerCase() : derivedGuid('sift codebook', id));
const oneLine = (s: string) => xmlSafe(s).replace(/\s+/g, ' ').trim();

/** The codebook as a `.qdc` document; `origin` names the software, as the standard asks. */
export function writeQdc(codes: CodebookCode[], origin: string): string {
  type Node = { code: CodebookCode; children: Node[] };
  const roots: Node[] = [];
  const stack: Node[] = [];
  for (const { code, depth } of treeOrder(codes)) {
    const node: Node = { code, children: [] };
    stack.length = depth;
    (depth === 0 ? roots : stack[depth - 1]!.children).push(node);
    stack[depth] = node;
  }
  const element = (n: Node): unknown => {
    const description = xmlSafe(withExamples(n.code.description, n.code.examples));
    return {
      '@_guid': guidOf(n.code.id),
      '@_name': oneLine(n.code.name),
      '@_isCodable': 'true',
      ...(description ? { Description: description } : {}),
      ...(n.children.length > 0 ? { Code: n.children.map(element) } : {}),
    };
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
    suppressBooleanAttributes: false,
  });
  const book = { '@_xmlns': 'urn:QDA-XML:codebook:1.0', '@_origin': oneLine(origin), Codes: { Code: roots.map(element) } };
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({ CodeBook: book })}`;
}

const XSD = new URL('../../../assets/refi-qda/Codebook.xsd', import.meta.url);
let schema: string | null = null;

/** The file against the codebook schema (libxml2 in WebAssembly); a failure of the check is the file's. */
async function validate(xml: string): Promise<void> {
  // QDA-XML declares no DOCTYPE; one in a file can only bring entities (external, or expanding without end).
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new CodebookProblem([{ path: '/file', message: 'a .qdc file must not declare a DOCTYPE or entities' }]);
  schema ??= fs.readFileSync(XSD, 'utf8');
  let result: Awaited<ReturnType<typeof validateXML>>;
  try {
    result = await validateXML({ xml: [{ fileName: 'codebook.qdc', contents: xml }], schema: [schema] });
  } catch (err) {
    const why = err instanceof Error ? err.message.slice(0, 200) : 'the checker failed';
    throw new CodebookProblem([{ path: '/file', message: `the file could not be checked against the REFI-QDA codebook schema (${why})` }]);
  }
  if (!result.valid) {
    const details = result.errors.slice(0, 20).map((e) => ({
      path: '/file',
      message: `not a valid REFI-QDA codebook (.qdc): line ${e.loc?.lineNumber ?? '?'}: ${e.message.trim()}`,
    }));
    throw new CodebookProblem(details.length > 0 ? details : [{ path: '/file', message: 'not a valid REFI-QDA codebook (.qdc)' }]);
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  removeNSPrefix: true,
  isArray: (name) => name === 'Code',
});

type Element = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'object' && v && '#text' in v ? String((v as Element)['#text']) : '');
const list = (v: unknown): Element[] => (Array.isArray(v) ? (v as Element[]) : []);

/**
 * A `.qdc` file's codes, in document order, after the schema check. A code that is not codable
 * (`isCodable="false"`, a folder) is no category: its codes take its place under its parent.
 * Examples are read from the end of a description as sift writes them.
 */
export async function readQdc(xml: string): Promise<CodebookCode[]> {
  await validate(xml);
  const book = parser.parse(xml).CodeBook as Element | undefined;
  const codes: CodebookCode[] = [];
  const seen = new Set<string>();
  const walk = (nodes: Element[], parentId: string | null) => {
    for (const n of nodes) {
      const guid = text(n.guid).replace(/[{}]/g, '').toLowerCase();
      // The schema does not make GUIDs unique: a repeated one still names its own code here.
      const id = seen.has(guid) ? `${guid}#${seen.size}` : guid;
      seen.add(id);
      const codable = text(n.isCodable).trim() !== 'false' && text(n.isCodable).trim() !== '0';
      if (codable) {
        const { description, examples } = splitExamples(text(n.Description));
        codes.push({ id, name: text(n.name).trim(), description: description.trim(), parentId, examples });
      }
      walk(list(n.Code), codable ? id : parentId);
    }
  };
  walk(list((book?.Codes as Element | undefined)?.Code), null);
  return codes;
}
