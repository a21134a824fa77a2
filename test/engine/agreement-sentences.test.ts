import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codingBySentence, locateQuote, type Span, sentenceUnits, unitsOverlapping } from '../../src/engine/agreement/sentences.js';

/** Words, punctuation and white space of every kind, so that sentences, blank lines and runs of spaces all occur. */
const textArb = fc
  .array(fc.constantFrom('Ana', 'said', 'fees', 'Über', '42', '😡', '.', '?', '!', ' ', '  ', '\n', '\n\n', '\t', ',', '—', 'Q:'), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('sentences as units', () => {
  it('cuts a transcript into its sentences, white space and label-only lines left out', () => {
    const text = 'Interviewer: How was it?\n\nAna: The fees went up. Nobody told us!\n---\n\nBo: Fine.  ';
    expect(sentenceUnits(text, 'en').map((s) => text.slice(s.start, s.end))).toEqual([
      'Interviewer: How was it?',
      'Ana: The fees went up.',
      'Nobody told us!',
      'Bo: Fine.',
    ]);
  });

  it('gives units in order, apart, trimmed, each holding a letter or digit, and leaves no letter or digit outside one', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const units = sentenceUnits(text, 'en');
        const covered = new Array<boolean>(text.length).fill(false);
        units.forEach((u, i) => {
          expect(u.start).toBeLessThan(u.end);
          if (i > 0) expect(units[i - 1]!.end).toBeLessThanOrEqual(u.start);
          const slice = text.slice(u.start, u.end);
          expect(slice).toBe(slice.trim());
          expect(slice).toMatch(/[\p{L}\p{N}]/u);
          for (let k = u.start; k < u.end; k++) covered[k] = true;
        });
        for (let k = 0; k < text.length; k++) if (/[\p{L}\p{N}]/u.test(text[k]!)) expect(covered[k], `${JSON.stringify(text)} at ${k}`).toBe(true);
      }),
    );
  });
});

describe('quotes placed in the text', () => {
  it('finds a quote where it first stands as spelled', () => {
    fc.assert(
      fc.property(textArb, fc.nat(), fc.nat(), (text, x, y) => {
        const [from, to] = [Math.min(x, y) % (text.length + 1), Math.max(x, y) % (text.length + 1)].sort((p, q) => p - q) as [number, number];
        const quote = text.slice(from, to);
        const span = locateQuote(text, quote);
        if (!quote.trim()) return;
        expect(span).toEqual({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length });
      }),
    );
  });

  it('finds a quote retyped with other white space and letter case, and answers null for one that is not there', () => {
    const text = 'Ana: The fees went\n  up twice. Nobody told us.';
    const span = locateQuote(text, 'the FEES went up twice');
    expect(span).not.toBeNull();
    expect(text.slice(span!.start, span!.end)).toBe('The fees went\n  up twice');
    expect(locateQuote(text, 'fees went down')).toBeNull();
    expect(locateQuote(text, '   ')).toBeNull();
    expect(locateQuote(text, '')).toBeNull();
  });
});

describe('the units a span overlaps', () => {
  const spansArb = fc.array(fc.tuple(fc.nat(5), fc.integer({ min: 1, max: 6 })), { maxLength: 30 }).map((gaps) => {
    const out: Span[] = [];
    let at = 0;
    for (const [gap, length] of gaps) {
      out.push({ start: at + gap, end: at + gap + length });
      at += gap + length;
    }
    return out;
  });

  it('are exactly those a scan over every unit finds', () => {
    fc.assert(
      fc.property(spansArb, fc.nat(200), fc.nat(20), (units, start, length) => {
        const span = { start, end: start + length };
        const expected = units.flatMap((u, i) => (u.start < span.end && span.start < u.end ? [i] : []));
        expect(unitsOverlapping(units, span)).toEqual(expected);
      }),
    );
  });

  it('codes every sentence a quote reaches, in part or whole, and counts quotes not in the text', () => {
    const text = 'One sentence here. Two sentences there. Three at the end.';
    const units = sentenceUnits(text, 'en');
    expect(units).toHaveLength(3);
    const { codes, unplaced } = codingBySentence(text, units, [
      { quote: 'here. Two', codes: ['A'] },
      { quote: 'Three at the end.', codes: ['A', 'B'] },
      { quote: 'Four', codes: ['C'] },
      { quote: 'One', codes: [] },
    ]);
    expect([...codes].map(([u, set]) => [u, [...set].sort()])).toEqual([
      [0, ['A']],
      [1, ['A']],
      [2, ['A', 'B']],
    ]);
    expect(unplaced).toBe(1);
  });
});
