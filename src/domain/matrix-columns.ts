import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { MAX_MATRIX_COLUMNS } from '../schema/matrix.js';
import { invalidField, notFound } from './errors.js';
import { fieldsNamed, normalizeMetadataValue } from './metadata-match.js';
import { findField, shortOf } from './resolve.js';
import type { ScopeDocument } from './matrix-scope.js';

/**
 * A matrix's columns other than codes (docs/decisions.md "Matrices"): participants, documents,
 * or the values of a metadata field. Each document falls in one column (a participant's column
 * holds what that participant said), and each column knows how many participants it holds.
 */

export interface Participant {
  document: ScopeDocument;
  /** The speaker's label; null: the document is its own participant. */
  speaker: string | null;
}

export interface MatrixColumn {
  id: string;
  label: string;
  documentId?: string;
  filename?: string;
  speaker?: string | null;
  value?: string | null;
  categoryId?: string;
  /** Participants it holds (null for a code column: those of its insights). */
  participants: number | null;
  /** Documents it holds (null for a code column: those of its insights). */
  documents: number | null;
}

export interface PartitionColumns {
  columns: MatrixColumn[];
  /** The column of a document's participant. */
  columnOf: (participant: number) => number;
  field?: { id: string; shortName: string; text: string };
}

export function tooManyColumns(count: number, hint: string, atLeast = false): never {
  throw invalidField(
    '/columns',
    `the matrix would have ${atLeast ? 'at least ' : ''}${count} columns, more than ${MAX_MATRIX_COLUMNS} (at most ${MAX_MATRIX_COLUMNS} columns): ${hint}`,
  );
}

export const FEWER_DOCUMENTS = 'name fewer documents in `documentIds`';

export function documentColumns(documents: readonly ScopeDocument[], participants: readonly Participant[]): PartitionColumns {
  if (documents.length > MAX_MATRIX_COLUMNS) tooManyColumns(documents.length, FEWER_DOCUMENTS);
  const index = new Map(documents.map((d, i) => [d.id, i]));
  const people = new Array<number>(documents.length).fill(0);
  for (const p of participants) people[index.get(p.document.id)!]!++;
  return {
    columns: documents.map((d, i) => ({
      id: shortOf.document(d),
      label: d.filename,
      documentId: shortOf.document(d),
      filename: d.filename,
      participants: people[i]!,
      documents: 1,
    })),
    columnOf: (p) => index.get(participants[p]!.document.id)!,
  };
}

export function participantColumns(participants: readonly Participant[]): PartitionColumns {
  if (participants.length > MAX_MATRIX_COLUMNS) tooManyColumns(participants.length, FEWER_DOCUMENTS);
  return {
    columns: participants.map(({ document, speaker }) => ({
      id: speaker === null ? shortOf.document(document) : `${shortOf.document(document)}:${speaker}`,
      label: speaker ?? document.filename,
      documentId: shortOf.document(document),
      filename: document.filename,
      speaker,
      participants: 1,
      documents: 1,
    })),
    columnOf: (p) => p,
  };
}

/** The field a request names: by id, else by short name, else by name. */
async function fieldOf(db: DbOrTx, projectId: string, name: string): Promise<Row<'metadataFields'>> {
  const byId = await findField(db, projectId, name);
  if (byId) return byId;
  const fields = await db.selectFrom('metadataFields').selectAll().where('projectId', '=', projectId).orderBy('createdAt').orderBy('id').execute();
  const named = fieldsNamed(fields, name)[0];
  if (!named) throw notFound('metadata field', name);
  return named;
}

/**
 * A column per value of the field among the documents in scope, values compared as metadata
 * filters compare them (letter case, white space and trailing punctuation aside): a closed answer
 * set's values first, in its order (used or not), then the others in natural order, then the
 * documents without a value where there are any.
 */
export async function metadataColumns(
  db: DbOrTx,
  project: Row<'projects'>,
  name: string,
  documents: readonly ScopeDocument[],
  participants: readonly Participant[],
): Promise<PartitionColumns> {
  const field = await fieldOf(db, project.id, name);
  const values = await db
    .selectFrom('metadataValues')
    .select(['documentId', 'text'])
    .where('projectId', '=', project.id)
    .where('fieldId', '=', field.id)
    .execute();
  const textOf = new Map(values.map((v) => [v.documentId, v.text]));
  const labels = new Map<string, string>();
  const declared = field.allowedValues ? (JSON.parse(field.allowedValues) as string[]) : [];
  const declaredKeys = [...new Set(declared.map(normalizeMetadataValue).filter(Boolean))];
  for (const v of declared) {
    const key = normalizeMetadataValue(v);
    if (key && !labels.has(key)) labels.set(key, v.trim());
  }
  const keyOfDocument = new Map<string, string>();
  for (const d of documents) {
    const text = textOf.get(d.id) ?? '';
    const key = normalizeMetadataValue(text);
    keyOfDocument.set(d.id, key);
    if (key && !labels.has(key)) labels.set(key, text.trim());
  }
  const collator = new Intl.Collator(project.locale, { numeric: true, sensitivity: 'base' });
  const rest = [...labels.keys()].filter((k) => !declaredKeys.includes(k)).sort((a, b) => collator.compare(labels.get(a)!, labels.get(b)!));
  const keys = [...declaredKeys, ...rest];
  if (documents.some((d) => keyOfDocument.get(d.id) === '')) keys.push('');
  if (keys.length > MAX_MATRIX_COLUMNS) tooManyColumns(keys.length, `the field has more values than that among the documents: ${FEWER_DOCUMENTS}`);
  const index = new Map(keys.map((k, i) => [k, i]));
  const people = new Array<number>(keys.length).fill(0);
  for (const p of participants) people[index.get(keyOfDocument.get(p.document.id)!)!]!++;
  const docs = new Array<number>(keys.length).fill(0);
  for (const d of documents) docs[index.get(keyOfDocument.get(d.id)!)!]!++;
  return {
    columns: keys.map((k, i) => ({
      id: k === '' ? '' : labels.get(k)!,
      label: k === '' ? '(no value)' : labels.get(k)!,
      value: k === '' ? null : labels.get(k)!,
      participants: people[i]!,
      documents: docs[i]!,
    })),
    columnOf: (p) => index.get(keyOfDocument.get(participants[p]!.document.id)!)!,
    field: { id: field.shortId, shortName: field.shortName, text: field.text },
  };
}

/** Whether a column of a metadata matrix is the one named (its value, compared as filters compare values). */
export function sameValue(column: MatrixColumn, input: string): boolean {
  return column.value !== undefined && (column.value === null ? input === '' : normalizeMetadataValue(column.value) === normalizeMetadataValue(input));
}
