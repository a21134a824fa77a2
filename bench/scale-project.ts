/**
 * A project of many chunks written straight into a store as the worker writes processed
 * documents (each chunk's terms and vector, each document's `document_search` row), fifteen
 * chunks a document, each chunk four sentences of the evaluation corpus recombined
 * deterministically. Shared by the search benches (search-scale.ts, first-search.ts).
 */
import { createHash } from 'node:crypto';
import type { Store } from '../src/store/store.js';
import { adminOps } from '../src/domain/admin.js';
import { newId } from '../src/domain/ids.js';
import { DOCUMENTS, QUERIES } from '../test/eval/corpus.js';
import { analyseForSearch, documentSearchRow, encodeAnalysed } from '../src/engine/search/analysed.js';
import { builtinEmbed } from '../src/engine/meaning/builtin-encoder.js';
import { embeddingKey } from '../src/engine/meaning/embedded.js';

export const queries = QUERIES.map((q) => q.q);
const sentences = DOCUMENTS.flat().flatMap((p) => p.replace(/^\w+: /, '').split(/(?<=\.)\s+/));

/**
 * Writes the project (its owner, account and project first) and answers its id and owner. With
 * `encoder`, each chunk also gets a vector of the built-in encoder in `text_vectors`: the sum of
 * the encoder's vectors of its four sentences (each sentence encoded once), not the vector of its
 * text; and each sentence its own vector, as processing keeps a chunk's sentences'.
 */
export async function fillProject(store: Store, chunks: number, encoder = false): Promise<{ projectId: string; userId: string }> {
  const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'bench@example.com' });
  const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'B', ownerUserId: user.id });
  const { project } = await adminOps.create_project(store, { action: 'create_project', accountId: account.id, ownerUserId: user.id, name: 'B' });
  const projectId = project.id as string;
  let s = 7;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const now = new Date().toISOString();
  const perDoc = 15;
  const sentenceVectors = encoder ? (await builtinEmbed(sentences)).map((v) => Float32Array.from(v)) : [];
  // Each sentence's own vector too, as processing keeps a chunk's sentences' (engine/search/chunk-sentences.ts).
  const sentenceRows = !encoder
    ? []
    : [...new Map(sentences.map((t, n) => [createHash('sha256').update(embeddingKey(t)).digest('base64url'), n])).entries()].map(([key, n]) => ({
        projectId,
        model: 'builtin',
        key,
        vector: Buffer.from(sentenceVectors[n]!.buffer).toString('base64'),
        createdAt: now,
      }));
  for (let i = 0; i < sentenceRows.length; i += 200)
    await store.db
      .insertInto('textVectors')
      .values(sentenceRows.slice(i, i + 200))
      .execute();
  for (let d = 0; d * perDoc < chunks; d += 100) {
    await store.transaction(async (trx) => {
      for (let k = d; k < d + 100 && k * perDoc < chunks; k++) {
        const docId = newId();
        await trx
          .insertInto('documents')
          .values({
            ...{ id: docId, projectId, counter: k + 1, filename: `i${k}.txt`, status: 'ready', pipeline: 'standard', creditCost: 1 },
            ...{ wordCount: 1000, error: null, mimeType: 'text/plain', sizeBytes: 1, blobKey: null, sourceUrl: null, text: '', confirmedAt: now },
            ...{ leaseOwner: null, leaseExpiresAt: null, attempts: 0, soloAttempts: 0, createdAt: now, updatedAt: now },
          })
          .execute();
        // As the worker writes a processed document: its chunks with what search ranks them by, and its row of vectors.
        const read = Array.from({ length: Math.min(perDoc, chunks - k * perDoc) }, (_, idx) => {
          const picked = Array.from({ length: 4 }, () => Math.floor(next() * sentences.length));
          const text = picked.map((n) => sentences[n]).join(' ');
          return { id: newId(), idx, text, analysed: analyseForSearch(text, 'en'), picked };
        });
        if (encoder)
          await trx
            .insertInto('textVectors')
            .values(
              read.map((c) => {
                const v = new Float32Array(512);
                for (const n of c.picked) for (let d = 0; d < 512; d++) v[d]! += sentenceVectors[n]![d]!;
                const key = createHash('sha256').update(embeddingKey(c.text)).digest('base64url');
                return { projectId, model: 'builtin', key, vector: Buffer.from(v.buffer).toString('base64'), createdAt: now };
              }),
            )
            .onConflict((oc) => oc.columns(['projectId', 'model', 'key']).doNothing())
            .execute();
        await trx
          .insertInto('chunks')
          .values(
            read.map((c) => ({
              ...encodeAnalysed(c.analysed, 'en'),
              ...{ id: c.id, projectId, documentId: docId, idx: c.idx, text: c.text, speaker: 'Participant', startOffset: 0, endOffset: c.text.length },
            })),
          )
          .execute();
        await trx
          .insertInto('documentSearch')
          .values({ documentId: docId, projectId, ...documentSearchRow(read, 'en') })
          .execute();
      }
    });
  }
  return { projectId, userId: user.id as string };
}
