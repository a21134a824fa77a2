import { sentenceVectors } from '../meaning/sentence-vectors.js';
import type { Embedder } from '../meaning/embedded.js';
import { sharedNeighbours, type View } from '../meaning/neighbours.js';
import { subwordRows } from '../meaning/subword.js';
import type { Unit } from './evidence.js';
import type { SparseRows } from './nmf.js';
import { sparseRows, type Vec } from './vectors.js';

/**
 * What the units of an automatic analysis are grouped by: each unit's nearest units in other
 * documents (meaning/neighbours.ts), as seen through several views of its words at once. Where
 * the locale has word vectors (English): their meaning (SIF), the character 4-grams of its terms
 * (meaning/subword.ts) and its terms' TF-IDF over the clustering vocabulary, weighing alike.
 * Elsewhere: the 4-grams alone, which also match the parts of compounds and other inflections.
 * A view's weight scales its cosine in the mean (meaning/neighbours.ts).
 *
 * Measured on the development studies. kNN purity, the share of a turn's 5
 * nearest turns in other interviews that share its theme: library-users 0.40 (SIF alone, as
 * before) → 0.49, care-workers 0.36 → 0.44, kita-eltern-de 0.34 (LSA, as before) → 0.50. The
 * passage benchmark's mean best-category F1 over seeds 1, 2, 3 and 42: 0.47 → 0.56, 0.46 → 0.53,
 * 0.31 → 0.52. Adding the terms' TF-IDF helped both English studies (F1 0.52 → 0.56 and 0.45 →
 * 0.50) and hurt the German one (0.52 → 0.44), so without word vectors it is left out.
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
 * The 4-grams weigh twice the other views (2026-11-25; on the English development studies, mean
 * best-category F1 over seeds 1, 2, 3 and 42: care-workers 0.513 → 0.540, library-users 0.590 →
 * 0.628; weights for meaning, 4-grams and terms of 2,1,1 gave 0.542 over all three studies,
 * 1,1,2 0.565, 1,2,2 0.570, 1,3,1 0.563, against 0.559 alike and 0.581 for 1,2,1).
 */
const SUBWORD_WEIGHT = 2;

/**
 * With vectors from a provider's embeddings model (`embedded`, meaning/embedded.ts), they are one
 * view more, weighing as the others (in place of SIF, the encoder's turn vectors lowered
 * care-workers' F1; beside it they raised it, eval/README.md).
 */
export function unitMeaning(units: Unit[], t: UnitTexts, locale: string, subwordWeight = SUBWORD_WEIGHT, embedded?: Embedder, embeddedWeight = 1): SparseRows {
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
