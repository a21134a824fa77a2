import type { TObject } from '@sinclair/typebox';
import { readActions } from '../schema/read.js';
import type { ReadBody } from '../schema/types.js';
import { compileValidator, type Validator } from '../schema/validate.js';
import { DomainError } from '../domain/errors.js';
import type { ProjectScope } from '../domain/context.js';
import { projectView } from '../domain/projects.js';
import { projectRuns } from '../domain/analysis-runs.js';
import { getInsights } from '../domain/insights.js';
import { getCategories } from '../domain/categories.js';
import { readDocument, verifyContext } from '../domain/reading.js';
import { analyzeProject } from '../domain/analyze.js';
import { findEntities } from '../domain/entities.js';
import { getMatrixAnswer } from '../domain/matrix.js';
import { compareCodingsAnswer } from '../domain/agreement.js';
import { ANSWERS } from '../schema/answers/surfaces.js';
import { answerText } from '../http/answers.js';

/** The read actions an agent gets as MCP tools, in the order they are listed. */
const TOOL_NAMES = [
  'search',
  'read_document',
  'get_insights',
  'get_categories',
  'find_entities',
  'verify_context',
  'get_project',
  'analyze',
  'get_matrix',
  'compare_codings',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/**
 * Each tool runs the domain function its read action runs on `POST /api/sift-read`
 * (src/http/surfaces/read.ts), with the same scope: the key's project and user.
 */
const run: { [K in ToolName]: (scope: ProjectScope, body: ReadBody<K>) => Promise<unknown> } = {
  search: async (scope, body) => (await import('../domain/search.js')).search(scope, body),
  read_document: (scope, body) => readDocument(scope, body),
  get_insights: (scope, body) => getInsights(scope, body),
  get_categories: (scope, body) => getCategories(scope, body),
  find_entities: (scope, body) => findEntities(scope, body),
  verify_context: (scope, body) => verifyContext(scope, body),
  get_project: async (scope) => ({ project: projectView(scope.project), analyses: await projectRuns(scope.store.db, scope.project.id) }),
  analyze: (scope, body) => analyzeProject(scope, body),
  get_matrix: (scope, body) => getMatrixAnswer(scope.store.db, scope.project, body),
  compare_codings: (scope, body) => compareCodingsAnswer(scope.store.db, scope.project, body),
};

export interface ToolDefinition {
  name: ToolName;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, object>; required?: string[]; [key: string]: unknown };
}

/** An action's body schema without its `action` member: the same object, bounds and descriptions (never a second copy). */
function argumentsSchema(schema: TObject): TObject {
  const { action: _action, ...properties } = schema.properties;
  const required = (schema.required ?? []).filter((r) => r !== 'action');
  const { required: _required, ...rest } = schema;
  return { ...rest, properties, ...(required.length ? { required } : {}) } as TObject;
}

const tools = TOOL_NAMES.map((name) => {
  const schema = argumentsSchema(readActions[name]);
  const definition: ToolDefinition = {
    name,
    description: schema.description ?? name,
    // JSON round trip: drops TypeBox's symbol-keyed markers, leaves plain JSON Schema.
    inputSchema: JSON.parse(JSON.stringify(schema)),
  };
  return { definition, validate: compileValidator(schema) as Validator };
});
const byName = new Map(tools.map((t) => [t.definition.name as string, t]));

/** The tools as `tools/list` answers them. */
export const toolDefinitions = (): ToolDefinition[] => tools.map((t) => t.definition);

export const isToolName = (name: string): name is ToolName => byName.has(name);

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  isError?: boolean;
}

const text = (value: unknown, isError = false): ToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
  ...(isError ? { isError: true } : {}),
});

/**
 * Runs one tool: the arguments are checked by the project's own validator (so the bounds and
 * messages are those of the read surface's 400s), then the domain function answers as JSON
 * text, through the read action's answer schema as over HTTP (answers.ts). A refusal (a DomainError: bad arguments, an unknown id) is a tool error result with
 * the message and details the HTTP API would give; anything else is logged and answered as a
 * generic tool error, never thrown at the protocol.
 */
export async function callTool(
  name: ToolName,
  args: Record<string, unknown> | undefined,
  scope: () => Promise<ProjectScope>,
  logError: (err: unknown) => void,
): Promise<ToolResult> {
  const tool = byName.get(name)!;
  const input = args ?? {};
  try {
    const checked = tool.validate(input);
    if (!checked.ok) throw new DomainError('invalid', checked.message, checked.details);
    const body = { ...input, action: name } as never;
    return { content: [{ type: 'text', text: answerText(ANSWERS.read[name], await run[name](await scope(), body)) }] };
  } catch (err) {
    if (err instanceof DomainError) return text({ error: err.message, ...(err.status === 400 ? { details: err.details ?? [] } : {}) }, true);
    logError(err);
    return text({ error: 'unexpected server error' }, true);
  }
}
