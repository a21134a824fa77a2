import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkBlobKey, sweepStaging, type BlobStore } from './blobs.js';

export interface S3BlobOptions {
  bucket: string;
  /** Prepended to every key, e.g. `sift/` (empty for the bucket's root). */
  prefix: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Local folder where an upload is staged while its size, type and hash are checked. */
  stagingDir: string;
}

/** Parts of 8 MB, four in flight: a 50 MB upload is seven parts, at most 32 MB held at once. */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * Originals in any S3-compatible object store (AWS S3, MinIO, Ceph, R2, …), so that API and
 * worker processes on different hosts share them. An upload is staged on local disk while it is
 * checked (limits, magic bytes, hash), then streamed to the bucket as a multipart upload when
 * committed; a refused upload is discarded before anything reaches the bucket.
 */
export function s3BlobStore(opts: S3BlobOptions): BlobStore & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle,
    ...(opts.credentials ? { credentials: opts.credentials } : {}),
  });
  const Key = (key: string) => `${opts.prefix}${checkBlobKey(key)}`;
  const Bucket = opts.bucket;
  return {
    client,
    stage() {
      fs.mkdirSync(opts.stagingDir, { recursive: true });
      const tmpPath = path.join(opts.stagingDir, crypto.randomUUID());
      return {
        tmpPath,
        async commit(key) {
          const upload = new Upload({
            client,
            params: { Bucket, Key: Key(key), Body: fs.createReadStream(tmpPath) },
            partSize: PART_SIZE,
            queueSize: 4,
            leavePartsOnError: false,
          });
          await upload.done();
          await fsp.rm(tmpPath, { force: true });
        },
        async discard() {
          await fsp.rm(tmpPath, { force: true });
        },
      };
    },
    async put(key, data) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data }));
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
      if (!res.Body) throw new Error(`blob ${key} has no body`);
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async delete(key) {
      // Deleting a missing object succeeds in S3, as removing a missing file does here.
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async ready() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
    },
    async sweep(olderThanMs, keep) {
      const before = Date.now() - olderThanMs;
      let removed = await sweepStaging(opts.stagingDir, before);
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: opts.prefix, ContinuationToken: token }));
        const old = (page.Contents ?? [])
          .filter((o) => o.Key && o.LastModified && o.LastModified.getTime() < before)
          .map((o) => o.Key!.slice(opts.prefix.length))
          .filter((k) => /^[A-Za-z0-9/_-]+$/.test(k));
        if (old.length > 0) {
          const kept = await keep(old);
          for (const key of old) {
            if (kept.has(key)) continue;
            await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
            removed++;
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
  };
}
