/**
 * The optional OpenAI-compatible provider (`SIFT_LLM_*`). sift works without it; with it,
 * search adds embeddings and analysis lets a chat model name themes and word insights. Plain
 * `fetch` against `/chat/completions` and `/embeddings`; every call has a time-out and a few
 * retries on 429/5xx, and every answer's shape is checked.
 */
export interface LlmConfig {
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
  embeddingModel: string | null;
}
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export interface LlmProvider {
  chat?(messages: ChatMessage[], opts?: { json?: boolean; maxTokens?: number }): Promise<string>;
  embed?(texts: string[]): Promise<number[][]>;
}

export class LlmError extends Error {
  constructor(
    readonly kind: 'timeout' | 'http' | 'bad_response',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface ProviderOptions {
  timeoutMs?: number;
  maxRetries?: number;
  fetchImpl?: typeof fetch;
}

export function createLlmProvider(cfg: LlmConfig, opts: ProviderOptions = {}): LlmProvider | null {
  if (!cfg.baseUrl || (!cfg.model && !cfg.embeddingModel)) return null;
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetchImpl ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxRetries = opts.maxRetries ?? 2;

  async function post(path: string, body: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        if (attempt < maxRetries && (err as Error).name !== 'TimeoutError') continue;
        throw new LlmError((err as Error).name === 'TimeoutError' ? 'timeout' : 'http', `the provider did not answer: ${(err as Error).message}`);
      }
      if ((res.status === 429 || res.status >= 500) && attempt < maxRetries) {
        const wait = Math.min(5_000, Number(res.headers.get('retry-after') ?? 0) * 1000 || 200 * 2 ** attempt);
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      if (!res.ok) throw new LlmError('http', `the provider answered HTTP ${res.status}`, res.status);
      try {
        return await res.json();
      } catch {
        throw new LlmError('bad_response', 'the provider answered something that is not JSON');
      }
    }
  }

  const provider: LlmProvider = {};
  if (cfg.model) {
    provider.chat = async (messages, o = {}) => {
      const answer = (await post('/chat/completions', {
        model: cfg.model,
        messages,
        temperature: 0,
        ...(o.maxTokens ? { max_tokens: o.maxTokens } : {}),
        ...(o.json ? { response_format: { type: 'json_object' } } : {}),
      })) as { choices?: { message?: { content?: unknown } }[] };
      const content = answer?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new LlmError('bad_response', 'the chat answer has no message content');
      return content.replace(/^```(?:json)?\s*|\s*```$/g, '').trim();
    };
  }
  if (cfg.embeddingModel) {
    provider.embed = async (texts) => {
      const out: number[][] = [];
      for (let i = 0; i < texts.length; i += 64) {
        const slice = texts.slice(i, i + 64);
        const answer = (await post('/embeddings', { model: cfg.embeddingModel, input: slice })) as { data?: { index?: number; embedding?: unknown }[] };
        const data = answer?.data;
        if (!Array.isArray(data) || data.length !== slice.length) throw new LlmError('bad_response', 'the embeddings answer does not match the input');
        const sorted = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
        for (const d of sorted) {
          if (!Array.isArray(d.embedding) || !d.embedding.every((x) => typeof x === 'number'))
            throw new LlmError('bad_response', 'an embedding is not a list of numbers');
          out.push(d.embedding as number[]);
        }
      }
      return out;
    };
  }
  return provider;
}

export function cosineDense(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * The guard every model-proposed quote goes through: the exact text if the document contains
 * it, else the document's own span that differs only in spacing, quote marks, dashes or case,
 * else null.
 */
export function verbatimQuote(documentText: string, proposed: string): string | null {
  if (proposed.length > 0 && documentText.includes(proposed)) return proposed;
  const fold = (s: string) =>
    s
      .replace(/[‘’‚‹›]/g, "'")
      .replace(/[“”„«»]/g, '"')
      .replace(/[–—]/g, '-')
      .toLowerCase();
  // Map each kept character of the normalised document back to its offset in the original.
  let norm = '';
  const at: number[] = [];
  for (let i = 0; i < documentText.length; i++) {
    const ch = fold(documentText[i]!);
    if (/\s/.test(ch)) {
      if (norm.endsWith(' ')) continue;
      norm += ' ';
    } else norm += ch;
    at.push(i);
  }
  const want = fold(proposed).replace(/\s+/g, ' ').trim();
  if (!want) return null;
  const pos = norm.indexOf(want);
  if (pos === -1) return null;
  return documentText.slice(at[pos], at[pos + want.length - 1]! + 1);
}
