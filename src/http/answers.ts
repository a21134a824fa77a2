import type { FastifyReply } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { answerChecker } from '../schema/validate.js';

/** Raised only under SIFT_CHECK_ANSWERS: rendered as a 500 that says what differs, so the failing test shows it. */
export class AnswerMismatch extends Error {}

const checkers = new WeakMap<TSchema, (answer: unknown) => string | null>();
const checking = () => process.env.SIFT_CHECK_ANSWERS === '1';

/**
 * Sends an answer through its schema's serializer (fast-json-stringify, compiled once per schema
 * by Fastify): faster than JSON.stringify, and nothing the schema does not list leaves the
 * server. Under SIFT_CHECK_ANSWERS=1 (the test suite) an answer that does not match is a 500
 * naming the mismatch, before anything could be trimmed.
 */
export function answerWith<T>(reply: FastifyReply, schema: TSchema, answer: T): T {
  if (checking()) {
    let check = checkers.get(schema);
    if (!check) {
      check = answerChecker(schema);
      checkers.set(schema, check);
    }
    const problem = check(answer);
    if (problem) throw new AnswerMismatch(`answer does not match its schema (${schema.title ?? 'answer'}): ${problem}`);
  }
  reply.serializer(reply.compileSerializationSchema(schema as Record<string, unknown>, '200'));
  return answer;
}
