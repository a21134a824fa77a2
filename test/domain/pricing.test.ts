import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countWords, priceOf } from '../../src/domain/pricing.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const wholeCount = (text: string) => [...segmenter.segment(text)].filter((s) => s.isWordLike).length;

describe('word counting for prices', () => {
  it('counts as the segmenter does over the whole text, for any text with white space between words', () => {
    const word = fc.stringMatching(/^[a-zà-ÿ0-9']{1,12}$/);
    const gap = fc.constantFrom(' ', '\n', '\t', '  ', ', ', '. ');
    const text = fc.array(fc.tuple(word, gap), { minLength: 0, maxLength: 400 }).map((xs) => xs.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(text, (t) => countWords(t) === wholeCount(t)),
      { numRuns: 200 },
    );
  });

  it('counts any text as the segmenter does piece by piece: Latin script by its own pattern, the rest by the segmenter', () => {
    // Letters with and without accents, digits, every kind of sign the pattern treats specially, and scripts it leaves to the segmenter.
    const char = fc.constantFrom(...'aZéÀÿłŒ09_ .,;:\'"-!?()/\n\t@#&*+=$%’‘“”—–…\u00a0×÷我日ñ'.split(''), '🙂');
    const text = fc.array(char, { maxLength: 60 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, (t) => countWords(t) === wholeCount(t)),
      { numRuns: 3000 },
    );
    for (const t of ["don't", 'e.g. U.S.A.', '1,000.5 kg', "rock'n'roll", 'a--b a..b', '_ __ a_b', 'I’d say it’s 3.5 miles', 'Café naïve Łódź'])
      expect([t, countWords(t)]).toEqual([t, wholeCount(t)]);
  });

  it('counts the repro of the freeze (5,000 repetitions, 210 KB) and a 2 MB text without stalling', () => {
    const sentence = 'The price is too high for our small team. ';
    expect(countWords(sentence.repeat(5000))).toBe(45_000);
    // Over the whole string at once this took minutes; in pieces it is linear.
    expect(countWords(sentence.repeat(50_000))).toBe(450_000);
  });

  it('cuts text without any white space too (Chinese), keeping every character counted once', () => {
    const zh = '我们的团队觉得价格太高了'.repeat(20_000);
    const n = countWords(zh);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(zh.length);
  });

  it('prices a thousand words per credit, doubled for anonymisation, at least one credit unless empty', () => {
    const pricing = { wordsPerCredit: 1000, anonymizedFactor: 2 };
    expect(priceOf(0, 'standard', pricing)).toBe(0);
    expect(priceOf(1, 'standard', pricing)).toBe(1);
    expect(priceOf(1001, 'standard', pricing)).toBe(2);
    expect(priceOf(1001, 'anonymized', pricing)).toBe(4);
  });
});
