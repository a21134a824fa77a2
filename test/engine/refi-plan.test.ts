import { describe, expect, it, vi } from 'vitest';
import { strToU8, zipSync } from 'fflate';

// libxml2 (WebAssembly) runs out of memory on a 40 MB project.qde; a failed check is the archive's problem, a 400.
vi.mock('xmllint-wasm', () => ({
  validateXML: async () => {
    throw new Error('libxml2: out of memory');
  },
}));

const { planQdpx } = await import('../../src/engine/refi/plan.js');
const { QdpxError } = await import('../../src/engine/refi/read.js');

describe('reading a .qdpx', () => {
  it('turns a schema check that fails (libxml2 out of memory) into the archive problem it is', async () => {
    const archive = zipSync({ 'project.qde': strToU8('<?xml version="1.0"?><Project xmlns="urn:QDA-XML:project:1.0" name="x"/>') });
    const err = await planQdpx(archive).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QdpxError);
    expect((err as Error).message).toBe('project.qde could not be checked against QDA-XML 1.0 (libxml2: out of memory)');
  });
});
