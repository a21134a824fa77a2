import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { dispatcherSchema } from './common.js';
import { SURFACES, type SurfaceName } from './surfaces.js';
import { UploadUrls } from './account.js';
import { REFERENCED_RECORDS } from './answers/records.js';
import type { FieldError } from '../domain/errors.js';
import type { JsonLimits } from './common.js';
import { maxJsonValues } from './body-limit.js';

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on .default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020, formats: string[]) => void;

/**
 * Our own Ajv, not Fastify's: Fastify's default removes unknown members silently, the
 * specification wants them refused. allErrors gives every field's problem at once.
 */
function makeAjv(allErrors = true): Ajv2020 {
  const ajv = new Ajv2020({ allErrors, discriminator: true, strict: true, strictRequired: false, coerceTypes: false, useDefaults: false });
  addFormats(ajv, ['email', 'uri', 'uuid', 'date-time']);
  ajv.addKeyword({ keyword: 'x-json-limits', schemaType: 'object', errors: true, validate: withinJsonLimits });
  return ajv;
}

/** Nesting depth of a JSON value, stopping as soon as it passes `limit` (so a hostile value costs little). */
function depthOver(value: unknown, limit: number, depth = 0): boolean {
  if (depth > limit) return true;
  if (typeof value !== 'object' || value === null) return false;
  for (const v of Array.isArray(value) ? value : Object.values(value)) if (depthOver(v, limit, depth + 1)) return true;
  return false;
}

type KeywordValidate = ((limits: JsonLimits, data: unknown) => boolean) & { errors?: Partial<ErrorObject>[] };
const withinJsonLimits: KeywordValidate = (limits, data) => {
  let message: string | null = null;
  if (depthOver(data, limits.maxDepth)) message = `must be nested at most ${limits.maxDepth} levels deep`;
  else if (JSON.stringify(data).length > limits.maxBytes) message = `must be at most ${limits.maxBytes} bytes as JSON`;
  withinJsonLimits.errors = message ? [{ keyword: 'x-json-limits', message, params: {} }] : [];
  return message === null;
};

// Made, and every validator compiled, at first use: compiling the surfaces' schemas took 0.3-0.7 s
// of a start, before the server could listen (serve compiles them once it listens: warmValidators).
let ajv: Ajv2020 | null = null;

export type Validator = (body: unknown) => { ok: true } | { ok: false; details: FieldError[]; message: string };

export function compileValidator(schema: TSchema, using?: Ajv2020): Validator {
  ajv ??= makeAjv();
  const fn: ValidateFunction = (using ?? ajv).compile(schema);
  return (body) => {
    if (fn(body)) return { ok: true };
    const all = toDetails(fn.errors ?? [], body);
    return { ok: false, details: all.slice(0, MAX_DETAILS), message: summarize(all, all.length) };
  };
}

const wholeValidators = new Map<SurfaceName, Validator>();
const actionValidators = new Map<string, Validator>();

/** One action's schema compiled (1-25 ms): with the discriminator, its errors are what the surface's union reports for it. */
export function actionValidator(surface: SurfaceName, action: string): Validator {
  const key = `${surface} ${action}`;
  let v = actionValidators.get(key);
  if (!v) {
    v = compileValidator(SURFACES[surface].actions[action]!);
    actionValidators.set(key, v);
  }
  return v;
}

/**
 * A surface's body checked by its action's schema, each compiled at its first use; a body whose
 * action is missing or unknown by the union of them all (compiled only then), which names it. A
 * surface's union took 20-130 ms to compile, which the first request of any action waited for.
 */
export function surfaceValidator(surface: SurfaceName): Validator {
  const actions = SURFACES[surface].actions;
  return (body) => {
    const action = isObject(body) ? body.action : undefined;
    if (typeof action === 'string' && Object.hasOwn(actions, action)) return actionValidator(surface, action)(body);
    let whole = wholeValidators.get(surface);
    if (!whole) {
      whole = compileValidator(dispatcherSchema(actions));
      wholeValidators.set(surface, whole);
    }
    return whole(body);
  };
}

/** A validator compiled at its first call. */
export function lazyValidator(schema: TSchema): Validator {
  let v: Validator | null = null;
  return (body) => {
    v ??= compileValidator(schema);
    return v(body);
  };
}

export const uploadUrlsValidator: Validator = lazyValidator(UploadUrls);

/**
 * Compiles every action's validator, one at a time (1-25 ms each), each when `schedule` runs it:
 * `serve` calls it once it listens, scheduling each while no request is being answered, so that
 * an action's first request seldom compiles its own. (A surface's whole union compiled at once,
 * 0.04-0.25 s, held the first /readyz behind it; compiled every 50 ms whatever came, the
 * compilations ran inside the first searches after a start, 1.5-2x as long as with none.)
 */
export function warmValidators(schedule: (step: () => void) => void): void {
  const pending = (Object.keys(SURFACES) as SurfaceName[]).flatMap((surface) =>
    Object.keys(SURFACES[surface].actions).map((action) => [surface, action] as const),
  );
  const next = () => {
    const item = pending.shift();
    if (item === undefined) return;
    actionValidator(...item);
    schedule(next);
  };
  schedule(next);
}

/** The bodies a route validates: a surface's dispatcher, or an upload's list of URLs. */
export type BodyKind = SurfaceName | 'uploadUrls';

/** The validator of a kind of body, listing every problem (up to MAX_DETAILS, the rest counted). */
export const bodyValidator = (kind: BodyKind): Validator => (kind === 'uploadUrls' ? uploadUrlsValidator : surfaceValidator(kind));

const maxValues = new Map<BodyKind, number>();
/** The most JSON values a valid body of this kind holds (body-limit.ts). */
export function maxValuesOf(kind: BodyKind): number {
  let n = maxValues.get(kind);
  if (n === undefined) {
    n = kind === 'uploadUrls' ? maxJsonValues(UploadUrls) : Math.max(...Object.values(SURFACES[kind].actions).map(maxJsonValues));
    maxValues.set(kind, n);
  }
  return n;
}

let firstOnly: Ajv2020 | null = null;
const firstProblemValidators = new Map<BodyKind, Validator>();
/**
 * A validator that stops at a body's first problem. Listing every problem of a body with
 * millions of members (each one not allowed) took tens of seconds and gigabytes; a large body is
 * checked so first (body-worker.ts), and only one of a few megabytes has every problem listed.
 */
export function firstProblemValidator(kind: BodyKind): Validator {
  let v = firstProblemValidators.get(kind);
  if (!v) {
    firstOnly ??= makeAjv(false);
    v = compileValidator(kind === 'uploadUrls' ? UploadUrls : dispatcherSchema(SURFACES[kind].actions), firstOnly);
    firstProblemValidators.set(kind, v);
  }
  return v;
}

/** At most this many problems are listed; the message counts the rest, so a body of a million faults answers briefly. */
export const MAX_DETAILS = 50;

function summarize(details: FieldError[], total: number): string {
  const first = details[0];
  if (!first) return 'invalid request body';
  const more = total > 1 ? ` (and ${total - 1} more)` : '';
  return `invalid request body: ${first.path || '/'} ${first.message}${more}`;
}

/** Turns Ajv's errors into `{path, message}` with paths pointing at the member at fault. */
function toDetails(errors: ErrorObject[], body: unknown): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  const push = (path: string, message: string) => {
    const key = `${path}\u0000${message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ path, message });
    }
  };
  const actionValue = isObject(body) ? body.action : undefined;
  for (const e of errors) {
    switch (e.keyword) {
      case 'discriminator':
      case 'if':
      case 'oneOf':
        // Summary errors of a branch whose real causes are listed separately.
        if (e.keyword === 'discriminator' && e.instancePath === '') {
          push('/action', actionValue === undefined ? 'is required' : `unknown action ${JSON.stringify(actionValue)}`);
        } else if (e.keyword === 'oneOf' && /allOf\/\d+\/oneOf$/.test(e.schemaPath)) {
          push(e.instancePath, 'needs exactly one of accountId and partnerId');
        }
        break;
      case 'additionalProperties':
        push(`${e.instancePath}/${escapePointer(String(e.params.additionalProperty))}`, 'is not an allowed member');
        break;
      case 'required':
        // The "required" inside a oneOf alternative is reported by the oneOf summary instead.
        if (/allOf\/\d+\/oneOf\/\d+\/required$/.test(e.schemaPath)) break;
        push(`${e.instancePath}/${escapePointer(String(e.params.missingProperty))}`, 'is required');
        break;
      case 'false schema':
        push(e.instancePath, 'is not allowed with this type');
        break;
      case 'enum':
        if (e.instancePath === '/action' && e.schemaPath === '#/properties/action/enum') {
          push('/action', actionValue === undefined ? 'is required' : `unknown action ${JSON.stringify(actionValue)}`);
        } else {
          push(e.instancePath, `must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`);
        }
        break;
      default:
        push(e.instancePath, e.message ?? 'is invalid');
    }
  }
  if (!isObject(body)) return [{ path: '', message: 'must be a JSON object' }];
  return out.length ? out : [{ path: '', message: 'is invalid' }];
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks an answer against its schema, every object closed: the contract suite runs with this
 * on (SIFT_CHECK_ANSWERS=1), so an answer with a member its schema lacks, or without one it
 * promises, fails there instead of being trimmed silently by the serializer. One Ajv per schema:
 * each registers the records answers refer to by `$id`.
 */
export function answerChecker(schema: TSchema): (answer: unknown) => string | null {
  const checker = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  for (const record of REFERENCED_RECORDS) checker.addSchema(record);
  const fn = checker.compile(schema);
  return (answer) => (fn(answer) ? null : checker.errorsText(fn.errors, { dataVar: 'answer' }));
}
