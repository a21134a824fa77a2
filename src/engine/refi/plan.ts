import fs from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { type ImportPlan, QdpxError, readQdpx, unpackQdpx } from './read.js';

const XSD = new URL('../../../assets/refi-qda/Project.xsd', import.meta.url);
let schema: string | null = null;

/** project.qde against the QDA-XML 1.0 schema (libxml2 in WebAssembly); any failure of the check is the archive's. */
async function validate(qde: string): Promise<void> {
  // QDA-XML declares no DOCTYPE; one in an archive can only bring entities (external, or expanding without end).
  if (/<!DOCTYPE|<!ENTITY/i.test(qde)) throw new QdpxError('project.qde must not declare a DOCTYPE or entities');
  schema ??= fs.readFileSync(XSD, 'utf8');
  let result: Awaited<ReturnType<typeof validateXML>>;
  try {
    result = await validateXML({ xml: [{ fileName: 'project.qde', contents: qde }], schema: [schema] });
  } catch (err) {
    throw new QdpxError(`project.qde could not be checked against QDA-XML 1.0 (${err instanceof Error ? err.message.slice(0, 200) : 'the checker failed'})`);
  }
  const first = result.errors[0];
  if (!result.valid)
    throw new QdpxError(`project.qde is not valid QDA-XML 1.0: ${first ? `line ${first.loc?.lineNumber ?? '?'}: ${first.message}` : 'rejected by the schema'}`);
}

/** The archive, unpacked past the zip guard, checked against the schema and read into an import plan. */
export async function planQdpx(data: Uint8Array): Promise<ImportPlan> {
  const { qde, files } = await unpackQdpx(data);
  await validate(qde);
  return readQdpx(qde, files);
}
