import { describe, expect, it } from 'vitest';
import { installStemRanks, stemRanks, stemVector } from '../../src/engine/meaning/stem-vectors.js';
import { wordVectors } from '../../src/engine/meaning/word-vectors.js';
import { stem } from '../../src/engine/text/index.js';
import { searchReady } from '../../src/engine/search/ready.js';

describe('the table of stems search builds off the thread answering HTTP', () => {
  it('answers every stem as looking it up word by word did', { timeout: 60_000 }, () => {
    const words = wordVectors('en')!.words;
    // Stems of words across the ranks, a few of short words, and some no word has.
    const stems = [...new Set([...words.filter((_, i) => i % 97 === 0).map((w) => stem(w, 'en')), 'tv', 'ox', 'zzzq', 'deliveri', 'berri'])];
    const lazily = stems.map((s) => stemVector(s, 'en')?.rank ?? null);
    installStemRanks('en', stemRanks('en'));
    expect(stems.map((s) => stemVector(s, 'en')?.rank ?? null)).toEqual(lazily);
    expect(lazily.filter((r) => r !== null).length).toBeGreaterThan(900);
  });

  it('is made ready once per locale, and a locale without vectors is ready at once', async () => {
    const first = searchReady('fr');
    expect(searchReady('fr')).toBe(first);
    await first;
  });
});
