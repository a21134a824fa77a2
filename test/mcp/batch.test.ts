import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { answerMessages } from '../../src/mcp/answer.js';

/** A server whose one tool takes 20 ms and records how many of its calls run at once. */
function slowServers() {
  let running = 0;
  const seen = { most: 0, calls: 0 };
  const make = () => {
    const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      running++;
      seen.calls++;
      seen.most = Math.max(seen.most, running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      return { content: [{ type: 'text', text: String(request.params.arguments?.n) }] };
    });
    return server;
  };
  return { make, seen };
}

const request = (body: unknown) =>
  ({
    url: '/mcp',
    body,
    headers: { host: 'x', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  }) as unknown as FastifyRequest;

const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow', arguments: { n: id } } });

describe('an MCP batch', () => {
  it('runs its calls one at a time and answers each in order, as it would answer it alone', async () => {
    const { make, seen } = slowServers();
    const batch = Array.from({ length: 5 }, (_, i) => call(i + 1));
    const answer = await answerMessages(request(batch), make, (err) => {
      throw err;
    });
    expect(answer.status).toBe(200);
    const answers = JSON.parse(answer.body) as { id: number; result: { content: { text: string }[] } }[];
    expect(answers.map((a) => [a.id, a.result.content[0]!.text])).toEqual(batch.map((c) => [c.id, String(c.id)]));
    expect(seen).toEqual({ most: 1, calls: 5 });
    const alone = await answerMessages(request(call(3)), make, () => {});
    expect(JSON.parse(alone.body)).toEqual(answers[2]);
  });

  it('answers nothing for its notifications, and is refused whole where one message is not JSON-RPC', async () => {
    const { make, seen } = slowServers();
    const mixed = await answerMessages(request([call(1), { jsonrpc: '2.0', method: 'notifications/initialized' }, call(2)]), make, () => {});
    expect((JSON.parse(mixed.body) as { id: number }[]).map((a) => a.id)).toEqual([1, 2]);
    const refused = await answerMessages(request([call(1), { hello: 'world' }]), make, () => {});
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe(-32700);
    expect(seen.calls).toBe(2);
  });
});
