import { describe, expect, it } from 'vitest';
import { holdsPhrase, quotedPhrases } from '../../src/engine/search/phrases.js';
import { SearchIndex } from '../../src/engine/search/index.js';

describe('quoted phrases (issue 44, part 5)', () => {
  it('reads a query’s quoted phrases of two words or more, "no" and every other word kept', () => {
    expect(quotedPhrases('"no pay rise" at the depot', 'en')).toEqual([['no', 'pay', 'rise']]);
    expect(quotedPhrases('“No Pay-Rise” and "not again"', 'en')).toEqual([
      ['no', 'pay', 'rise'],
      ['not', 'again'],
    ]);
    expect(quotedPhrases('no pay rise', 'en')).toEqual([]);
    expect(quotedPhrases('"rise"', 'en')).toEqual([]);
  });

  it('matches the words in order, case and punctuation aside, where a query does not match by "no"', () => {
    const phrase = ['no', 'pay', 'rise'];
    expect(holdsPhrase('There was no pay rise at all.', phrase, 'en')).toBe(true);
    expect(holdsPhrase('No. Pay rise? Never.', phrase, 'en')).toBe(true);
    expect(holdsPhrase('They promised a pay rise, no doubt.', phrase, 'en')).toBe(false);
    expect(holdsPhrase('no pay', phrase, 'en')).toBe(false);
    // A query's words leave "no" out (texts keep it among their terms, for phrases).
    const words = new SearchIndex('en').queryWords('"no pay rise"').map((w) => w.term);
    expect(words).not.toContain('no');
  });

  it('answers a query only with items its phrase allows (allowFor), per query', () => {
    const index = new SearchIndex('en');
    index.add({ id: 'a', kind: 'chunk', documentId: 'd', text: 'There was no pay rise this year.' });
    index.add({ id: 'b', kind: 'chunk', documentId: 'd', text: 'A pay rise never came.' });
    index.add({ id: 'c', kind: 'chunk', documentId: 'd', text: 'No, I never asked them.' });
    // "no" matches nothing by itself: the turn that only says "No" is no result of a query about pay.
    expect(
      index
        .search(['no pay rise'])
        .hits.map((h) => h.id)
        .sort(),
    ).toEqual(['a', 'b']);
    const texts = new Map([
      ['a', 'There was no pay rise this year.'],
      ['b', 'A pay rise never came.'],
      ['c', 'No, I never asked them.'],
    ]);
    const queries = ['"no pay rise"', 'pay rise'];
    const phrases = queries.map((q) => quotedPhrases(q, 'en'));
    const allowFor = (id: string, n: number) => phrases[n]!.every((p) => holdsPhrase(texts.get(id)!, p, 'en'));
    expect(index.search([queries[0]!], { allowFor }).hits.map((h) => h.id)).toEqual(['a']);
    expect(
      index
        .search(queries, { allowFor })
        .hits.map((h) => h.id)
        .sort(),
    ).toEqual(['a', 'b']);
  });
});
