import path from 'node:path';
import type { BlobConfig } from '../config.js';
import { fileBlobStore, type BlobStore } from './blobs.js';

/** The blob store the configuration names, opened once per process (or worker thread). */
export async function openBlobStore(config: BlobConfig, dataDir: string): Promise<BlobStore> {
  if (config.kind === 'file') return fileBlobStore(dataDir);
  // Loaded only when configured: the filesystem default never pays for the AWS SDK.
  const { s3BlobStore } = await import('./blobs-s3.js');
  return s3BlobStore({ ...config, stagingDir: path.join(dataDir, 'tmp') });
}
