import { Type, type TSchema, type TObject, type TProperties, type Static, type TUnsafe } from '@sinclair/typebox';

/** A string enum emitted as `{type: string, enum: [...]}` (TypeBox's Union would emit anyOf of consts). */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A string with a maximum length and no minimum (ids and names as the spec bounds them). */
export const Str = (maxLength: number, minLength?: number, options: Record<string, unknown> = {}) =>
  Type.String({ maxLength, ...(minLength === undefined ? {} : { minLength }), ...options });

export const StrArray = (maxItems: number, itemMax: number, minItems?: number, itemMin?: number) =>
  Type.Array(Str(itemMax, itemMin), { maxItems, ...(minItems === undefined ? {} : { minItems }) });

/** An id input: any accepted form of the resource's id (UUID, counter form or short hash). */
export const Id = (description = 'id in any accepted form (short form or UUID)') => Str(200, undefined, { description });

/** A run's id (runs as things, docs/decisions.md): its UUID only. */
export const AnalysisId = Type.String({
  format: 'uuid',
  maxLength: 36,
  description: "a run's `id` from `start_analysis`, `get_project_status` or `get_project`",
});

/** Project id on the account and partner surfaces: `P`-prefixed short id or UUID, 1-255 chars. */
export const ProjectIdInput = Str(255, 1, { description: '`P`-prefixed short id or raw UUID of the project' });

export const LOCALES = ['en', 'ar', 'zh-CN', 'zh-TW', 'da', 'fi', 'fr', 'de', 'he', 'it', 'ja', 'ko', 'lt', 'no', 'pt', 'es', 'sv'] as const;
export const Locale = StringEnum(LOCALES, { description: 'project language; default `en`' });

export const ANALYSIS_GRANULARITIES = ['default', 'inclusive', 'overview'] as const;
export const AnalysisGranularity = StringEnum(ANALYSIS_GRANULARITIES, {
  description: '`default` (chunk by theme matrix), `overview` (top chunks per document), `inclusive` (per-document full scan)',
});

/**
 * Every integer has a bound, so that no value reaches a store column it cannot hold (PostgreSQL
 * integers are 32-bit). Credit amounts and balances stay within `MAX_CREDITS`.
 */
export const MAX_POSITION = 1_000_000;
export const MAX_CREDITS = 1_000_000_000;

export const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', maxLength: 7, description: '`#RRGGBB`' });

/** Bounds on a free JSON value (nesting depth, serialised size), checked by the `x-json-limits` keyword (schema/validate.ts). */
export interface JsonLimits {
  maxDepth: number;
  maxBytes: number;
}
export const JsonValue = (limits: JsonLimits, description?: string) => Type.Unknown({ 'x-json-limits': limits, ...(description ? { description } : {}) });

export const Filters = Type.Object(
  {
    tags: Type.Optional(StrArray(20, 200)),
    categories: Type.Optional(StrArray(20, 200)),
    metadata: Type.Optional(Type.Array(Type.Object({ field: Str(200), value: Str(1000) }, { additionalProperties: false }), { maxItems: 20 })),
    documentIds: Type.Optional(StrArray(50, 200)),
    excludeCategories: Type.Optional(StrArray(20, 200)),
    excludeTags: Type.Optional(StrArray(20, 200)),
  },
  {
    additionalProperties: false,
    title: 'Filters',
    description: 'Values inside one member are OR-ed, members are AND-ed, `exclude*` members remove. Tags and categories may be named by id or text.',
  },
);
export type FiltersInput = Static<typeof Filters>;

/** Builds one action's body schema: `action` fixed, unknown members refused. */
export function action<const A extends string, P extends TProperties>(
  name: A,
  properties: P,
  options: { description?: string; deprecated?: boolean; allOf?: unknown[] } = {},
) {
  return Type.Object(
    { action: Type.Literal(name), ...properties },
    {
      additionalProperties: false,
      ...(options.description ? { description: options.description } : {}),
      ...(options.deprecated ? { deprecated: true } : {}),
      ...(options.allOf ? { allOf: options.allOf } : {}),
    },
  );
}

/** A surface: its actions by name. */
export type ActionMap = Record<string, TObject>;

/** JSON Schema of a surface's body: a oneOf discriminated by `action` (validation form, no mapping). */
export function dispatcherSchema(actions: ActionMap): TSchema {
  return Type.Unsafe({
    type: 'object',
    required: ['action'],
    properties: { action: { type: 'string', enum: Object.keys(actions) } },
    discriminator: { propertyName: 'action' },
    oneOf: Object.values(actions),
  });
}
