import type { FastifyInstance } from 'fastify';
import { authProjectKey, bearerToken } from '../http/auth.js';
import { invalid } from '../domain/errors.js';
import { applyRateLimit, NOT_POST } from '../http/dispatch.js';
import type { ProjectPrincipal } from '../http/handler.js';
import type { Services } from '../http/services.js';

export const MCP_PATH = '/mcp';

/**
 * The MCP SDK and the tools, loaded with the first MCP request rather than at start, a part at a
 * time with other requests let through between: evaluated in one import they held the thread
 * answering HTTP for 0.1-0.2 s.
 */
let loading: Promise<[typeof import('./answer.js'), typeof import('./server.js')]> | null = null;
const letOthersThrough = () => new Promise<void>((resolve) => setImmediate(resolve));
const mcpModules = () =>
  (loading ??= (async (): Promise<[typeof import('./answer.js'), typeof import('./server.js')]> => {
    await import('@modelcontextprotocol/sdk/types.js');
    await letOthersThrough();
    await import('@modelcontextprotocol/sdk/server/index.js');
    await letOthersThrough();
    const answer = await import('./answer.js');
    await letOthersThrough();
    return [answer, await import('./server.js')];
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  }));

/** A JSON-RPC message to a read tool is small; no search query or id list comes near this. */
const MCP_BODY_LIMIT = 1024 * 1024;
/** The most messages one JSON-RPC batch may hold. */
export const MAX_BATCH = 10;

/**
 * The MCP Streamable HTTP transport at `/mcp`, stateless: every POST carries its JSON-RPC
 * message and gets its answer as JSON, with a server and transport made for it (a batch's
 * messages one after another, answer.ts). Authenticated
 * with a read or edit project key (401 otherwise, counted like every other 401) and
 * rate-limited as the read surface. Without sessions there is no stream to open (GET) and none
 * to end (DELETE): those, like any other method, are 405, which the transport's clients expect from a stateless server.
 */
export function registerMcpRoute(app: FastifyInstance, services: Services) {
  app.route({
    method: 'POST',
    url: MCP_PATH,
    bodyLimit: MCP_BODY_LIMIT,
    onRequest: async (req, reply) => {
      const principal = await authProjectKey(services.store, bearerToken(req), services.authCache);
      req.principal = principal;
      await applyRateLimit(services, reply, 'read', principal.projectId);
    },
    // A JSON-RPC batch is as many requests as it holds messages: each counts against the read
    // limit (the first was counted above), and a batch holds at most MAX_BATCH of them.
    preHandler: async (req, reply) => {
      if (!Array.isArray(req.body)) return;
      const size = req.body.length;
      if (size > MAX_BATCH) throw invalid(`a JSON-RPC batch holds at most ${MAX_BATCH} messages`, [{ path: '', message: `at most ${MAX_BATCH} messages` }]);
      if (size > 1) await applyRateLimit(services, reply, 'read', (req.principal as ProjectPrincipal).projectId, size - 1);
    },
    handler: async (req, reply) => {
      const principal = req.principal as ProjectPrincipal;
      const scope = async () => ({ store: services.store, project: principal.project, userId: principal.userId, llm: services.llm });
      const [{ answerMessages }, { createMcpServer }] = await mcpModules();
      const answer = await answerMessages(
        req,
        () => createMcpServer(scope, (err) => req.log.error({ err, requestId: req.id }, 'MCP tool failed')),
        (err) => req.log.error({ err, requestId: req.id }, 'MCP request failed'),
      );
      reply.status(answer.status);
      for (const [name, value] of answer.headers) reply.header(name, value);
      return reply.send(answer.body);
    },
  });
  app.route({
    method: [...NOT_POST],
    url: MCP_PATH,
    handler: async (_req, reply) => reply.status(405).header('Allow', 'POST').send({ error: 'method not allowed: this MCP server is stateless, use POST' }),
  });
}
