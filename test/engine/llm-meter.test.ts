import { describe, expect, it } from 'vitest';
import { CeilingReached, MeteredModel, estimateTokens, memoryCache } from '../../src/engine/llm/meter.js';
import type { Completion, LlmProvider } from '../../src/engine/llm/provider.js';

const ask = (text: string) => [{ role: 'user' as const, content: text }];

/** A provider that answers after `ms`, saying what it took where `usage` is set, and counts what is in flight. */
function provider(ms = 0, usage: Completion['usage'] = { input: 100, output: 10 }) {
  const seen = { calls: 0, inFlight: 0, most: 0 };
  const p: LlmProvider = {
    complete: async (messages) => {
      seen.calls++;
      seen.inFlight++;
      seen.most = Math.max(seen.most, seen.inFlight);
      await new Promise((r) => setTimeout(r, ms));
      seen.inFlight--;
      return { content: `answer to ${messages[0]!.content}`, usage };
    },
  };
  return { p, seen };
}

describe("a run's metered model", () => {
  it("counts the provider's tokens, or estimates them where it does not say, and answers a request it has seen from the cache at no cost", async () => {
    const cache = memoryCache();
    const { p, seen } = provider();
    const m = new MeteredModel(p, { model: 'm', cache });
    expect((await m.complete(ask('a'))).content).toBe('answer to a');
    expect(await m.chat(ask('a'))).toBe('answer to a');
    expect(seen.calls).toBe(1);
    expect(m.usage).toMatchObject({ calls: 1, cachedCalls: 1, inputTokens: 100, outputTokens: 10 });
    // Another run with the same cache pays nothing for the same request; another model does.
    const again = new MeteredModel(p, { model: 'm', cache });
    await again.chat(ask('a'));
    expect(again.usage).toMatchObject({ calls: 0, cachedCalls: 1, inputTokens: 0 });
    await new MeteredModel(p, { model: 'other', cache }).chat(ask('a'));
    expect(seen.calls).toBe(2);
    const silent = new MeteredModel(provider(0, null).p, { model: 'm' });
    await silent.chat(ask('x'.repeat(350)));
    expect(silent.usage.inputTokens).toBe(100);
    expect(silent.usage.outputTokens).toBe(estimateTokens('answer to '.concat('x'.repeat(350))));
  });

  it('refuses calls past the ceiling without sending them, and says so', async () => {
    const { p, seen } = provider();
    const m = new MeteredModel(p, { model: 'm', ceiling: 221 });
    await m.chat(ask('first'));
    await m.chat(ask('second'));
    await expect(m.chat(ask('third'))).rejects.toBeInstanceOf(CeilingReached);
    expect(seen.calls).toBe(2);
    expect(m.usage).toMatchObject({ calls: 2, inputTokens: 200, outputTokens: 20, tokenCeiling: 221, ceilingReached: true });
  });

  it('keeps at most `concurrency` calls in flight, and counts failed calls', async () => {
    const { p, seen } = provider(20);
    const m = new MeteredModel(p, { model: 'm', concurrency: 3 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => m.chat(ask(`q${i}`))));
    expect(seen.most).toBe(3);
    expect(m.usage.calls).toBe(12);
    const failing = new MeteredModel({ complete: async () => Promise.reject(new Error('HTTP 500')) }, { model: 'm' });
    await expect(failing.chat(ask('q'))).rejects.toThrow('HTTP 500');
    expect(failing.usage).toMatchObject({ calls: 0, failedCalls: 1 });
  });
});
