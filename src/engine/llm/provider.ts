/**
 * The optional OpenAI-compatible provider (`SIFT_LLM_*`). sift works without it; with it,
 * search adds embeddings and analysis lets a chat model name themes and word insights. Plain
 * `fetch` against `/chat/completions` and `/embeddings`; every call has a time-out and a few
 * retries on 429/5xx, and every answer's shape is checked.
 */
import { BUILTIN_EMBEDDING_MODEL, builtinEmbed } from '../meaning/builtin-encoder.js';

export interface LlmConfig {
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
  embeddingModel: string | null;
}
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export interface ChatOptions {
  json?: boolean;
  /** A JSON schema the answer must follow: sent as `response_format: json_schema` (a server that refuses it gets `json_object` instead). */
  schema?: { name: string; schema: Record<string, unknown> };
  maxTokens?: number;
}
/** A chat answer with the tokens the provider says it took (null where it does not say). */
export interface Completion {
  content: string;
  usage: { input: number; output: number } | null;
}

export interface LlmProvider {
  chat?(messages: ChatMessage[], opts?: ChatOptions): Promise<string>;
  complete?(messages: ChatMessage[], opts?: ChatOptions): Promise<Completion>;
  embed?(texts: string[]): Promise<number[][]>;
  /** The embeddings model `embed` answers with: its vectors are kept in the store under this name. */
  embeddingModel?: string;
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
  /** The longest `Retry-After` waited for before giving up on a call (default 60 s). */
  maxRetryAfterMs?: number;
  fetchImpl?: typeof fetch;
  /** Whether this thread may run the built-in encoder (`SIFT_EMBEDDING_MODEL=builtin`): the background workers' only. */
  builtinEmbeddings?: boolean;
}

/** How long a 429 or 5xx asks to wait: `Retry-After` in seconds or as a date; null where it does not say. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function createLlmProvider(cfg: LlmConfig, opts: ProviderOptions = {}): LlmProvider | null {
  if (cfg.embeddingModel === BUILTIN_EMBEDDING_MODEL) {
    // The built-in encoder blocks its thread: only where `builtinEmbeddings` says it may run.
    const chat = createLlmProvider({ ...cfg, embeddingModel: null }, opts);
    if (!opts.builtinEmbeddings) return chat;
    return { ...chat, embed: builtinEmbed, embeddingModel: BUILTIN_EMBEDDING_MODEL };
  }
  if (!cfg.baseUrl || (!cfg.model && !cfg.embeddingModel)) return null;
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetchImpl ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const maxRetries = opts.maxRetries ?? 2;
  const maxRetryAfterMs = opts.maxRetryAfterMs ?? 60_000;
  // Set once the server refuses `json_schema`: later calls ask for a JSON object and validate it.
  let schemaRefused = false;

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
        const asked = retryAfterMs(res.headers.get('retry-after'));
        if (asked !== null && asked > maxRetryAfterMs) throw new LlmError('http', `the provider asked to wait ${Math.ceil(asked / 1000)} s`, res.status);
        await new Promise((r) => setTimeout(r, asked ?? 200 * 2 ** attempt));
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
    const request = (messages: ChatMessage[], o: ChatOptions, schema: boolean) => ({
      model: cfg.model,
      messages,
      temperature: 0,
      ...(o.maxTokens ? { max_tokens: o.maxTokens } : {}),
      ...(o.schema && schema
        ? { response_format: { type: 'json_schema', json_schema: { name: o.schema.name, schema: o.schema.schema, strict: true } } }
        : o.json || o.schema
          ? { response_format: { type: 'json_object' } }
          : {}),
    });
    provider.complete = async (messages, o = {}) => {
      let answer: { choices?: { message?: { content?: unknown } }[]; usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } };
      try {
        answer = (await post('/chat/completions', request(messages, o, !schemaRefused))) as typeof answer;
      } catch (err) {
        // Servers without structured output refuse the schema with 400 (or 422); the same request as a JSON object then.
        if (!o.schema || schemaRefused || !(err instanceof LlmError) || (err.status !== 400 && err.status !== 422)) throw err;
        schemaRefused = true;
        answer = (await post('/chat/completions', request(messages, o, false))) as typeof answer;
      }
      const content = answer?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new LlmError('bad_response', 'the chat answer has no message content');
      const { prompt_tokens: input, completion_tokens: output } = answer.usage ?? {};
      return {
        content: content.replace(/^```(?:json)?\s*|\s*```$/g, '').trim(),
        usage: typeof input === 'number' && typeof output === 'number' ? { input, output } : null,
      };
    };
    provider.chat = async (messages, o = {}) => (await provider.complete!(messages, o)).content;
  }
  if (cfg.embeddingModel) {
    provider.embeddingModel = cfg.embeddingModel;
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

export function cosineDense(a: ArrayLike<number>, b: ArrayLike<number>): number {
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
