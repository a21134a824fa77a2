import { createHash } from 'node:crypto';
import type { ChatMessage, ChatOptions, Completion, LlmProvider } from './provider.js';

/**
 * A run's model, metered: every chat call of a run goes through one of these, which counts calls
 * and tokens, refuses calls past the run's token ceiling, keeps at most `concurrency` calls in
 * flight, and answers a request it has answered before from the cache (keyed by the hash of the
 * model and the whole request), so that a re-run or a resumed run does not pay twice.
 */
export interface CachedAnswer {
  content: string;
  input: number;
  output: number;
}
export interface AnswerCache {
  get(key: string): Promise<CachedAnswer | undefined>;
  put(key: string, answer: CachedAnswer): Promise<void>;
}

/** What a run's model calls cost (shown in the run's status; written by `storedUsage`, domain/analyses.ts, which holds it to the answer's shape). */
export interface ModelUsage {
  /** Calls sent to the provider and answered. */
  calls: number;
  /** Calls answered from the cache, which cost nothing. */
  cachedCalls: number;
  /** Calls that failed after their retries (the offline result stands for what they covered). */
  failedCalls: number;
  inputTokens: number;
  outputTokens: number;
  tokenCeiling: number | null;
  /** Whether calls were refused because the ceiling was reached. */
  ceilingReached: boolean;
}

export class CeilingReached extends Error {
  constructor(ceiling: number) {
    super(`the run's token ceiling (${ceiling}) is reached`);
    this.name = 'CeilingReached';
  }
}

/** Tokens of a text where the provider does not count them: about 3.5 characters each (English runs nearer 4, German and French nearer 3). */
export const estimateTokens = (text: string) => Math.ceil(text.length / 3.5);

export interface MeterOptions {
  model: string;
  cache?: AnswerCache;
  ceiling?: number | null;
  concurrency?: number;
  /** Told the usage after every call answered (from the provider or the cache) or failed: a running run shows what it has spent. */
  onUsage?: (usage: ModelUsage) => void;
}

export class MeteredModel implements LlmProvider {
  readonly usage: ModelUsage;
  private readonly waiting: (() => void)[] = [];
  private inFlight = 0;
  /** Input tokens of calls in flight, held against the ceiling until they are counted. */
  private reserved = 0;

  constructor(
    private readonly inner: LlmProvider,
    private readonly opts: MeterOptions,
  ) {
    this.usage = { calls: 0, cachedCalls: 0, failedCalls: 0, inputTokens: 0, outputTokens: 0, tokenCeiling: opts.ceiling ?? null, ceilingReached: false };
  }

  chat = async (messages: ChatMessage[], o: ChatOptions = {}): Promise<string> => (await this.complete(messages, o)).content;

  complete = async (messages: ChatMessage[], o: ChatOptions = {}): Promise<Completion> => {
    if (!this.inner.complete) throw new Error('the provider has no chat model');
    const key = createHash('sha256')
      .update(JSON.stringify({ model: this.opts.model, messages, o }))
      .digest('hex');
    const cached = await this.opts.cache?.get(key);
    if (cached) {
      this.usage.cachedCalls++;
      this.opts.onUsage?.(this.usage);
      return { content: cached.content, usage: null };
    }
    const estimate = estimateTokens(messages.map((m) => m.content).join('\n'));
    const ceiling = this.opts.ceiling;
    if (ceiling != null && this.usage.inputTokens + this.usage.outputTokens + this.reserved + estimate > ceiling) {
      this.usage.ceilingReached = true;
      throw new CeilingReached(ceiling);
    }
    this.reserved += estimate;
    await this.slot();
    let answer: Completion;
    try {
      answer = await this.inner.complete(messages, o);
    } catch (err) {
      this.usage.failedCalls++;
      this.opts.onUsage?.(this.usage);
      throw err;
    } finally {
      this.reserved -= estimate;
      this.release();
    }
    const tokens = answer.usage ?? { input: estimate, output: estimateTokens(answer.content) };
    this.usage.calls++;
    this.usage.inputTokens += tokens.input;
    this.usage.outputTokens += tokens.output;
    this.opts.onUsage?.(this.usage);
    await this.opts.cache?.put(key, { content: answer.content, ...tokens });
    return answer;
  };

  // A counting semaphore: a handful of lines, where a library would add a dependency for nothing more.
  private async slot(): Promise<void> {
    if (this.inFlight < Math.max(1, this.opts.concurrency ?? 2)) {
      this.inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}

/** A cache in memory (tests and the benchmark; the worker keeps its answers in the store). */
export function memoryCache(): AnswerCache & { size(): number } {
  const answers = new Map<string, CachedAnswer>();
  return {
    get: async (key) => answers.get(key),
    put: async (key, answer) => {
      answers.set(key, answer);
    },
    size: () => answers.size,
  };
}
