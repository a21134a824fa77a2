import { createHash } from 'node:crypto';
import type { ChatMessage, ChatOptions, Completion, LlmProvider } from '../../src/engine/llm/provider.js';

/**
 * An in-process stand-in for a chat model that codes passages (engine/llm/coder.ts) by rules: a
 * sentence gets every category whose rule matches it, the category found by its name in the
 * codebook. It records each request it is sent, and can be told to fail.
 */
export interface RuleCoder extends LlmProvider {
  complete(messages: ChatMessage[], opts?: ChatOptions): Promise<Completion>;
  /** Every request, by the hash of its messages, with whether it was answered. */
  requests: { key: string; answered: boolean; user: string; opts: ChatOptions }[];
  /** Set to fail every call from now on with this message. */
  failWith: string | null;
  /** Called (and awaited) before each answer; may throw. */
  before?: (n: number) => void | Promise<void>;
}

export function ruleCoder(rules: Record<string, RegExp>): RuleCoder {
  const coder: RuleCoder = {
    requests: [],
    failWith: null,
    async complete(messages, opts = {}) {
      const user = messages.at(-1)?.content ?? '';
      const key = createHash('sha256').update(JSON.stringify(messages)).digest('hex');
      const request = { key, answered: false, user, opts };
      coder.requests.push(request);
      await coder.before?.(coder.requests.length);
      if (coder.failWith) throw new Error(coder.failWith);
      const [book = '', passages = ''] = user.split('\nPassages:\n');
      const ids = new Map<string, string>();
      for (const m of book.matchAll(/^(C\d+)\. (.+)$/gm)) ids.set(m[2]!.trim(), m[1]!);
      const codes: { passage: string; category: string; sentences: number[] }[] = [];
      for (const block of passages.trim().split(/\n\n(?=P\d+)/)) {
        const lines = block.split('\n');
        const passage = /^(P\d+)/.exec(lines[0] ?? '')?.[1];
        if (!passage) continue;
        for (const [name, rule] of Object.entries(rules)) {
          const category = ids.get(name);
          if (!category) continue;
          const sentences = lines
            .slice(1)
            .map((l) => /^(\d+)\. (.*)$/.exec(l))
            .filter((m): m is RegExpExecArray => !!m && rule.test(m[2]!))
            .map((m) => Number(m[1]));
          if (sentences.length > 0) codes.push({ passage, category, sentences });
        }
      }
      request.answered = true;
      const content = JSON.stringify({ codes });
      return { content, usage: { input: Math.ceil(user.length / 4), output: Math.ceil(content.length / 4) } };
    },
  };
  coder.chat = async (messages, opts) => (await coder.complete(messages, opts)).content;
  return coder;
}
