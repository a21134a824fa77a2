/**
 * Generates the SDK's types from the checked-in `openapi.json` (`npm run openapi` runs it after
 * writing the document; `npm run client:types` runs it alone):
 * - `packages/client/src/generated/openapi.ts`: openapi-typescript's `paths` and `components`;
 * - `packages/client/src/generated/actions.ts`: per surface and action, the request component
 *   (`<Surface><Action>`) and the answer: the component the operation's (or its 200 response's)
 *   `x-sift-answers` names, else
 *   `<Surface><Action>Answer` when it exists, else `Record<string, unknown>`.
 * test/client/generated.test.ts fails when the committed files differ from what this writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

// biome-ignore lint/suspicious/noExplicitAny: walks an OpenAPI document of any shape
type Json = Record<string, any>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_DIR = path.join(ROOT, 'packages/client/src/generated');
const HEADER = '// Generated from openapi.json by scripts/client-types.ts: do not edit (`npm run openapi` regenerates it).\n';

const refName = (ref: string) => ref.split('/').pop()!;

interface SurfaceActions {
  surface: string;
  path: string;
  actions: { name: string; request: string; answer: string | null }[];
}

/** The dispatcher surfaces of the document: each path whose POST body is a `<Surface>Request` discriminated by `action`. */
function surfacesOf(doc: Json): SurfaceActions[] {
  const schemas: Json = doc.components?.schemas ?? {};
  const out: SurfaceActions[] = [];
  for (const [p, item] of Object.entries<Json>(doc.paths ?? {})) {
    const op = item.post;
    const ref: string | undefined = op?.requestBody?.content?.['application/json']?.schema?.$ref;
    const body = ref ? schemas[refName(ref)] : undefined;
    const mapping: Record<string, string> | undefined = body?.discriminator?.propertyName === 'action' ? body.discriminator.mapping : undefined;
    if (!mapping || typeof op.operationId !== 'string' || !op.operationId.endsWith('Dispatch')) continue;
    const declared: Record<string, { $ref?: string }> = op['x-sift-answers'] ?? op.responses?.['200']?.['x-sift-answers'] ?? {};
    out.push({
      surface: op.operationId.slice(0, -'Dispatch'.length),
      path: p,
      actions: Object.entries(mapping).map(([name, requestRef]) => {
        const request = refName(requestRef);
        const viaExtension = declared[name]?.$ref ? refName(declared[name].$ref) : undefined;
        const answer = viaExtension && schemas[viaExtension] ? viaExtension : schemas[`${request}Answer`] ? `${request}Answer` : null;
        return { name, request, answer };
      }),
    });
  }
  return out;
}

/**
 * Every value of a `Sift-Error-Code` response header's enum, in the order the document first lists
 * them, and each status's own code: the first its enum lists (the server's catalogue puts the
 * status's generic code before the precise ones).
 */
function errorCodesOf(doc: Json): { codes: string[]; ofStatus: Map<number, string> } {
  const codes = new Set<string>();
  const ofStatus = new Map<number, string>();
  for (const item of Object.values<Json>(doc.paths ?? {})) {
    for (const op of Object.values<Json>(item)) {
      for (const [status, response] of Object.entries<Json>(op?.responses ?? {})) {
        for (const [name, header] of Object.entries<Json>(response?.headers ?? {})) {
          if (name.toLowerCase() !== 'sift-error-code') continue;
          const listed: string[] = (header?.schema?.enum ?? []).map(String);
          for (const c of listed) codes.add(c);
          if (listed[0] && !ofStatus.has(Number(status))) ofStatus.set(Number(status), listed[0]);
        }
      }
    }
  }
  return { codes: [...codes], ofStatus: new Map([...ofStatus].sort((a, b) => a[0] - b[0])) };
}

function actionsModule(doc: Json): string {
  const surfaces = surfacesOf(doc);
  const lines = [
    HEADER,
    "import type { components } from './openapi.js';",
    '',
    "type Schemas = components['schemas'];",
    '',
    '/** Per surface and action: the request body (with its `action`) and the answer. */',
    'export interface Actions {',
  ];
  for (const s of surfaces) {
    lines.push(`  ${s.surface}: {`);
    for (const a of s.actions) {
      const answer = a.answer ? `Schemas['${a.answer}']` : 'Record<string, unknown>';
      lines.push(`    ${a.name}: { request: Schemas['${a.request}']; answer: ${answer} };`);
    }
    lines.push('  };');
  }
  lines.push('}', '', "/** Each surface's path and action names, for building the surface objects at run time. */", 'export const SURFACES = {');
  for (const s of surfaces) {
    lines.push(`  ${s.surface}: {`, `    path: '${s.path}',`, `    actions: [${s.actions.map((a) => `'${a.name}'`).join(', ')}],`, '  },');
  }
  lines.push('} as const;', '');
  const { codes, ofStatus } = errorCodesOf(doc);
  lines.push(
    '/** The codes the server sends in `Sift-Error-Code`, as the document lists them. */',
    `export type ServerErrorCode = ${codes.length ? codes.map((c) => `'${c}'`).join(' | ') : 'never'};`,
    '',
    '/** The code of each status, for an answer that came without the header. */',
    'export const CODE_OF_STATUS: Record<number, ServerErrorCode> = {',
    ...[...ofStatus].map(([status, code]) => `  ${status}: '${code}',`),
    '};',
    '',
  );
  return lines.join('\n');
}

/** Both generated files' text for an OpenAPI document. */
export async function generateClientTypes(doc: Json): Promise<{ 'openapi.ts': string; 'actions.ts': string }> {
  const actions = actionsModule(doc);
  // openapi-typescript resolves references in place: give it a copy.
  const ast = await openapiTS(structuredClone(doc) as never, { alphabetize: false });
  return { 'openapi.ts': `${HEADER}\n${astToString(ast)}`, 'actions.ts': actions };
}

export const readOpenApi = (): Json => JSON.parse(fs.readFileSync(path.join(ROOT, 'openapi.json'), 'utf8'));

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await generateClientTypes(readOpenApi());
  fs.mkdirSync(GENERATED_DIR, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(GENERATED_DIR, name), text);
}
