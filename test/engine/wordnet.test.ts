import { describe, expect, it } from 'vitest';
import { expand, lemmasOf, POS, synsetOffsets } from '../../src/engine/search/wordnet.js';

describe('WordNet look-ups', () => {
  it('finds every lemma of every index file by binary search, and nothing that is not one', () => {
    for (const pos of POS) {
      const lemmas = lemmasOf(pos);
      expect(lemmas.length).toBeGreaterThan(3000);
      for (const lemma of lemmas) expect(synsetOffsets(pos, lemma), `${pos} ${lemma}`).toBeDefined();
      expect(synsetOffsets(pos, 'xylophonequantum')).toBeUndefined();
    }
  });

  it('expands a word to the words of its first senses', () => {
    expect(expand('expensive').synonyms).toContain('costly');
    expect(expand('xylophonequantum').synonyms).toEqual([]);
  });
});
