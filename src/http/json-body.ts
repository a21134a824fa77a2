import type { FastifyInstance } from 'fastify';
import secureJsonParse from 'secure-json-parse';

class NulInBody extends Error {}

/** No text sift stores may hold a NUL character (PostgreSQL's text cannot): refused on both stores alike. */
function refuseNul(key: string, value: unknown): unknown {
  if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000')))
    throw new NulInBody('the body must not contain a NUL character (\\u0000)');
  return value;
}

const badJson = (message: string) => Object.assign(new Error(message), { statusCode: 400, code: 'SIFT_BAD_JSON' });

/**
 * sift's JSON body parser. Fastify's own answers every failure as "not valid JSON"; this one
 * says why a body was refused: a `__proto__` or `constructor.prototype` member (never silently
 * dropped), a NUL character, nesting too deep to parse.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // A DELETE needs no body, whatever content type a client library sends with it.
    if (body === '') return req.method === 'DELETE' ? done(null, undefined) : done(badJson('the body must be a JSON object'), undefined);
    try {
      done(null, secureJsonParse(body as string, refuseNul, { protoAction: 'error', constructorAction: 'error' }));
    } catch (err) {
      const poisoned = err instanceof SyntaxError && /prototype property|constructor property/i.test(err.message);
      done(
        badJson(
          err instanceof NulInBody
            ? err.message
            : poisoned
              ? 'the body must not contain a `__proto__` or `constructor.prototype` member'
              : err instanceof RangeError
                ? 'the body is nested too deeply'
                : 'the body is not valid JSON',
        ),
        undefined,
      );
    }
  });
}
