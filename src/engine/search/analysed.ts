import { terms } from '../text/index.js';
import { textVector } from '../meaning/sentence-vectors.js';
import { quantise } from './quantised.js';
import { wordVectors } from '../meaning/word-vectors.js';

/**
 * What search ranks an item by: its terms (for BM25) and its vector of meaning (SIF, where the
 * locale has word vectors), read in one locale. Computed once where a chunk is written and kept
 * beside it (`chunks.search_*`), so that building a project's index reads them back instead of
 * analysing every text again; stored as text so that SQLite and PostgreSQL keep them alike.
 */
export interface Analysed {
  terms: string[];
  meaning: Float32Array | null;
}

/**
 * The text a chunk is ranked by: its words, after its speaker's label where it has one. A
 * transcript's chunk holds a turn's words alone (chunk.ts, issue 44), but its speaker still says
 * what the passage is: a search for a speaker's name finds their turns, and a question ranks as
 * the interviewer's, as it did when the label stood in the chunk's text (without it, questions
 * echoing a query's words ranked above the answers: test/eval/README.md). Never shown: snippets
 * and highlights are made of the chunk's text.
 */
export const rankedText = (chunk: { text: string; speaker: string | null }): string => (chunk.speaker ? `${chunk.speaker}: ${chunk.text}` : chunk.text);

export function analyseForSearch(text: string, locale: string): Analysed {
  return { terms: terms(text, locale), meaning: textVector(text, locale) };
}

/** The stored form: terms separated by spaces (a term never holds white space), the vector's float32 bytes in base64. */
export function encodeAnalysed(a: Analysed, locale: string): { searchTerms: string; searchMeaning: string | null; searchLocale: string } {
  return {
    searchTerms: a.terms.join(' '),
    searchMeaning: a.meaning ? Buffer.from(a.meaning.buffer, a.meaning.byteOffset, a.meaning.byteLength).toString('base64') : null,
    searchLocale: locale,
  };
}

/** A document's row of `document_search`: its chunks' ids, term counts and compact vectors (a zero vector for a chunk without one). */
export function documentSearchRow(
  chunks: { id: string; analysed: Analysed }[],
  locale: string,
): { locale: string; chunkIds: string; termCounts: string; vectors: Buffer | null } {
  return documentSearchRowOf(
    chunks.map((c) => ({ id: c.id, termCount: c.analysed.terms.length, compact: c.analysed.meaning ? quantise(c.analysed.meaning) : null })),
    locale,
  );
}

/** The same row from what each chunk keeps of its analysis (`analyseForStore`). */
export function documentSearchRowOf(
  chunks: { id: string; termCount: number; compact: Buffer | null }[],
  locale: string,
): { locale: string; chunkIds: string; termCounts: string; vectors: Buffer | null } {
  const dims = wordVectors(locale)?.dims ?? 0;
  const zero = dims === 0 ? null : quantise(new Float32Array(dims));
  return {
    locale,
    chunkIds: chunks.map((c) => c.id).join(' '),
    termCounts: chunks.map((c) => c.termCount).join(' '),
    vectors: zero === null ? null : Buffer.concat(chunks.map((c) => (c.compact?.length === zero.length ? c.compact : zero))),
  };
}

/**
 * A chunk's analysis as it is written, read from its text at once: its stored columns, its
 * number of terms and its compact vector, and nothing else kept (not every chunk's terms and
 * vector as arrays beside their stored forms until all are written: 16 MB more at 20 MB of text).
 */
export function analyseForStore(text: string, locale: string): { columns: ReturnType<typeof encodeAnalysed>; termCount: number; compact: Buffer | null } {
  const a = analyseForSearch(text, locale);
  return { columns: encodeAnalysed(a, locale), termCount: a.terms.length, compact: a.meaning ? quantise(a.meaning) : null };
}

export function decodeAnalysed(searchTerms: string, searchMeaning: string | null): Analysed {
  let meaning: Float32Array | null = null;
  if (searchMeaning) {
    const bytes = Buffer.from(searchMeaning, 'base64');
    meaning = new Float32Array(bytes.byteLength / 4);
    new Uint8Array(meaning.buffer).set(bytes);
  }
  return { terms: searchTerms === '' ? [] : searchTerms.split(' '), meaning };
}
