import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP side of the benchmark's fake chat models (fake-llm.ts, simulated-coder.ts): a local
 * `POST /v1/chat/completions` that checks the key and the JSON, then lets `answer` reply with an
 * error status or a completion (its content, whether it was cut off, and the tokens it took).
 */
export type ChatBody = { model?: string; messages?: { role: string; content: string }[] };
export type ChatReply =
  | { status: 429 }
  | { status: 500 }
  | { status: 200; id: string; content: string; cutOff: boolean; usage?: { prompt: number; completion: number } };

export interface ChatServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startChatServer(
  apiKey: string,
  answer: (body: ChatBody, raw: string) => ChatReply,
  onRequest: () => void = () => {},
): Promise<ChatServer> {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      onRequest();
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      if (req.headers.authorization !== `Bearer ${apiKey}`) return res.writeHead(401).end();
      let body: ChatBody;
      try {
        body = JSON.parse(raw);
      } catch {
        return res.writeHead(400).end();
      }
      const reply = answer(body, raw);
      if (reply.status === 500) return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"internal error"}}');
      if (reply.status === 429) return res.writeHead(429, { 'retry-after': '0' }).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${reply.id}`,
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: reply.cutOff ? 'length' : 'stop' }],
          ...(reply.usage
            ? {
                usage: {
                  prompt_tokens: reply.usage.prompt,
                  completion_tokens: reply.usage.completion,
                  total_tokens: reply.usage.prompt + reply.usage.completion,
                },
              }
            : {}),
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
