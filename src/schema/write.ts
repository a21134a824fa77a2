import { Type } from '@sinclair/typebox';
import { action, AnalysisGranularity, Color, Id, JsonValue, Str, StrArray, StringEnum } from './common.js';

/** A stored metadata value is read back by every reader of the project: bounded so that none can break its reads. */
const METADATA_VALUE_LIMITS = { maxDepth: 16, maxBytes: 16 * 1024 };

const NullableId = Type.Union([Str(200), Type.Null()]);

export const METADATA_VALUE_TYPES = ['authors', 'date', 'language', 'number', 'organization'] as const;

export const Theme = Type.Object({ name: Str(500, 1), description: Type.Optional(Str(4000)) }, { additionalProperties: false, title: 'Theme' });

/** `POST /api/sift-write`: project-scoped edit key. */
export const writeActions = {
  manage_insights: action(
    'manage_insights',
    {
      operation: StringEnum(['create', 'update', 'delete'] as const),
      categories: Type.Union([StrArray(100, 500), Str(500)], {
        description: 'categories of the insight, by id or text (an array, or one name); required by the specification on every operation',
      }),
      id: Type.Optional(Id()),
      insightIds: Type.Optional(StrArray(100, 200)),
      documentId: Type.Optional(Id()),
      text: Type.Optional(Str(2000, 1)),
      description: Type.Optional(Str(4000)),
      quotes: Type.Optional(StrArray(20, 4000, undefined, 1)),
    },
    { description: '`create` needs `text`; `update` needs `id`; `delete` takes `id` or `insightIds`.' },
  ),
  manage_categories: action(
    'manage_categories',
    {
      operation: StringEnum(['create', 'update', 'delete', 'merge'] as const),
      id: Type.Optional(Id()),
      text: Type.Optional(Str(500, 1)),
      description: Type.Optional(Str(4000)),
      parentId: Type.Optional(NullableId),
      categoryName: Type.Optional(Str(500)),
      deleteIfNotEmpty: Type.Optional(Type.Boolean()),
      categoryIds: Type.Optional(StrArray(100, 200, 2)),
      newName: Type.Optional(Str(500, 1)),
    },
    { description: '`create` needs `text`; `update`/`delete` name the category by `id` or `categoryName`; `merge` takes `categoryIds` and `newName`.' },
  ),
  categorize_insights: action(
    'categorize_insights',
    {
      operation: StringEnum(['assign', 'move', 'remove'] as const),
      insightIds: StrArray(100, 200, 1),
      categoryId: Id(),
    },
    { description: '`assign` adds the category, `move` replaces all categories with it, `remove` takes it away.' },
  ),
  manage_tags: action(
    'manage_tags',
    {
      operation: StringEnum(['create', 'update', 'delete', 'add_targets', 'remove_targets'] as const),
      id: Type.Optional(Id()),
      text: Type.Optional(Str(500, 1)),
      description: Type.Optional(Str(4000)),
      color: Type.Optional(Color),
      documentIds: Type.Optional(StrArray(1000, 200)),
      insightIds: Type.Optional(StrArray(1000, 200)),
      categoryIds: Type.Optional(StrArray(1000, 200)),
    },
    { description: '`add_targets`/`remove_targets` name the tag in `id` and the targets in `documentIds`, `insightIds`, `categoryIds`.' },
  ),
  create_note: action(
    'create_note',
    {
      targetType: StringEnum(['document', 'documentInsight', 'insightCategory'] as const),
      targetId: Id(),
      text: Str(10000, 1),
    },
    { description: 'A note on a document, an insight (`documentInsight`) or a category (`insightCategory`).' },
  ),
  manage_metadata_fields: action(
    'manage_metadata_fields',
    {
      operation: StringEnum(['create', 'update', 'delete'] as const),
      id: Type.Optional(Id()),
      text: Type.Optional(Str(500, 1)),
      shortName: Type.Optional(Str(200, 1)),
      description: Type.Optional(Str(4000)),
      parentId: Type.Optional(NullableId),
      valueType: Type.Optional(StringEnum(METADATA_VALUE_TYPES)),
      allowedValues: Type.Optional(StrArray(200, 500, undefined, 1)),
      answerSetOpen: Type.Optional(Type.Boolean()),
      fieldName: Type.Optional(Str(500)),
      deleteIfNotEmpty: Type.Optional(Type.Boolean()),
    },
    { description: '`create` needs `text`; `update`/`delete` name the field by `id` or `fieldName`.' },
  ),
  set_metadata_values: action(
    'set_metadata_values',
    {
      documentId: Id(),
      values: Type.Array(
        Type.Object(
          {
            fieldId: Str(200),
            text: Str(2000, 1),
            shortName: Type.Optional(Str(200, 1)),
            value: Type.Optional(
              JsonValue(
                METADATA_VALUE_LIMITS,
                `any JSON value, nested at most ${METADATA_VALUE_LIMITS.maxDepth} deep and at most ${METADATA_VALUE_LIMITS.maxBytes} bytes as JSON`,
              ),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 100 },
      ),
    },
    { description: 'Values outside a closed answer set are stored empty and listed in `refused`.' },
  ),
  start_analysis: action(
    'start_analysis',
    {
      type: StringEnum(['inductive', 'automatic', 'summaries', 'metadata_summaries'] as const),
      strictMode: Type.Optional(Type.Boolean()),
      analysisGranularity: Type.Optional(AnalysisGranularity),
      reconsiderSkipped: Type.Optional(Type.Boolean()),
    },
    { deprecated: true, description: 'Deprecated: use `start_analysis` on `/api/sift-account` (`inductive` there is `automatic`).' },
  ),
  start_predefined_analysis: action(
    'start_predefined_analysis',
    {
      themes: Type.Array(Theme, { minItems: 1, maxItems: 500 }),
      documentScope: StringEnum(['all', 'filtered'] as const, { default: 'all', description: '`filtered` whenever `metadataFilter` is passed' }),
      name: Type.Optional(Str(500)),
      metadataFilter: Type.Optional(Type.Array(Type.Object({ field: Str(500), value: Str(2000) }, { additionalProperties: false }), { maxItems: 100 })),
    },
    { description: 'Predefined analysis over the given themes; `metadataFilter` with `documentScope` `all` is refused (400).' },
  ),
};
