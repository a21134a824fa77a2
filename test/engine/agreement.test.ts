import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BinaryCounts, binaryAlpha, cohensKappa, percentAgreement } from '../../src/engine/agreement/binary.js';
import { type AgreementReport, type Coding, compareCodings, krippendorffAlphaNominal, type NominalValue } from '../../src/engine/agreement/index.js';

/** Reliability data are printed coders × units; the function takes units × coders. */
function unitsByCoders(codersByUnits: (NominalValue | null)[][]): (NominalValue | null)[][] {
  const units = Math.max(...codersByUnits.map((row) => row.length));
  return Array.from({ length: units }, (_, u) => codersByUnits.map((row) => row[u] ?? null));
}

const _ = null;

/** `n` unit ids u0 … u(n−1). */
function unitIds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `u${i}`);
}

/** A coding that applies `code` to the units whose flag is true. */
function codingOf(units: readonly string[], flags: readonly boolean[], code = 'yes'): Coding {
  return new Map(units.map((unit, i) => [unit, flags[i] ? [code] : []]));
}

/** Flags for a 2×2 table laid out as both, onlyA, onlyB, neither: [A's flags, B's flags]. */
function flagsOf(t: BinaryCounts): [boolean[], boolean[]] {
  const rows: [boolean, boolean][] = [
    ...Array<[boolean, boolean]>(t.both).fill([true, true]),
    ...Array<[boolean, boolean]>(t.onlyA).fill([true, false]),
    ...Array<[boolean, boolean]>(t.onlyB).fill([false, true]),
    ...Array<[boolean, boolean]>(t.neither).fill([false, false]),
  ];
  return [rows.map((r) => r[0]), rows.map((r) => r[1])];
}

describe('Krippendorff’s alpha (nominal), published examples', () => {
  it('reproduces Krippendorff’s own example with four coders and missing values: 0.743', () => {
    // Krippendorff, K. (2011). Computing Krippendorff's Alpha-Reliability. Annenberg School for
    // Communication, University of Pennsylvania (repository.upenn.edu/asc_papers/43), section C
    // "Nominal data, any number of observers, missing data": observers A–D × units 1–12, "." missing.
    // The paper gives α_nominal = 0.743.
    const data = unitsByCoders([
      [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _], // A
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3], // B
      [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _], // C
      [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _], // D
    ]);
    expect(krippendorffAlphaNominal(data)).toBeCloseTo(0.743, 3);
  });

  it('reproduces Wikipedia’s computational example with three coders: 0.691', () => {
    // Wikipedia, "Krippendorff's alpha", section "A computational example": coders A–C × units 1–15,
    // "*" missing; nominal α = 0.691.
    const data = unitsByCoders([
      [_, _, _, _, _, 3, 4, 1, 2, 1, 1, 3, 3, _, 3], // A
      [1, _, 2, 1, 3, 3, 4, 3, _, _, _, _, _, _, _], // B
      [_, _, 2, 1, 3, 4, 4, _, 2, 1, 1, 3, 3, _, 4], // C
    ]);
    expect(krippendorffAlphaNominal(data)).toBeCloseTo(0.691, 3);
  });

  it('reproduces Krippendorff’s binary example with two coders and nothing missing: 0.095, by every route', () => {
    // Krippendorff (2011), section A "Binary or dichotomous data, two observers, no missing data":
    // observers Ben and Gerry × units 1–10; coincidences o00 = 10, o01 = o10 = 4, o11 = 2; α = 0.095.
    const ben = [0, 1, 0, 0, 0, 0, 0, 0, 1, 0];
    const gerry = [1, 1, 1, 0, 0, 1, 0, 0, 0, 0];
    expect(krippendorffAlphaNominal(unitsByCoders([ben, gerry]))).toBeCloseTo(0.095, 3);
    expect(binaryAlpha({ both: 1, onlyA: 1, onlyB: 3, neither: 5 })).toBeCloseTo(0.095, 3);
    const units = unitIds(10);
    const report = compareCodings({
      units,
      a: codingOf(
        units,
        ben.map((v) => v === 1),
      ),
      b: codingOf(
        units,
        gerry.map((v) => v === 1),
      ),
    });
    expect(report.codes[0]!.counts).toEqual({ both: 1, onlyA: 1, onlyB: 3, neither: 5 });
    expect(report.codes[0]!.alpha).toBeCloseTo(0.095, 3);
  });
});

describe('Cohen’s kappa, textbook examples', () => {
  it('reproduces the 50 grant proposals read by two readers: po 0.7, pe 0.5, kappa 0.4', () => {
    // Wikipedia, "Cohen's kappa", section "Simple example": reader A and B said yes/yes 20,
    // A yes B no 5, A no B yes 10, no/no 15 → p_o = 0.70, p_e = 0.50, κ = 0.40.
    const table = { both: 20, onlyA: 5, onlyB: 10, neither: 15 };
    expect(percentAgreement(table)).toBeCloseTo(0.7, 3);
    expect(cohensKappa(table)).toBeCloseTo(0.4, 3);
    const units = unitIds(50);
    const [a, b] = flagsOf(table);
    const row = compareCodings({ units, a: codingOf(units, a), b: codingOf(units, b) }).codes[0]!;
    expect(row).toMatchObject({ codeA: 'yes', codeB: 'yes', counts: table });
    expect(row.percentAgreement).toBeCloseTo(0.7, 3);
    expect(row.kappa).toBeCloseTo(0.4, 3);
    expect(row.disagreements).toHaveLength(15);
  });

  it('reproduces the two tables with the same agreement and different kappas: 0.1304 and 0.2593', () => {
    // Wikipedia, "Cohen's kappa", section "Same percentages but different numbers": 100 items,
    // 60 agreements in both tables; (45, 15, 25, 15) → κ = 0.1304, (25, 35, 5, 35) → κ = 0.2593.
    expect(cohensKappa({ both: 45, onlyA: 15, onlyB: 25, neither: 15 })).toBeCloseTo(0.1304, 4);
    expect(cohensKappa({ both: 25, onlyA: 35, onlyB: 5, neither: 35 })).toBeCloseTo(0.2593, 4);
  });
});

describe('compareCodings', () => {
  const units = unitIds(10);

  /** x: both 3, onlyA 1, onlyB 1, neither 5; y: both 1, onlyB 2, neither 7 (units u0…u9). */
  const a: Coding = new Map([
    ['u0', ['x', 'y']],
    ['u1', ['x']],
    ['u2', ['x']],
    ['u3', ['x']],
  ]);
  const b: Coding = new Map([
    ['u0', ['x', 'y']],
    ['u1', ['x', 'y']],
    ['u2', ['x']],
    ['u4', ['x', 'y']],
  ]);

  it('gives each code its counts, figures and disagreements in unit order', () => {
    const report = compareCodings({ units, a, b });
    expect(report.units).toBe(10);
    const [x, y] = report.codes;
    expect(x).toMatchObject({ codeA: 'x', codeB: 'x', counts: { both: 3, onlyA: 1, onlyB: 1, neither: 5 }, percentAgreement: 0.8 });
    expect(x!.kappa).toBeCloseTo(28 / 48, 10);
    expect(x!.alpha).toBeCloseTo(1 - 38 / 96, 10);
    expect(x!.disagreements).toEqual([
      { unit: 'u3', appliedBy: 'a' },
      { unit: 'u4', appliedBy: 'b' },
    ]);
    expect(y).toMatchObject({ codeA: 'y', codeB: 'y', counts: { both: 1, onlyA: 0, onlyB: 2, neither: 7 } });
    expect(y!.kappa).toBeCloseTo(14 / 34, 10);
    expect(y!.alpha).toBeCloseTo(1 - 38 / 64, 10);
    expect(y!.disagreements).toEqual([
      { unit: 'u1', appliedBy: 'b' },
      { unit: 'u4', appliedBy: 'b' },
    ]);
  });

  it('gives the mean of the per-code figures and the figures of the summed table', () => {
    const { overall } = compareCodings({ units, a, b });
    expect(overall.codes).toBe(2);
    expect(overall.mean.percentAgreement).toBeCloseTo(0.8, 10);
    expect(overall.mean.kappa).toBeCloseTo((28 / 48 + 14 / 34) / 2, 10);
    expect(overall.mean.alpha).toBeCloseTo((1 - 38 / 96 + 1 - 38 / 64) / 2, 10);
    // Pooled: 20 decisions, both 4, onlyA 1, onlyB 3, neither 12; expected agreement (5·7 + 15·13)/400.
    expect(overall.pooled.counts).toEqual({ both: 4, onlyA: 1, onlyB: 3, neither: 12 });
    expect(overall.pooled.percentAgreement).toBeCloseTo(0.8, 10);
    expect(overall.pooled.kappa).toBeCloseTo(90 / 170, 10);
    expect(overall.pooled.alpha).toBeCloseTo(1 - (39 * 4) / (12 * 28), 10);
  });

  it('pairs codes as the researcher says and lists the codes left out', () => {
    const report = compareCodings({
      units,
      a: new Map([
        ['u0', ['Cost', 'Trust']],
        ['u1', ['Cost']],
      ]),
      b: new Map([
        ['u0', ['Price']],
        ['u2', ['Price', 'Speed']],
      ]),
      pairs: new Map([
        ['Cost', 'Price'],
        ['Unused', 'Also unused'],
      ]),
    });
    expect(report.codes.map((c) => [c.codeA, c.codeB])).toEqual([
      ['Cost', 'Price'],
      ['Unused', 'Also unused'],
    ]);
    expect(report.codes[0]!.counts).toEqual({ both: 1, onlyA: 1, onlyB: 1, neither: 7 });
    expect(report.unpairedA).toEqual(['Trust']);
    expect(report.unpairedB).toEqual(['Speed']);
  });

  it('gives no figure (null, not NaN) for a code neither coder applied, and leaves it out of the overall figures', () => {
    const report = compareCodings({ units, a, b, pairs: new Map([['nobody', 'nobody']]) });
    expect(report.codes[0]).toEqual({
      codeA: 'nobody',
      codeB: 'nobody',
      counts: { both: 0, onlyA: 0, onlyB: 0, neither: 10 },
      percentAgreement: null,
      kappa: null,
      alpha: null,
      disagreements: [],
    });
    expect(report.overall).toEqual({
      codes: 0,
      mean: { percentAgreement: null, kappa: null, alpha: null },
      pooled: { counts: { both: 0, onlyA: 0, onlyB: 0, neither: 0 }, percentAgreement: null, kappa: null, alpha: null },
    });
  });

  it('gives 1 where both coders applied a code to every unit (expected agreement 1, formula 0/0)', () => {
    const all = new Map(units.map((u) => [u, ['everywhere']]));
    const row = compareCodings({ units, a: all, b: all }).codes[0]!;
    expect(row).toMatchObject({ counts: { both: 10, onlyA: 0, onlyB: 0, neither: 0 }, percentAgreement: 1, kappa: 1, alpha: 1 });
  });

  it('answers an empty unit set with no codes and null figures', () => {
    expect(compareCodings({ units: [], a, b })).toEqual({
      units: 0,
      codes: [],
      overall: { codes: 0, mean: { percentAgreement: null, kappa: null, alpha: null }, pooled: expect.objectContaining({ kappa: null, alpha: null }) },
      unpairedA: [],
      unpairedB: [],
    });
    const paired = compareCodings({ units: [], a, b, pairs: new Map([['x', 'x']]) });
    expect(paired.codes[0]).toMatchObject({ counts: { both: 0, onlyA: 0, onlyB: 0, neither: 0 }, percentAgreement: null, kappa: null, alpha: null });
  });

  it('reads the codings only at the given units, each unit and each code once', () => {
    const report = compareCodings({
      units: ['u0', 'u1', 'u0'],
      a: new Map([
        ['u0', ['x', 'x']],
        ['elsewhere', ['x', 'z']],
      ]),
      b: new Map([['u1', ['x']]]),
    });
    expect(report.units).toBe(2);
    expect(report.codes.map((c) => c.codeA)).toEqual(['x']);
    expect(report.codes[0]!.counts).toEqual({ both: 0, onlyA: 1, onlyB: 1, neither: 0 });
  });
});

describe('krippendorffAlphaNominal, edge cases', () => {
  it('is null when no unit has two values, and 1 when every pairable value is the same', () => {
    expect(krippendorffAlphaNominal([])).toBeNull();
    expect(krippendorffAlphaNominal([['a', null], [null, 'b'], ['c']])).toBeNull();
    expect(
      krippendorffAlphaNominal([
        ['a', 'a', null],
        ['a', 'a'],
        ['b', null],
      ]),
    ).toBe(1);
  });

  it('tells 1 from "1"', () => {
    expect(
      krippendorffAlphaNominal([
        [1, '1'],
        [2, 2],
      ]),
    ).toBeLessThan(1);
  });
});

describe('properties', () => {
  const CODES = ['x', 'y', 'z'];
  /** Two codings of 1–40 units over three codes. */
  const twoCodings = fc
    .integer({ min: 1, max: 40 })
    .chain((n) => fc.tuple(fc.array(fc.subarray(CODES), { minLength: n, maxLength: n }), fc.array(fc.subarray(CODES), { minLength: n, maxLength: n })));
  const asCoding = (rows: string[][]): Coding => new Map(rows.map((codes, i) => [`u${i}`, codes]));
  const figuresOfEvery = (r: AgreementReport) => [...r.codes, r.overall.mean, r.overall.pooled];

  it('kappa and alpha are 1 for identical codings', () => {
    fc.assert(
      fc.property(twoCodings, ([rows]) => {
        const report = compareCodings({ units: unitIds(rows.length), a: asCoding(rows), b: asCoding(rows) });
        for (const f of figuresOfEvery(report)) {
          if (f.kappa === null) continue;
          expect(f.kappa).toBe(1);
          expect(f.alpha).toBe(1);
          expect(f.percentAgreement).toBe(1);
        }
        expect(report.codes.every((c) => c.disagreements.length === 0)).toBe(true);
      }),
    );
  });

  it('every figure is symmetric in the two coders', () => {
    fc.assert(
      fc.property(twoCodings, ([rowsA, rowsB]) => {
        const units = unitIds(rowsA.length);
        const ab = compareCodings({ units, a: asCoding(rowsA), b: asCoding(rowsB) });
        const ba = compareCodings({ units, a: asCoding(rowsB), b: asCoding(rowsA) });
        const left = figuresOfEvery(ab);
        const right = figuresOfEvery(ba);
        left.forEach((f, i) => {
          const g = right[i]!;
          for (const key of ['percentAgreement', 'kappa', 'alpha'] as const) {
            if (f[key] === null) expect(g[key]).toBeNull();
            else expect(g[key]).toBeCloseTo(f[key], 12);
          }
        });
        ab.codes.forEach((c, i) => {
          const d = ba.codes[i]!;
          expect(d.counts).toEqual({ both: c.counts.both, onlyA: c.counts.onlyB, onlyB: c.counts.onlyA, neither: c.counts.neither });
          expect(d.disagreements).toEqual(c.disagreements.map((x) => ({ unit: x.unit, appliedBy: x.appliedBy === 'a' ? 'b' : 'a' })));
        });
      }),
    );
  });

  it('kappa and alpha lie in [-1, 1], percent agreement is (both + neither) / units', () => {
    fc.assert(
      fc.property(twoCodings, ([rowsA, rowsB]) => {
        const report = compareCodings({ units: unitIds(rowsA.length), a: asCoding(rowsA), b: asCoding(rowsB) });
        for (const f of figuresOfEvery(report)) {
          for (const v of [f.kappa, f.alpha]) {
            if (v === null) continue;
            expect(v).toBeGreaterThanOrEqual(-1);
            expect(v).toBeLessThanOrEqual(1);
          }
        }
        for (const c of report.codes) {
          const { both, onlyA, onlyB, neither } = c.counts;
          expect(both + onlyA + onlyB + neither).toBe(rowsA.length);
          expect(c.percentAgreement).toBeCloseTo((both + neither) / rowsA.length, 12);
          expect(c.disagreements).toHaveLength(onlyA + onlyB);
        }
      }),
    );
  });

  it('the per-code alpha equals the general alpha of the two coders’ yes/no matrix', () => {
    fc.assert(
      fc.property(twoCodings, ([rowsA, rowsB]) => {
        const report = compareCodings({ units: unitIds(rowsA.length), a: asCoding(rowsA), b: asCoding(rowsB) });
        for (const c of report.codes) {
          const matrix = rowsA.map((codes, i) => [codes.includes(c.codeA) ? 1 : 0, rowsB[i]!.includes(c.codeB) ? 1 : 0]);
          expect(c.alpha).toBeCloseTo(krippendorffAlphaNominal(matrix)!, 12);
        }
      }),
    );
  });

  it('the general alpha does not depend on the order of the coders or the names of the categories', () => {
    const value = fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 4 });
    const matrix = fc.integer({ min: 2, max: 4 }).chain((coders) => fc.array(fc.array(value, { minLength: coders, maxLength: coders }), { maxLength: 25 }));
    fc.assert(
      fc.property(matrix, (rows) => {
        const alpha = krippendorffAlphaNominal(rows);
        const reversed = krippendorffAlphaNominal(rows.map((r) => [...r].reverse()));
        const renamed = krippendorffAlphaNominal(rows.map((r) => r.map((v) => (v === null ? null : `c${(v + 1) % 4}`))));
        if (alpha === null) {
          expect(reversed).toBeNull();
          expect(renamed).toBeNull();
        } else {
          expect(reversed).toBeCloseTo(alpha, 12);
          expect(renamed).toBeCloseTo(alpha, 12);
          expect(alpha).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});
