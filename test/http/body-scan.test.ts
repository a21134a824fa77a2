import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BodyScanner, type ScanRules } from '../../src/http/body-scan.js';

/** JSON values as maxJsonValues counts them: scalars, arrays and objects, members' names not counted. */
const valuesOf = (v: unknown): number =>
  1 +
  (Array.isArray(v)
    ? v.reduce((n: number, x) => n + valuesOf(x), 0)
    : v && typeof v === 'object'
      ? Object.values(v).reduce((n: number, x) => n + valuesOf(x), 0)
      : 0);

const rules = (over: Partial<ScanRules> = {}): ScanRules => ({
  route: '/r',
  actions: null,
  schema: null,
  bytes: null,
  maxValues: Number.POSITIVE_INFINITY,
  actionLimits: () => null,
  ...over,
});

/** The verdict on `text` sent in pieces cut at `cuts` (fractions of its length). */
function scan(text: string, r: ScanRules, cuts: number[] = []) {
  const bytes = Buffer.from(text);
  const at = [...new Set(cuts.map((c) => Math.floor(c * bytes.length)))].sort((a, b) => a - b);
  const scanner = new BodyScanner(r);
  let from = 0;
  for (const to of [...at, bytes.length]) {
    const verdict = scanner.push(bytes.subarray(from, to));
    if (verdict) return verdict;
    from = to;
  }
  return null;
}

describe('a body checked as its bytes arrive', () => {
  it('counts exactly the JSON values of any body, however it is cut into pieces', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }), fc.boolean(), (value, cuts, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const n = valuesOf(JSON.parse(text));
        expect(scan(text, rules({ maxValues: n }), cuts)).toBeNull();
        expect(scan(text, rules({ maxValues: n - 1 }), cuts)).toMatchObject({ status: 413 });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a bounded string only when it certainly holds too many characters, escapes and all', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', maxLength: 3 } } };
    const pair = '\\ud83d\\ude00'; // one character in twelve bytes
    expect(scan(`{"a":"${pair.repeat(3)}"}`, rules({ schema }))).toBeNull();
    expect(scan(`{"a":"${pair.repeat(4)}"}`, rules({ schema }), [0.3, 0.31, 0.7])).toEqual({
      status: 400,
      path: '/a',
      message: 'must NOT have more than 3 characters',
    });
    // A member whose schema is not followed (not declared, or under a union) is left to the validator.
    expect(scan(`{"b":"${'x'.repeat(100)}"}`, rules({ schema }))).toBeNull();
    const union = { type: 'object', properties: { a: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] } } };
    expect(scan(`{"a":"${'x'.repeat(100)}"}`, rules({ schema: union }))).toBeNull();
  });

  it('reads the action wherever the pieces are cut, and holds the rest to its limits', () => {
    const actions = { small: { type: 'object', properties: { action: { const: 'small' }, name: { type: 'string', maxLength: 10 } } } };
    const r = rules({ actions, maxValues: 1000, actionLimits: (a) => (a === 'small' ? { bytes: 100, values: 3 } : null) });
    const body = '{"action":"small","name":"ok","x":1,"y":2}';
    for (let cut = 1; cut < body.length; cut++) {
      const scanner = new BodyScanner(r);
      expect(scanner.push(Buffer.from(body.slice(0, cut))) ?? scanner.push(Buffer.from(body.slice(cut)))).toEqual({
        status: 413,
        message: 'the body holds more than the 3 JSON values any valid request of its action (small) can',
      });
      expect(scanner.action).toBe('small');
      expect(scanner.mostBytes).toBe(100);
    }
    expect(scan('{"action":"big","name":"x"}', r)).toEqual({ status: 400, path: '/action', message: 'unknown action "big"' });
    expect(new BodyScanner(r, 5_000).push(Buffer.from('{"action":"small"'))).toEqual({
      status: 413,
      message: 'the body is larger than 100 bytes, the most any valid small request to /r needs',
    });
    // An escaped name is not guessed at: the validator reads it.
    expect(scan('{"act\\u0069on":"big"}', r)).toBeNull();
  });
});
