import yauzl from 'yauzl';
import { ExtractionError } from './types.js';

export interface ZipLimits {
  /** The most all entries together may inflate to. */
  maxUncompressedBytes: number;
  /** The most an entry past 1 MB may inflate, relative to its compressed size. */
  maxCompressionRatio: number;
}

const bomb = (message: string) => new ExtractionError('bomb', message);

/**
 * A zip container (.docx, .xlsx, .pptx, .odt, .qdpx) measured by what it inflates to, before any
 * parser opens it. Every entry of the central directory (the one parsers read, overlapping
 * entries included) is inflated and its bytes counted as they come, and the count stops at the
 * limit: the sizes an archive declares are never trusted (yauzl also refuses an entry that
 * inflates to more or less than it declares). Nothing inflated is kept, so the guard's memory
 * stays small whatever the archive holds. Written over yauzl, which streams each entry; fflate's
 * synchronous reader would inflate an entry whole before it could be counted.
 */
export async function guardZip(data: Uint8Array, limits: ZipLimits): Promise<void> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, z) => (err ? reject(err) : resolve(z))),
    );
  } catch {
    throw new ExtractionError('corrupt', 'the file is not a readable zip container');
  }
  let total = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      // Declared sizes can only refuse early, never admit: the counting below decides.
      if (total + entry.uncompressedSize > limits.maxUncompressedBytes) throw tooLarge(limits);
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));
      let own = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        own += chunk.length;
        total += chunk.length;
        if (total > limits.maxUncompressedBytes) {
          (stream as unknown as { destroy(): void }).destroy();
          throw tooLarge(limits);
        }
        if (own > 1_000_000 && own / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio) {
          (stream as unknown as { destroy(): void }).destroy();
          throw bomb(`the file ${entry.fileName} compresses suspiciously well (a decompression bomb?)`);
        }
      }
    }
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    // yauzl's words for an entry that inflates past the size it declares: a header that lies.
    if (err instanceof Error && /too many bytes in the stream/.test(err.message))
      throw bomb('an entry of the file inflates to more than it declares (a decompression bomb?)');
    throw new ExtractionError('corrupt', 'the file is not a readable zip container');
  } finally {
    zip.close();
  }
}

const tooLarge = (limits: ZipLimits) =>
  bomb(`the file expands to more than ${Math.round(limits.maxUncompressedBytes / (1024 * 1024))} MB (a decompression bomb?)`);

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (e: yauzl.Entry) => {
      cleanup();
      resolve(e);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
