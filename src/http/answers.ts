import type { FastifyReply } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import fastJson from 'fast-json-stringify';
import { answerChecker } from '../schema/validate.js';
import { REFERENCED_RECORDS } from '../schema/answers/records.js';

/** Raised only under SIFT_CHECK_ANSWERS: rendered as a 500 that says what differs, so the failing test shows it. */
export class AnswerMismatch extends Error {}

const checkers = new WeakMap<TSchema, (answer: unknown) => string | null>();
/** Read once: the environment is a slow look-up for every answer. The suite's own test switches it with `checkAnswers`. */
let checking = process.env.SIFT_CHECK_ANSWERS === '1';
export function checkAnswers(on: boolean): void {
  checking = on;
}

const serializers = new WeakMap<TSchema, (answer: unknown) => string>();

/**
 * An answer schema's serializer (fast-json-stringify, as Fastify builds it: the records answers
 * refer to by `$id` beside it), compiled once per schema for the whole process, so that a start
 * can compile search's before it says ready (Fastify compiles one per route at its first answer:
 * 20-30 ms of a start's first search).
 */
export function answerSerializer(schema: TSchema): (answer: unknown) => string {
  let serialize = serializers.get(schema);
  if (!serialize) {
    type Schema = Parameters<typeof fastJson>[0];
    const external = Object.fromEntries(REFERENCED_RECORDS.filter((r) => r.$id !== schema.$id).map((r) => [r.$id!, r as unknown as Schema]));
    serialize = fastJson(schema as unknown as Schema, { schema: external });
    serializers.set(schema, serialize);
  }
  return serialize;
}

/**
 * Sends an answer through its schema's serializer (answerSerializer): faster than JSON.stringify,
 * and nothing the schema does not list leaves the server. Under SIFT_CHECK_ANSWERS=1 (the test
 * suite) an answer that does not match is a 500 naming the mismatch, before anything could be trimmed.
 */
export function answerWith<T>(reply: FastifyReply, schema: TSchema, answer: T): T {
  checkAnswer(schema, answer);
  // A custom serializer leaves the content type unset: say it, as Fastify does for its own JSON.
  reply.type('application/json; charset=utf-8');
  reply.serializer(answerSerializer(schema));
  return answer;
}

/** Under SIFT_CHECK_ANSWERS=1, an answer that does not match its schema is an AnswerMismatch. */
function checkAnswer(schema: TSchema, answer: unknown): void {
  if (!checking) return;
  let check = checkers.get(schema);
  if (!check) {
    check = answerChecker(schema);
    checkers.set(schema, check);
  }
  const problem = check(answer);
  if (problem) throw new AnswerMismatch(`answer does not match its schema (${schema.title ?? 'answer'}): ${problem}`);
}

/**
 * An answer as JSON text, through its schema as answerWith sends it over HTTP: checked under
 * SIFT_CHECK_ANSWERS, and nothing the schema does not list leaves (MCP's tool results).
 */
export function answerText(schema: TSchema, answer: unknown): string {
  checkAnswer(schema, answer);
  return JSON.stringify(Value.Clean(schema, REFERENCED_RECORDS as unknown as TSchema[], structuredClone(answer)), null, 2);
}
