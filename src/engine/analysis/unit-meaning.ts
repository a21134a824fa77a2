import { sentenceVectors } from '../meaning/sentence-vectors.js';
import type { Embedder } from '../meaning/embedded.js';
import { sharedNeighbours, type View } from '../meaning/neighbours.js';
import { subwordRows } from '../meaning/subword.js';
import type { Unit } from './evidence.js';
import type { SparseRows } from './nmf.js';
import { sparseRows, type Vec } from './vectors.js';
import { DEFAULT_PARAMS } from './params.js';

/**
 * What the units of an automatic analysis are grouped by: each unit's nearest units in other
 * documents (meaning/neighbours.ts), as seen through several views of its words at once. Where
 * the locale has word vectors (English): their meaning (SIF), the character 4-grams of its terms
 * (meaning/subword.ts) and its terms' TF-IDF over the clustering vocabulary. Elsewhere: the
 * 4-grams alone, which also match the parts of compounds and other inflections (the terms'
 * TF-IDF, which helps English, hurt German). A view's weight scales its cosine in the mean
 * (meaning/neighbours.ts); the 4-grams weigh `subwordWeight` (params.ts), the others 1.
 */
interface UnitTexts {
  /** Each unit's text, with the question it answers. */
  texts: string[];
  /** Each unit's content terms (stems), with the question's. */
  terms: string[][];
  /** Each unit's TF-IDF vector, and the vocabulary worth clustering on. */
  vecs: Vec[];
  vocab: string[];
}

/**
 * With vectors from a provider's embeddings model (`embedded`, meaning/embedded.ts), they are one
 * view more, beside SIF rather than in its place (in its place, the encoder's turn vectors lost
 * more than they gave), weighing `embeddedWeight`.
 */
export function unitMeaning(
  units: Unit[],
  t: UnitTexts,
  locale: string,
  subwordWeight = DEFAULT_PARAMS.automatic.subwordWeight,
  embedded?: Embedder,
  embeddedWeight = DEFAULT_PARAMS.automatic.embeddedWeight,
): SparseRows {
  const views: View[] = [{ sparse: subwordRows(t.terms), weight: subwordWeight }];
  const meaning = sentenceVectors(t.texts, locale);
  if (meaning) views.push({ dense: meaning }, { sparse: sparseRows(t.vecs, t.vocab) });
  const provided = embedded?.(t.texts);
  if (provided) views.push({ dense: provided, weight: embeddedWeight });
  return sharedNeighbours(
    views,
    units.map((u) => u.documentId),
  );
}
