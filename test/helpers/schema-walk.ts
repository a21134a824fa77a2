/**
 * Walks an action's JSON Schema and derives, for every bounded member, a value exactly at the
 * bound (must validate) and one just past it (must fail at that member's JSON Pointer). Cases
 * come from the schema itself, so a new member or bound is covered without touching the tests.
 */
type S = Record<string, any>;

export interface BoundCase {
  /** JSON Pointer of the member the value sits at. */
  path: string;
  what: string;
  value: unknown;
  valid: boolean;
  /** Where a refusal must be reported (the member, or the array for item counts). */
  errorPath: string;
}

const UUID = '0b0c5a4e-8d1f-4c1e-9f1a-2b3c4d5e6f70';

/** The smallest value the schema accepts (required members only). */
export function minimalValue(s: S): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return minimalValue(s.anyOf[0]);
  if (s.oneOf) return minimalValue(s.oneOf[0]);
  switch (s.type) {
    case 'string':
      if (s.format === 'email') return 'a@example.com';
      if (s.format === 'uuid') return UUID;
      if (s.format === 'uri') return 'https://example.com/a.txt';
      if (s.pattern) return '#A1b2C3';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer':
    case 'number':
      return s.minimum ?? 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => minimalValue(s.items));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = minimalValue(s.properties[k]);
      return out;
    }
    default:
      return null;
  }
}

function stringCases(s: S, path: string): BoundCase[] {
  const out: BoundCase[] = [];
  const base = (n: number) => 'a'.repeat(n);
  if (s.enum) {
    for (const v of s.enum) out.push({ path, what: `enum ${v}`, value: v, valid: true, errorPath: path });
    out.push({ path, what: 'outside enum', value: 'zz-not-allowed', valid: false, errorPath: path });
    return out;
  }
  if (s.format === 'email') {
    if (s.maxLength) out.push({ path, what: 'email at maxLength', value: `${'a'.repeat(s.maxLength - 12)}@example.com`, valid: true, errorPath: path });
    if (s.maxLength) out.push({ path, what: 'email past maxLength', value: `${'a'.repeat(s.maxLength - 11)}@example.com`, valid: false, errorPath: path });
    out.push({ path, what: 'not an email', value: 'not-an-email', valid: false, errorPath: path });
    return out;
  }
  if (s.format === 'uuid') {
    out.push({ path, what: 'uuid', value: UUID, valid: true, errorPath: path }, { path, what: 'not a uuid', value: 'nope', valid: false, errorPath: path });
    return out;
  }
  if (s.pattern) {
    out.push(
      { path, what: 'pattern', value: '#A1b2C3', valid: true, errorPath: path },
      { path, what: 'off pattern', value: '#A1b2C', valid: false, errorPath: path },
    );
    return out;
  }
  const prefix = s.format === 'uri' ? 'https://example.com/' : '';
  if (s.format === 'uri') out.push({ path, what: 'not a uri', value: 'not a uri', valid: false, errorPath: path });
  if (s.maxLength !== undefined) {
    out.push({ path, what: `maxLength ${s.maxLength}`, value: prefix + base(s.maxLength - prefix.length), valid: true, errorPath: path });
    out.push({ path, what: `maxLength ${s.maxLength} + 1`, value: prefix + base(s.maxLength + 1 - prefix.length), valid: false, errorPath: path });
  }
  if (s.minLength !== undefined && s.minLength > 0 && !prefix) {
    out.push({ path, what: `minLength ${s.minLength}`, value: base(s.minLength), valid: true, errorPath: path });
    out.push({ path, what: `minLength ${s.minLength} - 1`, value: base(s.minLength - 1), valid: false, errorPath: path });
  }
  out.push({ path, what: 'wrong type', value: 12, valid: false, errorPath: path });
  return out;
}

/** Every bound of the schema at `path` and below. */
export function boundCases(s: S, path = ''): BoundCase[] {
  if (s.anyOf) {
    // A union (e.g. string or null, array or string): the bounds of each branch still hold.
    return s.anyOf.flatMap((b: S) => boundCases(b, path)).filter((c: BoundCase) => c.valid || c.what !== 'wrong type');
  }
  if (s.const !== undefined) return [];
  switch (s.type) {
    case 'string':
      return stringCases(s, path);
    case 'integer': {
      const out: BoundCase[] = [];
      if (s.minimum !== undefined)
        out.push(
          { path, what: `minimum ${s.minimum}`, value: s.minimum, valid: true, errorPath: path },
          { path, what: `minimum ${s.minimum} - 1`, value: s.minimum - 1, valid: false, errorPath: path },
        );
      if (s.maximum !== undefined)
        out.push(
          { path, what: `maximum ${s.maximum}`, value: s.maximum, valid: true, errorPath: path },
          { path, what: `maximum ${s.maximum} + 1`, value: s.maximum + 1, valid: false, errorPath: path },
        );
      out.push({ path, what: 'not an integer', value: 1.5, valid: false, errorPath: path });
      return out;
    }
    case 'boolean':
      return [
        { path, what: 'boolean', value: false, valid: true, errorPath: path },
        { path, what: 'not a boolean', value: 'yes', valid: false, errorPath: path },
      ];
    case 'array': {
      const out: BoundCase[] = [];
      const item = minimalValue(s.items);
      if (s.maxItems !== undefined) {
        out.push({ path, what: `maxItems ${s.maxItems}`, value: Array.from({ length: s.maxItems }, () => item), valid: true, errorPath: path });
        out.push({ path, what: `maxItems ${s.maxItems} + 1`, value: Array.from({ length: s.maxItems + 1 }, () => item), valid: false, errorPath: path });
      }
      if (s.minItems !== undefined && s.minItems > 0) {
        out.push({ path, what: `minItems ${s.minItems} - 1`, value: Array.from({ length: s.minItems - 1 }, () => item), valid: false, errorPath: path });
      }
      out.push({ path, what: 'not an array', value: {}, valid: false, errorPath: path });
      return [...out, ...boundCases(s.items, `${path}/${Math.max(0, (s.minItems ?? 1) - 1)}`)];
    }
    case 'object': {
      const out: BoundCase[] = [];
      if (path !== '') out.push({ path, what: 'not an object', value: 'x', valid: false, errorPath: path });
      if (s.additionalProperties === false)
        out.push({ path: `${path}/zzUnknownMember`, what: 'unknown member', value: 1, valid: false, errorPath: `${path}/zzUnknownMember` });
      for (const [k, sub] of Object.entries<S>(s.properties ?? {})) {
        if (k === 'action' && path === '') continue;
        out.push(...boundCases(sub, `${path}/${k}`));
      }
      return out;
    }
    default:
      return [];
  }
}

/** Places `value` at `pointer` in a copy of `body`, creating minimal containers on the way. */
export function placeAt(body: unknown, pointer: string, value: unknown, schema: S): unknown {
  const copy = structuredClone(body) as any;
  const keys = pointer.split('/').slice(1);
  let node = copy;
  let s: S = schema;
  for (let i = 0; i < keys.length - 1; i++) {
    const k = keys[i]!;
    s = s.anyOf ? (s.anyOf.find((b: S) => b.type === 'array' || b.type === 'object') ?? s.anyOf[0]) : s;
    const sub: S = s.type === 'array' ? s.items : s.properties[k];
    const next = sub.anyOf ? (sub.anyOf.find((b: S) => b.type === 'array' || b.type === 'object') ?? sub.anyOf[0]) : sub;
    if (node[k] === undefined || typeof node[k] !== 'object') node[k] = next.type === 'array' ? [] : minimalValue(next);
    if (next.type === 'array') {
      const idx = Number(keys[i + 1]);
      while (node[k].length <= idx) node[k].push(minimalValue(next.items));
    }
    node = node[k];
    s = next;
  }
  node[keys[keys.length - 1]!] = value;
  return copy;
}
