import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quantise, VectorPack } from '../../src/engine/search/quantised.js';

const DIMS = 8;
const unit = (xs: number[]) => {
  const norm = Math.hypot(...xs) || 1;
  return Float32Array.from(xs, (x) => x / norm);
};
const vector = fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: DIMS, maxLength: DIMS }).map(unit);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

function packOf(vectors: Float32Array[]): VectorPack {
  const pack = new VectorPack(DIMS);
  // Two documents, as document_search stores them: each its chunks' compact vectors one after another.
  const half = Math.ceil(vectors.length / 2);
  [vectors.slice(0, half), vectors.slice(half)].forEach((part, d) => {
    const ids = part.map((_, n) => `d${d}:${n}`);
    pack.setDocument(`d${d}`, ids, Buffer.concat(part.map(quantise)));
  });
  return pack;
}

describe('compact vectors', () => {
  it('choose, of the ids given, the closest to a query first, by the cosine of their compact vectors', () => {
    fc.assert(
      fc.property(fc.array(vector, { minLength: 1, maxLength: 30 }), vector, fc.integer({ min: 1, max: 40 }), (vectors, query, limit) => {
        const pack = packOf(vectors);
        const ids = [...Array(vectors.length).keys()].map((i) => (i < Math.ceil(vectors.length / 2) ? `d0:${i}` : `d1:${i - Math.ceil(vectors.length / 2)}`));
        const chosen = pack.closestOf(query, [...ids, 'unknown'], limit);
        expect(chosen.length).toBe(Math.min(limit, ids.length + 1));
        const cosine = (id: string) => (id === 'unknown' ? Number.NEGATIVE_INFINITY : dot(query, pack.vector(id)!));
        for (let i = 1; i < chosen.length; i++) expect(cosine(chosen[i - 1]!)).toBeGreaterThanOrEqual(cosine(chosen[i]!) - 1e-6);
        // Nothing left out is closer than the last chosen.
        const last = cosine(chosen[chosen.length - 1]!);
        for (const id of ids.filter((x) => !chosen.includes(x))) expect(cosine(id)).toBeLessThanOrEqual(last + 1e-6);
      }),
    );
  });

  it("give an item's cosine to a query as the dot product of its compact vector, and none for an unknown item", () => {
    fc.assert(
      fc.property(fc.array(vector, { minLength: 1, maxLength: 30 }), vector, (vectors, query) => {
        const pack = packOf(vectors);
        for (const id of ['d0:0', `d1:${Math.floor(vectors.length / 2) - 1}`].filter((x) => pack.vector(x)))
          expect(pack.cosine(query, id)).toBe(query.reduce((s, x, d) => s + x * pack.vector(id)![d]!, 0));
        expect(pack.cosine(query, 'unknown')).toBeNull();
      }),
    );
  });

  it('find the items at or above a bar, closest first, within a quantisation step of the exact cosine', () => {
    fc.assert(
      fc.property(fc.array(vector, { minLength: 1, maxLength: 30 }), vector, (vectors, query) => {
        const pack = packOf(vectors);
        const found = pack.within(query, 0.3);
        for (let i = 1; i < found.length; i++) expect(found[i - 1]!.cosine).toBeGreaterThanOrEqual(found[i]!.cosine);
        for (const f of found) expect(f.cosine).toBeGreaterThanOrEqual(0.3);
        const exact = vectors.filter((v) => dot(query, v) >= 0.35).length;
        expect(found.length).toBeGreaterThanOrEqual(exact);
      }),
    );
  });
});

describe('compact vectors, several to an id (a chunk and its sentences)', () => {
  it('answer an id by its closest vector, once, and forget them all with its document', () => {
    fc.assert(
      fc.property(fc.array(fc.array(vector, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 }), vector, (chunks, query) => {
        const pack = new VectorPack(DIMS);
        // As search writes a document: each chunk's first vector, then the others under the same id.
        const ids = [...chunks.keys()].map((n) => `c${n}`);
        const order = [...ids, ...chunks.flatMap((vs, n) => vs.slice(1).map(() => ids[n]!))];
        const vectors = [...chunks.map((vs) => vs[0]!), ...chunks.flatMap((vs) => vs.slice(1))];
        pack.setDocument('d0', order, Buffer.concat(vectors.map(quantise)));
        const closest = (n: number) => Math.max(...chunks[n]!.map((v) => dot(query, v)));
        const all = pack.cosines(query, [...ids, 'unknown']);
        expect([...all.keys()].sort()).toEqual([...ids].sort());
        for (const [n, id] of ids.entries()) {
          expect(Math.abs(pack.cosine(query, id)! - closest(n))).toBeLessThan(0.02);
          expect(Math.abs(all.get(id)! - closest(n))).toBeLessThan(0.02);
        }
        const found = pack.within(query, -1);
        expect(found.map((h) => h.id).sort()).toEqual([...ids].sort());
        for (const h of found) expect(Math.abs(h.cosine - closest(Number(h.id.slice(1))))).toBeLessThan(0.02);
        pack.removeDocument('d0');
        expect(pack.cosine(query, ids[0]!)).toBeNull();
        expect(pack.within(query, -1)).toEqual([]);
      }),
    );
  });
});

describe('compact vectors of a large project', () => {
  it('are shortlisted by their signs and answer the closest above the bar as the exact scan does', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648 - 0.5;
    };
    // The built-in encoder's dimensions (fewer are scanned whole).
    const dims = 512;
    const unitOf = (v: Float32Array) => {
      const n = Math.hypot(...v) || 1;
      return v.map((x) => x / n);
    };
    const topic = unitOf(Float32Array.from({ length: dims }, random));
    // 12,000 chunks in 600 documents: 60 near the topic (cosines about 0.7-0.95), the rest at random (at most about 0.25).
    const vectors = Array.from({ length: 12_000 }, (_, i) =>
      unitOf(Float32Array.from({ length: dims }, (_, d) => (i % 200 === 7 ? topic[d]! * (6 + 2 * (i % 7)) : 0) + random())),
    );
    const pack = new VectorPack(dims);
    for (let d = 0; d < 600; d++)
      pack.setDocument(
        `d${d}`,
        Array.from({ length: 20 }, (_, n) => `${d * 20 + n}`),
        Buffer.concat(vectors.slice(d * 20, d * 20 + 20).map(quantise)),
      );
    const query = unitOf(topic.map((x) => x + 0.05 * random()));
    const exact = pack.within(query, 0.3).slice(0, 10);
    const bySigns = pack.within(query, 0.3, 10);
    expect(exact.length).toBe(10);
    expect(bySigns.map((h) => h.id)).toEqual(exact.map((h) => h.id));
    for (const h of bySigns) expect(Math.abs(h.cosine - dot(query, vectors[Number(h.id)]!))).toBeLessThan(0.01);
    // Of the documents given only.
    expect(pack.within(query, 0.3, 10, new Set(['d0', 'd10'])).every((h) => Number(h.id) < 20 || (Number(h.id) >= 200 && Number(h.id) < 220))).toBe(true);
  });
});

describe('compact vectors as documents come and go', () => {
  it('answer as a pack given only the documents that remain, in WebAssembly and in JavaScript alike', () => {
    const chunk = fc.array(vector, { minLength: 1, maxLength: 3 });
    const document = fc.array(chunk, { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(
        fc.array(document, { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        vector,
        (documents, removed, query) => {
          const set = (pack: VectorPack, d: number) => {
            const chunks = documents[d]!;
            const ids = chunks.map((_, n) => `d${d}:${n}`);
            const order = [...ids, ...chunks.flatMap((vs, n) => vs.slice(1).map(() => ids[n]!))];
            pack.setDocument(`d${d}`, order, Buffer.concat([...chunks.map((vs) => vs[0]!), ...chunks.flatMap((vs) => vs.slice(1))].map(quantise)));
          };
          const kept = [...documents.keys()].filter((d) => !removed[d]);
          const answers = (pack: VectorPack) => {
            const ids = documents.flatMap((chunks, d) => chunks.map((_, n) => `d${d}:${n}`));
            return {
              within: pack.within(query, -1),
              some: pack.within(query, 0, 2, new Set(['d0', 'd2'])),
              cosines: [...pack.cosines(query, ids)].sort(),
              cosine: ids.map((id) => pack.cosine(query, id)),
              size: pack.size,
            };
          };
          const fresh = new VectorPack(DIMS);
          for (const d of kept) set(fresh, d);
          for (const kernels of ['wasm', 'js'] as const) {
            // Every document, a question (the memory laid out), then some removed, one set again.
            const pack = new VectorPack(DIMS, kernels);
            for (const d of documents.keys()) set(pack, d);
            pack.within(query, 0);
            for (const d of documents.keys()) if (removed[d]) pack.removeDocument(`d${d}`);
            if (kept.length > 0) set(pack, kept[0]!);
            expect(answers(pack)).toEqual(answers(fresh));
          }
        },
      ),
    );
  });
});
