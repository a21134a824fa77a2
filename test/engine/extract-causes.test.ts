import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { extractText, ExtractionError } from '../../src/engine/extract/index.js';

describe('a file its parser cannot read', () => {
  it("fails with a note for its owner, and keeps what the parser said as the error's cause for the operator's log", async () => {
    // A zip container that is no Word document: the DOCX parser fails on it with an error of its own.
    const notWord = zipSync({ 'hello.txt': strToU8('not a document') });
    const err = await extractText(notWord, 'report.docx').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as ExtractionError).message).toBe('the DOCX file could not be read');
    const cause = (err as ExtractionError).cause as Error;
    expect(cause).toBeInstanceOf(Error);
    // mammoth's own words: the container has no main document part.
    expect(cause.message).toMatch(/word\/document\.xml|main document/i);
  });

  it('a PDF whose structure is broken: the same, with what the PDF library said', async () => {
    const err = (await extractText(strToU8('%PDF-1.4\n1 0 obj << /Type /Catalog >> garbage'), 'report.pdf').catch((e: unknown) => e)) as ExtractionError;
    expect(err).toBeInstanceOf(ExtractionError);
    expect(err.message).toBe('the PDF file could not be read');
    expect((err.cause as Error).message).toMatch(/\w/);
  });
});
