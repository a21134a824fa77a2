import secureJsonParse from 'secure-json-parse';

/** Bodies longer than this (in bytes) are parsed and checked in a worker thread (body-thread.ts). */
export const OFF_THREAD_BYTES = 256 * 1024;
/**
 * Bodies longer than this are checked as they arrive (body-scan.ts) and answered with their
 * first problem only; shorter ones have every problem listed (validate.ts says why).
 */
export const CHECKED_AS_IT_ARRIVES_BYTES = 2 * 1024 * 1024;

class NulInBody extends Error {}

/** No text sift stores may hold a NUL character (PostgreSQL's text cannot): refused on both stores alike. */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000')))
    throw new NulInBody('the body must not contain a NUL character (\\u0000)');
  return value;
}

/** A body refused before its schema is looked at: a 400 whose message says why (errors.ts). */
export const badJson = (message: string) => Object.assign(new Error(message), { statusCode: 400, code: 'SIFT_BAD_JSON' });

/**
 * A request body's JSON, or a `badJson` error saying why it was refused: empty, a `__proto__`
 * or `constructor.prototype` member (never silently dropped), a NUL character, nesting too
 * deep to parse, or not JSON at all.
 */
export function parseJsonBody(text: string): unknown {
  if (text === '') throw badJson('the body must be a JSON object');
  try {
    // JSON can hold a NUL only as the escape \u0000: without one in the text, no reviver (which slows every parse) is needed.
    return secureJsonParse(text, text.includes('\\u0000') ? refuseNul : undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (err) {
    const poisoned = err instanceof SyntaxError && /prototype property|constructor property/i.test(err.message);
    throw badJson(
      err instanceof NulInBody
        ? err.message
        : poisoned
          ? 'the body must not contain a `__proto__` or `constructor.prototype` member'
          : err instanceof RangeError
            ? 'the body is nested too deeply'
            : 'the body is not valid JSON',
    );
  }
}

/**
 * How many JSON values a body holds, counted without parsing it (1, and one per comma and per
 * container that is not empty, outside strings); the count stops past `limit`. Written by hand:
 * it is a pass over characters, and the point is to not build the parsed value.
 */
export function countJsonValues(text: string, limit: number): number {
  let count = 1;
  for (let i = 0; i < text.length && count <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // A string: skip to its closing quote, escapes included.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 44) {
      count++;
    } else if (c === 123 || c === 91) {
      let j = i + 1;
      while (j < text.length && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 10 || text.charCodeAt(j) === 13 || text.charCodeAt(j) === 9)) j++;
      const next = text.charCodeAt(j);
      if (next !== 125 && next !== 93) count++;
    }
  }
  return count;
}
