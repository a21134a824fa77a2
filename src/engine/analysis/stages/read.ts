import { evidence, type Sentence } from '../evidence.js';
import type { Stage } from '../stage.js';
import type { AnalysisDocument, Verdict } from '../types.js';

/** The participants' sentences of the documents, each document read as turns first (evidence.ts). */
export interface Evidence {
  docs: AnalysisDocument[];
  sentences: Sentence[];
  /** The verdicts of the documents that could not be read. */
  failed: Verdict[];
}

/** Reads every document; one that cannot be read fails alone. */
export const turnReader: Stage<AnalysisDocument[], Evidence> = {
  run(docs, { locale }) {
    const failed: Verdict[] = [];
    const sentences: Sentence[] = [];
    for (const d of docs) {
      try {
        sentences.push(...evidence(d, locale));
      } catch (err) {
        failed.push({ documentId: d.id, verdict: 'failed', reason: `could not read the document: ${(err as Error).message}` });
      }
    }
    return { docs, sentences, failed };
  },
};
