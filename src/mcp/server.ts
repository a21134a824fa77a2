import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ProjectScope } from '../domain/context.js';
import { callTool, isToolName, toolDefinitions } from './tools.js';

/** The server's name and the API version its tools answer in (that of the OpenAPI document). */
const SERVER_INFO = { name: 'sift', version: '1.0.0' };

const INSTRUCTIONS =
  'sift holds one qualitative-research project (the key is bound to it): interview and survey documents, insights backed by verbatim quotes, and a tree of categories. Use `search` to find passages and insights, `read_document` to read a document in pages, `get_insights` and `get_categories` for the coding, and `verify_context` to check the ids you hold. Every tool answers JSON.';

/** The server never validates a schema of its own (tools are checked by sift's validator): one validator for every server. */
const validator = new AjvJsonSchemaValidator();

/**
 * One MCP server over the read tools. `scope` gives the key's project for each call (so a
 * key revoked or a project renamed takes effect on the next call). The low-level `Server` is
 * used on purpose: the SDK's `McpServer` takes tool schemas only as zod, and sift's come from
 * its TypeBox action schemas.
 */
export function createMcpServer(scope: () => Promise<ProjectScope>, logError: (err: unknown) => void): Server {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolDefinitions() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    if (!isToolName(name)) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}`);
    return callTool(name, args, scope, logError);
  });
  return server;
}
