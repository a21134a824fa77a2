import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * Where originals of uploads live. The filesystem store keeps them under the data folder;
 * API and worker processes that share a host (or a mounted volume) share it.
 */
export interface BlobStore {
  /** A path to stream a new upload into; `commit` makes it a blob, `discard` removes it. */
  stage(): { tmpPath: string; commit(key: string): Promise<void>; discard(): Promise<void> };
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Throws unless the store answers (for `/readyz`). */
  ready(): Promise<void>;
  close(): Promise<void>;
  /**
   * Removes staged files and blobs older than `olderThanMs` that `keep` does not claim: what a
   * process killed between storing a file and recording its document left behind. Answers how
   * many it removed.
   */
  sweep(olderThanMs: number, keep: (keys: string[]) => Promise<Set<string>>): Promise<number>;
}

/** Removes the files of a staging folder older than `before` (ms since the epoch); answers how many. */
export async function sweepStaging(dir: string, before: number): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    const p = path.join(dir, name);
    const st = await fsp.stat(p).catch(() => null);
    if (st?.isFile() && st.mtimeMs < before) {
      await fsp.rm(p, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Keys are sift's own (`<project>/<document>`); anything else is a bug, refused before it names a path or an object. */
export function checkBlobKey(key: string): string {
  if (!/^[A-Za-z0-9/_-]+$/.test(key) || key.includes('..') || key.startsWith('/')) throw new Error(`bad blob key ${key}`);
  return key;
}

export function fileBlobStore(root: string): BlobStore {
  const file = (key: string) => path.join(root, 'blobs', checkBlobKey(key));
  const tmpDir = path.join(root, 'tmp');
  return {
    stage() {
      fs.mkdirSync(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, crypto.randomUUID());
      return {
        tmpPath,
        async commit(key) {
          const dest = file(key);
          await fsp.mkdir(path.dirname(dest), { recursive: true });
          await fsp.rename(tmpPath, dest);
        },
        async discard() {
          await fsp.rm(tmpPath, { force: true });
        },
      };
    },
    async put(key, data) {
      const dest = file(key);
      await fsp.mkdir(path.dirname(dest), { recursive: true });
      await fsp.writeFile(dest, data);
    },
    get: (key) => fsp.readFile(file(key)),
    async delete(key) {
      await fsp.rm(file(key), { force: true });
    },
    async ready() {
      await fsp.mkdir(path.join(root, 'blobs'), { recursive: true });
      await fsp.access(path.join(root, 'blobs'), fs.constants.W_OK);
    },
    async close() {},
    async sweep(olderThanMs, keep) {
      const before = Date.now() - olderThanMs;
      let removed = await sweepStaging(tmpDir, before);
      const blobsDir = path.join(root, 'blobs');
      for (const project of await fsp.readdir(blobsDir).catch(() => [] as string[])) {
        const old: string[] = [];
        for (const name of await fsp.readdir(path.join(blobsDir, project)).catch(() => [] as string[])) {
          const st = await fsp.stat(path.join(blobsDir, project, name)).catch(() => null);
          if (st?.isFile() && st.mtimeMs < before) old.push(`${project}/${name}`);
        }
        if (old.length === 0) continue;
        const kept = await keep(old);
        for (const key of old) {
          if (kept.has(key)) continue;
          await fsp.rm(path.join(blobsDir, key), { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
