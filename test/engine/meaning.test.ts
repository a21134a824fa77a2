import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { subwordRows } from '../../src/engine/meaning/subword.js';
import { sharedNeighbours } from '../../src/engine/meaning/neighbours.js';
import { denseThemes } from '../../src/engine/analysis/dense-themes.js';
import { unitMeaning } from '../../src/engine/analysis/unit-meaning.js';
import { strongest } from '../../src/engine/analysis/themes.js';
import type { SparseRows } from '../../src/engine/analysis/nmf.js';

const norm = (r: SparseRows['rows'][number]) => Math.sqrt(r.vals.reduce((s, v) => s + v * v, 0));
const cosine = (a: SparseRows['rows'][number], b: SparseRows['rows'][number]) => {
  const at = new Map(Array.from(a.cols, (c, i) => [c, a.vals[i]!]));
  return Array.from(b.cols, (c, i) => (at.get(c) ?? 0) * b.vals[i]!).reduce((s, v) => s + v, 0);
};

describe('sub-word rows', () => {
  it('link words that share a part (compounds), and drop what links to nothing', () => {
    const x = subwordRows([
      ['eingewöhnungszeit', 'kita'],
      ['eingewöhnung', 'woche'],
      ['mittagessen', 'küche'],
      ['essen', 'zucker'],
    ]);
    for (const r of x.rows) expect(norm(r)).toBeCloseTo(1, 6);
    expect(cosine(x.rows[0]!, x.rows[1]!)).toBeGreaterThan(0.5);
    expect(cosine(x.rows[2]!, x.rows[3]!)).toBeGreaterThan(0.3);
    expect(cosine(x.rows[0]!, x.rows[2]!)).toBe(0);
    // "<kit", "woch", … occur in one text only: no column of their own.
    expect(x.columns).toBeLessThan(20);
    expect(subwordRows([['only'], ['other']]).rows.every((r) => r.cols.length === 0)).toBe(true);
  });
});

describe('shared neighbours', () => {
  const dense = (vs: number[][]) => vs.map((v) => Float32Array.from(v, (z) => z / Math.hypot(...v)));

  it('takes neighbours from other documents only, at most k, and the best one as the text’s own weight', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.float({ min: Math.fround(0.01), max: 1, noNaN: true }),
            fc.float({ min: Math.fround(0.01), max: 1, noNaN: true }),
            fc.integer({ min: 0, max: 3 }),
          ),
          {
            minLength: 2,
            maxLength: 30,
          },
        ),
        fc.integer({ min: 1, max: 6 }),
        (points, k) => {
          const docs = points.map(([, , d]) => `doc${d}`);
          const x = sharedNeighbours([{ dense: dense(points.map(([a, b]) => [a, b])) }], docs, k);
          expect(x.columns).toBe(points.length);
          const several = new Set(docs).size > 1;
          x.rows.forEach((r, i) => {
            expect(norm(r)).toBeCloseTo(1, 5);
            const others = Array.from(r.cols).filter((c) => c !== i);
            expect(others.length).toBeLessThanOrEqual(k);
            expect(r.cols).toContain(i);
            if (several) for (const c of others) expect(docs[c]).not.toBe(docs[i]);
            const own = r.vals[Array.from(r.cols).indexOf(i)]!;
            if (others.length > 0) expect(own).toBeCloseTo(Math.max(...Array.from(r.vals)), 6);
          });
        },
      ),
      { numRuns: 50 },
    );
  });

  it('lets texts that are near the same texts elsewhere meet, and looks within the document when there is only one', () => {
    // Two subjects, each told in two documents: a text's neighbours are the other document's texts on its subject.
    const views = [
      {
        dense: dense([
          [1, 0.1],
          [0.1, 1],
          [0.9, 0.2],
          [0.2, 0.9],
        ]),
      },
    ];
    const x = sharedNeighbours(views, ['a', 'a', 'b', 'b'], 1);
    expect(Array.from(x.rows[0]!.cols).sort()).toEqual([0, 2]);
    expect(Array.from(x.rows[1]!.cols).sort()).toEqual([1, 3]);
    const alone = sharedNeighbours(views, ['a', 'a', 'a', 'a'], 1);
    expect(Array.from(alone.rows[0]!.cols).sort()).toEqual([0, 2]);
  });
});

describe('themes of rows of meaning', () => {
  it('groups texts by the neighbours they share across documents, the same for the same seed', () => {
    // Three subjects, each told once in each of six documents, in words of its own and some shared ones.
    const subjects = [
      ['opening', 'hours', 'closed', 'evening', 'thursday'],
      ['app', 'ebook', 'download', 'renew', 'phone'],
      ['quiet', 'noise', 'desk', 'study', 'revise'],
    ];
    const units = [];
    const terms: string[][] = [];
    const texts: string[] = [];
    for (let d = 0; d < 6; d++)
      for (const words of subjects) {
        units.push({ documentId: `d${d}`, sentences: [units.length] });
        terms.push([...words.filter((_, i) => (i + d) % 5 !== 0), 'library', `speaker${d}`]);
        texts.push(terms.at(-1)!.join(' '));
      }
    const x = unitMeaning(units, { texts, terms, vecs: terms.map(() => new Map()), vocab: [] }, 'de');
    const sparse = terms.map((t) => new Map(t.map((w) => [w, 1 / Math.sqrt(t.length)])));
    const found = denseThemes(x, sparse, { min: 2, max: 5 }, 42);
    expect(denseThemes(x, sparse, { min: 2, max: 5 }, 42)).toEqual(found);
    const themeOf = found.loadings.map(strongest);
    for (let s = 0; s < 3; s++) {
      const mine = themeOf.filter((_, n) => n % 3 === s);
      expect(new Set(mine).size).toBe(1);
      expect(mine[0]).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(themeOf).size).toBe(3);
  });
});

describe('the English word vectors shipped with sift', () => {
  it('load from assets/ (a checkout without them would analyse English on word statistics alone, and worse)', async () => {
    const { wordVectors, dot } = await import('../../src/engine/meaning/word-vectors.js');
    const vectors = wordVectors('en');
    expect(vectors).not.toBeNull();
    expect(vectors!.dims).toBe(100);
    const [bus, train, cake] = ['bus', 'train', 'cake'].map((w) => vectors!.get(w)!);
    expect(dot(bus!, train!)).toBeGreaterThan(dot(bus!, cake!));
  });
});
