import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { guardZip } from '../../src/engine/extract/zip-guard.js';
import { extractText } from '../../src/engine/extract/index.js';
import { docx, understating, xlsx } from '../helpers/fixtures.js';

const LIMITS = { maxUncompressedBytes: 16 * 1024 * 1024, maxCompressionRatio: 200 };

describe('the zip guard measures what an archive inflates to', () => {
  it('lets honest Office files through', async () => {
    await expect(guardZip(docx(['An honest paragraph.']), LIMITS)).resolves.toBeUndefined();
    await expect(guardZip(await xlsx({ Sheet: [['a', 'b']] }), LIMITS)).resolves.toBeUndefined();
  });

  it('refuses entries whose headers understate what they inflate to, which a guard reading the headers let through', async () => {
    const honest = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': [new Uint8Array(8 * 1024 * 1024).fill(32), { level: 9 }] });
    const lying = understating(honest, 2000);
    await expect(guardZip(lying, LIMITS)).rejects.toMatchObject({ reason: 'bomb', message: expect.stringMatching(/more than it declares/) });
  });

  it('counts the bytes as they inflate: entries past the total are refused, however little each compresses', async () => {
    const entries = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`part${i}.bin`, crypto.randomBytes(6 * 1024 * 1024)]));
    await expect(guardZip(zipSync(entries), LIMITS)).rejects.toMatchObject({ reason: 'bomb', message: expect.stringMatching(/more than 16 MB/) });
    await expect(guardZip(zipSync(entries), { ...LIMITS, maxUncompressedBytes: 32 * 1024 * 1024 })).resolves.toBeUndefined();
  });

  it('refuses what is not a zip container as unreadable', async () => {
    await expect(guardZip(strToU8('PK but not really a zip'), LIMITS)).rejects.toMatchObject({ reason: 'corrupt' });
  });

  it('guards every zip format extraction opens, .xlsx included', async () => {
    const sheetBomb = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/worksheets/sheet1.xml': [new Uint8Array(30 * 1024 * 1024).fill(32), { level: 9 }],
    });
    await expect(extractText(sheetBomb, 'sheet.xlsx')).rejects.toMatchObject({ reason: 'bomb' });
    await expect(extractText(understating(sheetBomb, 1000), 'sheet.xlsx')).rejects.toMatchObject({ reason: 'bomb' });
  });
});
