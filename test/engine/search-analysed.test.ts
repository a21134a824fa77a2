import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { firstOf, SearchIndex } from '../../src/engine/search/index.js';
import { analyseForSearch, decodeAnalysed, encodeAnalysed } from '../../src/engine/search/analysed.js';
import { DOCUMENTS, QUERIES } from '../eval/corpus.js';

describe('what search keeps of a chunk', () => {
  it('comes back from its stored form as it went in, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('en', 'de', 'fr'), (text, locale) => {
        const a = analyseForSearch(text, locale);
        const stored = encodeAnalysed(a, locale);
        expect(stored.searchLocale).toBe(locale);
        expect(decodeAnalysed(stored.searchTerms, stored.searchMeaning)).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it('ranks an index built from stored analyses exactly as one built from the texts', () => {
    const passages = DOCUMENTS.flat();
    const fromText = new SearchIndex('en');
    const fromStored = new SearchIndex('en');
    passages.forEach((text, i) => {
      const item = { id: `c${i}`, kind: 'chunk' as const, documentId: `d${Math.floor(i / 4)}` };
      fromText.add({ ...item, text });
      const stored = encodeAnalysed(analyseForSearch(text, 'en'), 'en');
      fromStored.add({ ...item, analysed: decodeAnalysed(stored.searchTerms, stored.searchMeaning) });
    });
    for (const { q } of QUERIES) expect(fromStored.search([q], { topK: 20 })).toEqual(fromText.search([q], { topK: 20 }));
    expect(fromStored.approxBytes).toBe(fromText.approxBytes);
  });

  it("takes a ranking's best items as sorting them all would, ties and all", () => {
    const entry = fc.tuple(
      fc.string({ minLength: 1, maxLength: 3 }),
      fc.integer({ min: 0, max: 20 }).map((x) => x / 4),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 300 }), fc.integer({ min: 1, max: 60 }), (entries, n) => {
        const byScore = (a: readonly [string, number], b: readonly [string, number]) => b[1] - a[1];
        const byScoreThenId = (a: readonly [string, number], b: readonly [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
        for (const cmp of [byScore, byScoreThenId]) expect(firstOf([...entries], n, cmp)).toEqual([...entries].sort(cmp).slice(0, n));
      }),
      { numRuns: 300 },
    );
  });
});
