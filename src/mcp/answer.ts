import type { FastifyRequest } from 'fastify';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** What `POST /mcp` answers: a status, headers and a JSON text (empty for 202). */
export interface McpAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

const INTERNAL_ERROR = JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'internal error' }, id: null });

/**
 * Answers the JSON-RPC body of `POST /mcp`, statelessly: each message by a server and transport
 * of its own (the SDK's web-standard transport, answering JSON). A batch's messages are answered
 * one after another, each exactly as it would be sent alone, and their answers gathered as the
 * SDK gathers them: the SDK hands a batch's messages to its server all at once, and ten searches
 * at once held every other request for over a second (and took ten of PostgreSQL's pool
 * connections at a time); one at a time, another request waits for at most one search. A batch
 * the SDK refuses whole (a message that is not JSON-RPC, an initialisation among others) is
 * given to it whole, so that it is refused as before.
 */
export async function answerMessages(req: FastifyRequest, makeServer: () => Server, logError: (err: unknown) => void): Promise<McpAnswer> {
  const request = webRequest(req);
  const body = req.body;
  try {
    if (!Array.isArray(body) || body.length <= 1 || body.some((m) => !JSONRPCMessageSchema.safeParse(m).success || isInitializeRequest(m))) {
      return await asAnswer(await answerOne(request, body, makeServer));
    }
    const answers: unknown[] = [];
    for (const message of body) {
      const res = await answerOne(request, message, makeServer);
      // A notification or a response is answered by nothing; a refusal of the request itself (its headers) stands for the batch.
      if (res.status === 202) continue;
      if (res.status !== 200) return await asAnswer(res);
      answers.push(await res.json());
      // Other requests first, between two of the batch's.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (answers.length === 0) return { status: 202, headers: [], body: '' };
    return { status: 200, headers: [['content-type', 'application/json']], body: JSON.stringify(answers.length === 1 ? answers[0] : answers) };
  } catch (err) {
    logError(err);
    return { status: 500, headers: [['content-type', 'application/json']], body: INTERNAL_ERROR };
  }
}

async function answerOne(request: Request, message: unknown, makeServer: () => Server): Promise<Response> {
  const server = makeServer();
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request, { parsedBody: message });
  } finally {
    await transport.close();
    await server.close();
  }
}

const asAnswer = async (res: Response): Promise<McpAnswer> => ({ status: res.status, headers: [...res.headers], body: await res.text() });

/** The request as the web-standard transport reads it: its method, URL and headers (the body is given to it already parsed). */
function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, { method: 'POST', headers });
}
