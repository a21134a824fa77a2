import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chunkText } from '../../src/engine/chunk.js';
import { anonymize } from '../../src/engine/anonymize/index.js';
import { sentences, terms, tokenize, withWordsRemembered } from '../../src/engine/text/index.js';
import { latinWords } from '../../src/engine/text/latin-words.js';

describe('chunking', () => {
  it('chunks are exact, ordered, non-overlapping slices covering all the text but the labels of a transcript', () => {
    const paragraph = fc.array(fc.lorem({ maxCount: 60, mode: 'sentences' }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(paragraph, fc.constantFrom('Interviewer: ', 'Participant: ', 'Maria: ', ''), (paras, label) => {
        const text = paras.map((p, i) => (i % 2 ? `${label}${p}` : p)).join('\n\n');
        const chunks = chunkText(text, { targetWords: 40, maxWords: 80 });
        let last = 0;
        chunks.forEach((c, i) => {
          expect(c.idx).toBe(i);
          expect(text.slice(c.start, c.end)).toBe(c.text);
          expect(c.start).toBeGreaterThanOrEqual(last);
          // A transcript's chunks are its speakers' words: its labels stand between them (issue 44).
          expect(text.slice(last, c.start).trim()).toMatch(/^(?:Interviewer:|Participant:|Maria:)?$/);
          last = c.end;
        });
        expect(text.slice(last).trim()).toBe('');
      }),
      { numRuns: 100 },
    );
    expect(chunkText('  \n\n ')).toEqual([]);
  });

  it("keeps speaker turns apart and names a chunk's speaker only when it is one speaker's", () => {
    const text = `Interviewer: ${'Why so? '.repeat(30)}\n\nParticipant: ${'Because it is slow. '.repeat(40)}`;
    const chunks = chunkText(text, { targetWords: 60 });
    expect(chunks.map((c) => c.speaker)).toEqual(['Interviewer', 'Participant']);
  });
});

describe('sentences', () => {
  it('are the sentences Intl.Segmenter finds in the whole text, found piece by piece in a long one', () => {
    fc.assert(
      fc.property(fc.array(fc.lorem({ maxCount: 30, mode: 'sentences' }), { minLength: 1, maxLength: 60 }), fc.constantFrom(' ', '\n', '  '), (parts, gap) => {
        const text = parts.join(gap);
        const whole = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)].map((s) => [s.index, s.segment]);
        expect([...sentences(text, 'en')].map((s) => [s.index, s.segment])).toEqual(whole);
      }),
      { numRuns: 60 },
    );
  });

  it('keep the white space after a sentence whole where a piece would cut it (fast-check counterexample, seed -32693415)', () => {
    const first = `${'word '.repeat(399)}end.`;
    const text = `${first}  Next sentence here.`;
    expect(first.length + 1).toBe(2000);
    const whole = [...new Intl.Segmenter('en', { granularity: 'sentence' }).segment(text)].map((s) => [s.index, s.segment]);
    expect([...sentences(text, 'en')].map((s) => [s.index, s.segment])).toEqual(whole);
  });
});

describe('elided words', () => {
  it('reads a French or Italian word without the article or pronoun elided onto it', () => {
    expect(terms("l'application et l’école", 'fr')).toEqual(terms('application et école', 'fr'));
    expect(terms("qu'il s'il d'un j'ai", 'fr')).toEqual([]);
    expect(terms("aujourd'hui", 'fr')).toEqual(["aujourd'hui"]);
    expect(terms("dell'anno un'altra", 'it-IT')).toEqual(terms('anno altra', 'it'));
    // Elsewhere an apostrophe inside a word is the word's.
    expect(terms("l'application", 'en')).toEqual(["l'applic"]);
  });
});

describe('words', () => {
  /** The words as ICU's segmenter reads the whole text: its word-like segments, lower case, the typographic apostrophe as ASCII's. */
  const segmented = (text: string, locale: string) =>
    [...new Intl.Segmenter(locale, { granularity: 'word' }).segment(text.toLowerCase())].filter((s) => s.isWordLike).map((s) => s.segment.replace(/’/g, "'"));

  it("are the segmenter's word-like segments, in Latin script read by a pattern of its own, in any locale", () => {
    // Letters with and without accents, capitals, digits, every sign the pattern treats specially, and scripts it leaves to the segmenter.
    const char = fc.constantFrom(...'aZéÀÿłŒ09_ .,;:\'"-!?()/\n\t@#&*+=$%’‘“”—–…\u00a0×÷我日ñİ'.split(''), '🙂', 'e\u0301');
    const text = fc.array(char, { maxLength: 60 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom('en', 'de', 'sv', 'ja'), (t, locale) => {
        expect(tokenize(t, locale)).toEqual(segmented(t, locale));
        // Where they stand, in any case (search's highlights).
        const icu = [...new Intl.Segmenter(locale, { granularity: 'word' }).segment(t)]
          .filter((s) => s.isWordLike)
          .map(({ segment, index }) => ({ segment, index }));
        const latin = latinWords(t);
        if (latin) expect(latin.map(({ segment, index }) => ({ segment, index }))).toEqual(icu);
      }),
      { numRuns: 3000 },
    );
    for (const t of [
      "Don't",
      'e.g. U.S.A.',
      '1,000.5 kg',
      "rock'n'roll",
      'a--b a..b',
      '_ __ a_b',
      'I’d say it’s 3.5 miles',
      'Café naïve Łódź',
      'ratio 3:2, a:b',
    ])
      expect([t, tokenize(t, 'en')]).toEqual([t, segmented(t, 'en')]);
  });
});

describe('words remembered during an analysis', () => {
  it('are the words of the text as read without memory, whatever a caller does with what it was given', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 6 }), fc.constantFrom('en', 'de', 'fr'), (texts, locale) => {
        const alone = texts.map((t) => tokenize(t, locale));
        const remembered = withWordsRemembered(() =>
          [...texts, ...texts].map((t) => {
            const words = tokenize(t, locale);
            const copy = [...words];
            words.push('changed');
            return copy;
          }),
        );
        expect(remembered).toEqual([...alone, ...alone]);
      }),
    );
  });
});

describe('anonymisation', () => {
  const text = `Maria Lopez: I live at 221 Baker Street. Call me on +44 20 7946 0958 or write to maria.lopez@example.com.
Interviewer: Thanks Maria. Card 4111 1111 1111 1111, IBAN GB82 WEST 1234 5698 7654 32. John Smith said the app costs $12 in 2023.`;

  it('replaces people, e-mails, phones, addresses, IBANs and card numbers with stable placeholders', () => {
    const { text: out } = anonymize(text);
    for (const secret of ['Maria', 'Lopez', 'Baker Street', '7946', 'maria.lopez@example.com', '4111', 'GB82', 'John Smith']) expect(out).not.toContain(secret);
    expect(out).toContain('[PERSON 1]: I live at [ADDRESS 1]');
    expect(out).toContain('Thanks [PERSON 1].');
    expect(out).toContain('[EMAIL 1]');
    expect(out).toContain('[PHONE 1]');
    expect(out).toContain('[CARD 1]');
    expect(out).toContain('[IBAN 1]');
    expect(out).toContain('[PERSON 2] said the app costs $12 in 2023.');
    expect(out).toContain('Interviewer:');
    expect(anonymize(out).text).toBe(out);
  });

  it('leaves ordinary prose alone', () => {
    const prose = 'The budget app costs 12 dollars a month. In 2023 I used it for 3 months, then switched on 12/03/2024 to the spreadsheet export.';
    expect(anonymize(prose).text).toBe(prose);
  });
});
