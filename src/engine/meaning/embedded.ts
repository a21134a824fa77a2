/**
 * Vectors of meaning from elsewhere (a provider's embeddings model, `SIFT_EMBEDDING_MODEL`),
 * computed before the engine runs and stored, which the engine then reads in place of its own
 * SIF vectors (sentence-vectors.ts). The engine is synchronous, so the texts it wants are found
 * by a first run that records them (`recording`), embedded, and given to the second (`embedded`).
 */
export type Embedder = (texts: string[]) => Float32Array[] | null;

const key = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Answers null to every call and remembers each text asked for. */
export function recording(): { embedder: Embedder; texts: () => string[] } {
  const asked = new Set<string>();
  return {
    embedder: (texts) => {
      for (const t of texts) asked.add(key(t));
      return null;
    },
    texts: () => [...asked],
  };
}

/**
 * Answers from `vectors` (by text, white space folded), unit length; null where a text has none,
 * so that the engine falls back to its own vectors for that call as a whole (vectors of two
 * spaces are never mixed).
 */
export function embedded(vectors: Map<string, Float32Array>): Embedder {
  return (texts) => {
    const out: Float32Array[] = [];
    for (const t of texts) {
      const v = vectors.get(key(t));
      if (!v) return null;
      let n = 0;
      for (let d = 0; d < v.length; d++) n += v[d]! * v[d]!;
      n = Math.sqrt(n) || 1;
      out.push(v.map((x) => x / n));
    }
    return out;
  };
}

export const embeddingKey = key;

/** Whether an embeddings model that reads `languages` (locale prefixes; null: all) reads a project in `locale`. */
export const readsLanguage = (languages: string[] | null, locale: string) =>
  !languages || languages.some((l) => locale.toLowerCase() === l || locale.toLowerCase().startsWith(`${l}-`));
