import { describe, expect, it } from 'vitest';
import { joinChunks, locateQuotes, rangeSegments, segments } from '../../src/console/highlight.js';
import { parseCategories } from '../../src/console/categories-input.js';
import { parsePairs } from '../../src/console/pairs-input.js';

describe('reader highlights', () => {
  const chunks = ['Interviewer: How was it?', 'Participant: The sync broke.\nI had to reconnect   my bank.', 'Participant: The price is steep.'];
  const { text, starts } = joinChunks(chunks);

  it('finds quotes across line breaks and runs of spaces, and says which it cannot find', () => {
    const { ranges, missing } = locateQuotes(text, [
      { insightId: 'I1', quotes: ['The sync broke. I had to reconnect my bank.'] },
      { insightId: 'I2', quotes: ['the price is steep', 'never said'] },
    ]);
    expect(ranges.map((r) => [r.insightId, text.slice(r.start, r.end)])).toEqual([
      ['I1', 'The sync broke.\nI had to reconnect   my bank.'],
      ['I2', 'The price is steep'],
    ]);
    expect(missing).toEqual([{ insightId: 'I2', quote: 'never said' }]);
  });

  it('finds a quote in another case at its own place, after letters whose lower case is longer ("İ")', () => {
    const text = 'İZMİR, and The Bus was late.';
    const { ranges } = locateQuotes(text, [{ insightId: 'I1', quotes: ['the bus was late'] }]);
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual(['The Bus was late']);
  });

  it('cuts each chunk into plain and marked segments, overlaps marked by both insights', () => {
    const { ranges } = locateQuotes(text, [
      { insightId: 'I1', quotes: ['The sync broke.'] },
      { insightId: 'I2', quotes: ['broke. I had'] },
    ]);
    const parts = segments(chunks[1]!, starts[1]!, ranges);
    expect(parts.map((p) => p.text).join('')).toBe(chunks[1]);
    expect(parts.map((p) => [p.text, p.insightIds])).toEqual([
      ['Participant: ', []],
      ['The sync ', ['I1']],
      ['broke.', ['I1', 'I2']],
      ['\nI had', ['I2']],
      [' to reconnect   my bank.', []],
    ]);
    expect(segments(chunks[0]!, starts[0]!, ranges)).toEqual([{ text: chunks[0], insightIds: [] }]);
  });

  it('splits a quote that spans two chunks between them', () => {
    const { ranges } = locateQuotes(text, [{ insightId: 'I3', quotes: ['my bank. Participant: The price'] }]);
    expect(segments(chunks[1]!, starts[1]!, ranges).at(-1)).toEqual({ text: 'my bank.', insightIds: ['I3'] });
    expect(segments(chunks[2]!, starts[2]!, ranges)[0]).toEqual({ text: 'Participant: The price', insightIds: ['I3'] });
  });
});

describe('predefined categories typed or pasted', () => {
  it('reads names, colon or tab descriptions, bullets; drops blanks and repeats', () => {
    expect(parseCategories('Pricing: what people pay\n- Onboarding\n\nBank sync\tconnections failing\npricing\n')).toEqual([
      { name: 'Pricing', description: 'what people pay' },
      { name: 'Onboarding' },
      { name: 'Bank sync', description: 'connections failing' },
    ]);
  });
});

describe('search result snippets', () => {
  it('marks the ranges the answer gives and keeps the text whole, ignoring ranges that overlap or fall outside', () => {
    const text = 'The Bank sync failed; banking is hard.';
    const parts = rangeSegments(text, [
      { start: 4, end: 8 },
      { start: 22, end: 29 },
      { start: 6, end: 9 },
      { start: 30, end: 99 },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['Bank', 'banking']);
  });
});

describe('agreement code pairs', () => {
  it('reads one pair a line, cut at the first = as sift compare --pair cuts it, and answers the lines that are no pair', () => {
    expect(parsePairs('Fees = Pricing\r\n\n  Support=Help = desk \nOnboarding\n= Crashes\n')).toEqual({
      pairs: [
        { a: 'Fees', b: 'Pricing' },
        { a: 'Support', b: 'Help = desk' },
      ],
      wrong: ['Onboarding', '= Crashes'],
    });
  });
});
