import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { fileBlobStore, type BlobStore } from '../../src/store/blobs.js';
import { s3BlobStore } from '../../src/store/blobs-s3.js';

/** One contract for every blob store: the filesystem default and S3 (against a local s3rver). */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-blobs-'));
let s3rver: S3rver;
let endpoint = '';

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'sift-test', configs: [] }] });
  const { port } = (await s3rver.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const s3 = (prefix: string) =>
  s3BlobStore({
    bucket: 'sift-test',
    prefix,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    stagingDir: path.join(dir, `staging-${prefix.replace('/', '')}`),
  });

const adapters: { name: string; open(): BlobStore; stored(store: BlobStore): Promise<string[]> }[] = [
  {
    name: 'filesystem',
    open: () => fileBlobStore(path.join(dir, 'fs')),
    stored: async () => {
      const root = path.join(dir, 'fs', 'blobs');
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
    },
  },
  {
    name: 's3',
    open: () => s3('objects/'),
    stored: async (store) => {
      const { client } = store as ReturnType<typeof s3>;
      const listed = await client.send(new ListObjectsV2Command({ Bucket: 'sift-test', Prefix: 'objects/' }));
      return (listed.Contents ?? []).map((o) => o.Key!.slice('objects/'.length)).sort();
    },
  },
];

describe.each(adapters)('blob store: $name', (adapter) => {
  let blobs: BlobStore;
  beforeAll(() => {
    blobs = adapter.open();
  });
  afterAll(async () => blobs.close());

  it('answers ready, and gives back what was put', async () => {
    await blobs.ready();
    const data = crypto.randomBytes(1000);
    await blobs.put('p1/a', data);
    expect(Buffer.compare(await blobs.get('p1/a'), data)).toBe(0);
  });

  it('streams a staged upload in on commit (several parts past 8 MB), and keeps nothing of a discarded one', async () => {
    const big = crypto.randomBytes(17 * 1024 * 1024 + 123);
    const kept = blobs.stage();
    fs.writeFileSync(kept.tmpPath, big);
    await kept.commit('p1/big');
    expect(fs.existsSync(kept.tmpPath)).toBe(false);
    expect(
      crypto
        .createHash('sha256')
        .update(await blobs.get('p1/big'))
        .digest('hex'),
    ).toBe(crypto.createHash('sha256').update(big).digest('hex'));

    const refused = blobs.stage();
    fs.writeFileSync(refused.tmpPath, 'refused');
    await refused.discard();
    expect(fs.existsSync(refused.tmpPath)).toBe(false);
    expect(await adapter.stored(blobs)).toEqual(['p1/a', 'p1/big']);
  });

  it('deletes (a missing key too), and a deleted key can no longer be read', async () => {
    await blobs.delete('p1/big');
    await blobs.delete('p1/never-there');
    await expect(blobs.get('p1/big')).rejects.toThrow();
    expect(await adapter.stored(blobs)).toEqual(['p1/a']);
  });

  it('sweeps what a killed process left: staged files and blobs no document names, once they are old enough', async () => {
    await blobs.put('p2/known', new Uint8Array(3));
    await blobs.put('p2/orphan', new Uint8Array(3));
    const abandoned = blobs.stage();
    fs.writeFileSync(abandoned.tmpPath, 'half an upload');
    const keep = async (keys: string[]) => new Set(keys.filter((k) => k === 'p1/a' || k === 'p2/known'));
    expect(await blobs.sweep(3600_000, keep)).toBe(0);
    expect(await adapter.stored(blobs)).toEqual(['p1/a', 'p2/known', 'p2/orphan']);
    // Object stores date to the second.
    await new Promise((r) => setTimeout(r, 1100));
    expect(await blobs.sweep(0, keep)).toBe(2);
    expect(await adapter.stored(blobs)).toEqual(['p1/a', 'p2/known']);
    expect(fs.existsSync(abandoned.tmpPath)).toBe(false);
  });

  it('refuses keys that could name something outside its own space', async () => {
    for (const key of ['../x', '/etc/passwd', 'p1/../../x', 'a b', 'p1/a?x=1']) {
      await expect(Promise.resolve().then(() => blobs.put(key, new Uint8Array(1)))).rejects.toThrow(/bad blob key/);
    }
  });
});

describe('blob store: s3 readiness', () => {
  it('is not ready when the bucket does not exist', async () => {
    const missing = s3BlobStore({
      bucket: 'no-such-bucket',
      prefix: '',
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      stagingDir: path.join(dir, 'staging-missing'),
    });
    await expect(missing.ready()).rejects.toThrow();
    await missing.close();
  });
});
