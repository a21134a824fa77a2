import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countJsonValues } from '../../src/http/json-parse.js';

/** The values of a parsed JSON value: itself and, for a container, every value inside. */
const valuesOf = (v: unknown): number =>
  v !== null && typeof v === 'object' ? 1 + (Array.isArray(v) ? v : Object.values(v)).reduce((n: number, x) => n + valuesOf(x), 0) : 1;

describe('counting the values of a JSON body without parsing it', () => {
  it('counts exactly the values of any JSON text, however laid out, names and strings with commas and brackets included', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t'), (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(countJsonValues(text, Number.POSITIVE_INFINITY)).toBe(valuesOf(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
    expect(countJsonValues('{"a,[{": "x,}]\\"[,", "b": [ ], "c": {}}', 100)).toBe(4);
  });

  it('stops counting past its limit', () => {
    expect(countJsonValues(`[${'1,'.repeat(1_000_000)}1]`, 10)).toBe(11);
  });
});
