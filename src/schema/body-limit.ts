import type { TSchema } from '@sinclair/typebox';

/**
 * The longest JSON text a schema admits, from its bounds: strings count six bytes a character
 * (a `\u` escape), arrays their `maxItems`, objects every declared member. Infinity where a
 * string or array has no bound. A surface's body limit follows from its actions' largest, so
 * that an attacker cannot make sift parse (and list the faults of) a body no valid request needs.
 */
const NUMBER = 24;

export const maxJsonBytes = (schema: TSchema | Record<string, unknown>): number => largestBranch(schema, maxJsonBytes, bare);

/**
 * A bound over a schema's alternatives: the largest of its `anyOf`/`oneOf` branches, or of its
 * `allOf` parts and its own members; `own` bounds a schema without alternatives.
 */
function largestBranch(
  schema: TSchema | Record<string, unknown>,
  bound: (s: Record<string, unknown>) => number,
  own: (s: Record<string, unknown>) => number,
): number {
  const s = schema as Record<string, unknown>;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key] as Record<string, unknown>[] | undefined;
    if (branches) return Math.max(0, ...branches.map(bound));
  }
  // Parts of an allOf that only constrain (if/then, oneOf of `required`) add no member.
  if (Array.isArray(s.allOf)) return Math.max(0, ...(s.allOf as Record<string, unknown>[]).filter((p) => !constraintOnly(p)).map(bound), own(s));
  return own(s);
}

const constraintOnly = (s: Record<string, unknown>): boolean =>
  !('type' in s) &&
  !('properties' in s) &&
  !('enum' in s) &&
  !('const' in s) &&
  !('x-json-limits' in s) &&
  (['anyOf', 'oneOf', 'allOf'] as const).every((k) => !Array.isArray(s[k]) || (s[k] as Record<string, unknown>[]).every(constraintOnly));

const FORMAT_LENGTH: Record<string, number> = { uuid: 36, 'date-time': 40 };

function bare(s: Record<string, unknown>): number {
  const limits = s['x-json-limits'] as { maxBytes: number } | undefined;
  if (limits) return limits.maxBytes;
  if (Array.isArray(s.enum)) return Math.max(...(s.enum as unknown[]).map((v) => JSON.stringify(v).length));
  if ('const' in s) return JSON.stringify(s.const).length;
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  return Math.max(
    0,
    ...types.map((type) => {
      switch (type) {
        case 'string': {
          const max = typeof s.maxLength === 'number' ? s.maxLength : FORMAT_LENGTH[s.format as string];
          return max === undefined ? Infinity : 2 + 6 * max;
        }
        case 'integer':
        case 'number':
          return NUMBER;
        case 'boolean':
          return 5;
        case 'null':
          return 4;
        case 'array': {
          if (typeof s.maxItems !== 'number') return Infinity;
          const item = s.items ? maxJsonBytes(s.items as Record<string, unknown>) : Infinity;
          return 2 + s.maxItems * (item + 1);
        }
        case 'object': {
          const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
          if (s.additionalProperties !== false && s.additionalProperties !== undefined) return Infinity;
          return 2 + Object.entries(props).reduce((sum, [k, v]) => sum + JSON.stringify(k).length + 2 + maxJsonBytes(v), 0);
        }
        default:
          return Infinity;
      }
    }),
  );
}

/** No JSON body is ever larger (inline partner documents are the largest valid ones). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** White space between tokens is free in JSON; a pretty-printed valid body must still pass. */
const LAYOUT_SLACK = 2;
const FLOOR = 64 * 1024;

/** A surface's body limit: what its largest valid request needs, with room for layout, within `ceiling`. */
export function bodyLimitFor(actions: Record<string, TSchema>, ceiling: number): number {
  const largest = Math.max(...Object.values(actions).map(maxJsonBytes));
  return Math.min(ceiling, Math.max(FLOOR, Math.ceil(largest * LAYOUT_SLACK)));
}

/**
 * Each action's own limits: the bytes of its largest valid body (as `bodyLimitFor`, within
 * `ceiling`) and its most JSON values. A large body is held to its action's once its `action`
 * member is read (http/body-scan.ts), so that a 59 MB `create_project` is refused at its
 * action's 64 KB, not read to the surface's 60 MB.
 */
export function actionLimits(actions: Record<string, TSchema>, ceiling: number): Map<string, { bytes: number; values: number }> {
  return new Map(Object.entries(actions).map(([name, schema]) => [name, { bytes: bodyLimitFor({ [name]: schema }, ceiling), values: maxJsonValues(schema) }]));
}

/**
 * The most JSON values (scalars, arrays and objects, members' names not counted) a schema admits;
 * Infinity where an array has no bound. A body holding more is refused before it is parsed:
 * parsing a few megabytes of millions of tiny members costs a gigabyte of memory.
 */
export const maxJsonValues = (schema: TSchema | Record<string, unknown>): number => largestBranch(schema, maxJsonValues, bareValues);

function bareValues(s: Record<string, unknown>): number {
  const limits = s['x-json-limits'] as { maxBytes: number } | undefined;
  // A free value of n bytes holds at most one value every two bytes (`[1,1,…]`).
  if (limits) return Math.ceil(limits.maxBytes / 2);
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  return Math.max(
    1,
    ...types.map((type) => {
      if (type === 'array') {
        if (typeof s.maxItems !== 'number') return Infinity;
        return 1 + s.maxItems * (s.items ? maxJsonValues(s.items as Record<string, unknown>) : Infinity);
      }
      if (type === 'object') {
        if (s.additionalProperties !== false && s.additionalProperties !== undefined) return Infinity;
        return 1 + Object.values((s.properties ?? {}) as Record<string, Record<string, unknown>>).reduce((sum, v) => sum + maxJsonValues(v), 0);
      }
      return 1;
    }),
  );
}
