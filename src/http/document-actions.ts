import type { Row } from '../store/tables.js';
import { deleteDocuments } from '../domain/documents.js';
import type { Services } from './services.js';

/** Deletes documents in one transaction, then their stored originals (a leftover file is harmless; a lost row is not). */
export async function removeDocuments(services: Services, project: Row<'projects'>, inputs: string[]) {
  const { deleted, blobKeys } = await services.store.transaction((trx) => deleteDocuments(trx, project, inputs));
  for (const key of blobKeys) {
    await services.blobs.delete(key).catch((err: unknown) => services.log.warn({ err, key }, 'could not remove a deleted document\'s original'));
  }
  return { deleted };
}
