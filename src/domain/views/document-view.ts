import type { DbOrTx } from '../../store/store.js';
import type { Row } from '../../store/tables.js';
import { shortOf } from '../resolve.js';
import { groupBy, inBatches } from '../../store/in-batches.js';
import { tagLabelsOf, type TagLabel } from './tag-labels.js';

/** A metadata value as it appears on a document (and in `get_metadata`). */
export interface MetadataValueView {
  fieldId: string;
  /** The field's short name. */
  field: string;
  text: string;
  shortName: string | null;
  value: unknown;
  /** The answer a closed answer set refused, kept so an editor can show it. */
  refused: { text: string | null; shortName: string | null } | null;
}

export interface DocumentView {
  id: string;
  filename: string;
  status: Row<'documents'>['status'];
  pipeline: Row<'documents'>['pipeline'];
  creditCost: number | null;
  wordCount: number | null;
  error: string | null;
  /** The earlier document of the project with the same content (the same bytes uploaded again). */
  duplicateOf?: string;
  tags: TagLabel[];
  metadata: MetadataValueView[];
  createdAt: string;
  updatedAt: string;
}

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const numberOrNull = (n: number | null) => (n === null ? null : Number(n));

/** Metadata values of the given documents, keyed by document UUID, in field creation order. */
async function metadataOf(db: DbOrTx, documentIds: readonly string[]): Promise<Map<string, MetadataValueView[]>> {
  const rows = await inBatches(documentIds, (slice) =>
    db
      .selectFrom('metadataValues')
      .innerJoin('metadataFields', 'metadataFields.id', 'metadataValues.fieldId')
      .select([
        'metadataValues.documentId as documentId',
        'metadataValues.text as text',
        'metadataValues.shortName as shortName',
        'metadataValues.value as value',
        'metadataValues.refusedText as refusedText',
        'metadataValues.refusedShortName as refusedShortName',
        'metadataFields.id as fieldUuid',
        'metadataFields.shortId as fieldShortId',
        'metadataFields.shortName as fieldName',
        'metadataFields.createdAt as fieldCreatedAt',
      ])
      .where('metadataValues.documentId', 'in', slice)
      .execute(),
  );
  rows.sort((a, b) => a.fieldCreatedAt.localeCompare(b.fieldCreatedAt) || a.fieldUuid.localeCompare(b.fieldUuid));
  const grouped = groupBy(rows, (r) => r.documentId);
  return new Map(
    [...grouped].map(([doc, list]) => [
      doc,
      list.map((r) => ({
        fieldId: r.fieldShortId,
        field: r.fieldName,
        text: r.text,
        shortName: r.shortName,
        value: parseJson(r.value),
        refused: r.refusedText === null && r.refusedShortName === null ? null : { text: r.refusedText, shortName: r.refusedShortName },
      })),
    ]),
  );
}

/** Document records for the read surface, in the order given, with their tags and metadata values. */
/** The columns a document record is made of (never the text). */
export type DocumentListRow = Pick<
  Row<'documents'>,
  'id' | 'counter' | 'filename' | 'status' | 'pipeline' | 'creditCost' | 'wordCount' | 'error' | 'createdAt' | 'updatedAt' | 'duplicateOf'
>;

export async function documentViews(db: DbOrTx, docs: readonly DocumentListRow[]): Promise<DocumentView[]> {
  const ids = docs.map((d) => d.id);
  const earlierIds = [...new Set(docs.flatMap((d) => (d.duplicateOf ? [d.duplicateOf] : [])))];
  const [tags, metadata, earlier] = await Promise.all([
    tagLabelsOf(db, 'document', ids),
    metadataOf(db, ids),
    earlierIds.length ? db.selectFrom('documents').select(['id', 'counter']).where('id', 'in', earlierIds).execute() : Promise.resolve([]),
  ]);
  const earlierShort = new Map(earlier.map((e) => [e.id, shortOf.document(e)]));
  return docs.map((d) => ({
    id: shortOf.document(d),
    filename: d.filename,
    status: d.status,
    pipeline: d.pipeline,
    creditCost: numberOrNull(d.creditCost),
    wordCount: numberOrNull(d.wordCount),
    error: d.error,
    ...(d.duplicateOf && earlierShort.has(d.duplicateOf) ? { duplicateOf: earlierShort.get(d.duplicateOf) } : {}),
    tags: tags.get(d.id) ?? [],
    metadata: metadata.get(d.id) ?? [],
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  }));
}
