import type { ProjectScope } from './context.js';
import type { WriteBody, ReadAnswer, WriteAnswer } from '../schema/types.js';
import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { newHashedRow, newId } from './ids.js';
import { nowIso } from './clock.js';
import { conflict, invalidField, notFound } from './errors.js';
import { findField, resolveDocument, resolveField } from './resolve.js';
import { fieldsNamed, normalizeMetadataValue } from './metadata-match.js';

/** Metadata fields (with optional closed answer sets) and their per-document values. */
const parse = (s: string | null): unknown => {
  if (s === null) return null;
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

function fieldView(f: Row<'metadataFields'>, byId: Map<string, Row<'metadataFields'>>) {
  return {
    id: f.shortId,
    text: f.text,
    shortName: f.shortName,
    description: f.description,
    parentId: f.parentId ? (byId.get(f.parentId)?.shortId ?? null) : null,
    valueType: f.valueType,
    allowedValues: f.allowedValues ? (JSON.parse(f.allowedValues) as string[]) : null,
    answerSetOpen: f.answerSetOpen === 1,
    createdAt: f.createdAt,
    updatedAt: f.updatedAt,
  };
}

const fieldsOf = (db: DbOrTx, projectId: string) =>
  db.selectFrom('metadataFields').selectAll().where('projectId', '=', projectId).orderBy('createdAt').orderBy('id').execute();

async function valueViews(db: DbOrTx, projectId: string, values: Row<'metadataValues'>[]) {
  const fields = new Map((await fieldsOf(db, projectId)).map((f) => [f.id, f]));
  const docs = new Map((await db.selectFrom('documents').select(['id', 'counter']).where('projectId', '=', projectId).execute()).map((d) => [d.id, d.counter]));
  // Values go with their field; one whose field was deleted between two reads is left out.
  return values.flatMap((v) => {
    const field = fields.get(v.fieldId);
    if (!field) return [];
    return [
      {
        documentId: `D${docs.get(v.documentId)}`,
        fieldId: field.shortId,
        field: field.shortName,
        text: v.text,
        shortName: v.shortName,
        value: parse(v.value),
        refused: v.refusedText === null && v.refusedShortName === null ? null : { text: v.refusedText, shortName: v.refusedShortName },
      },
    ];
  });
}

export async function getMetadata(scope: ProjectScope): Promise<ReadAnswer<'get_metadata'>> {
  const db = scope.store.db;
  const fields = await fieldsOf(db, scope.project.id);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const values = await db.selectFrom('metadataValues').selectAll().where('projectId', '=', scope.project.id).orderBy('createdAt').orderBy('id').execute();
  return { fields: fields.map((f) => fieldView(f, byId)), values: await valueViews(db, scope.project.id, values) };
}

/** A field named by id, or by `fieldName` matched like filters (short name first, then full name). */
async function namedField(db: DbOrTx, projectId: string, body: WriteBody<'manage_metadata_fields'>): Promise<Row<'metadataFields'>> {
  if (body.id) return resolveField(db, projectId, body.id);
  if (body.fieldName) {
    const [f] = fieldsNamed(await fieldsOf(db, projectId), body.fieldName);
    if (!f) throw notFound('metadata field', body.fieldName);
    return f;
  }
  throw invalidField('/id', `operation ${body.operation} needs the field's id or fieldName`);
}

async function parentOf(db: DbOrTx, projectId: string, parentId: string | null | undefined, self?: string): Promise<string | null | undefined> {
  if (parentId === undefined || parentId === null) return parentId;
  const parent = await resolveField(db, projectId, parentId);
  if (parent.id === self) throw invalidField('/parentId', 'a field cannot be its own parent');
  return parent.id;
}

export async function manageMetadataFields(scope: ProjectScope, body: WriteBody<'manage_metadata_fields'>): Promise<WriteAnswer<'manage_metadata_fields'>> {
  const projectId = scope.project.id;
  return scope.store.transaction(async (trx) => {
    const view = async (f: Row<'metadataFields'>) => ({ field: fieldView(f, new Map((await fieldsOf(trx, projectId)).map((x) => [x.id, x]))) });
    if (body.operation === 'create') {
      if (!body.text) throw invalidField('/text', 'creating a field needs its text');
      const field: Row<'metadataFields'> = {
        ...newHashedRow('F'),
        projectId,
        text: body.text,
        shortName: body.shortName ?? body.text.slice(0, 200),
        description: body.description ?? '',
        parentId: (await parentOf(trx, projectId, body.parentId)) ?? null,
        valueType: body.valueType ?? null,
        allowedValues: body.allowedValues ? JSON.stringify(body.allowedValues) : null,
        answerSetOpen: body.answerSetOpen ? 1 : 0,
      };
      await trx.insertInto('metadataFields').values(field).execute();
      return view(field);
    }
    const field = await namedField(trx, projectId, body);
    if (body.operation === 'update') {
      const parentId = await parentOf(trx, projectId, body.parentId, field.id);
      const set = {
        ...(body.text !== undefined ? { text: body.text } : {}),
        ...(body.shortName !== undefined ? { shortName: body.shortName } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(parentId !== undefined ? { parentId } : {}),
        ...(body.valueType !== undefined ? { valueType: body.valueType } : {}),
        ...(body.allowedValues !== undefined ? { allowedValues: JSON.stringify(body.allowedValues) } : {}),
        ...(body.answerSetOpen !== undefined ? { answerSetOpen: body.answerSetOpen ? 1 : 0 } : {}),
        updatedAt: nowIso(),
      };
      await trx.updateTable('metadataFields').set(set).where('id', '=', field.id).execute();
      return view({ ...field, ...set });
    }
    const used = await trx.selectFrom('metadataValues').select('id').where('fieldId', '=', field.id).limit(1).executeTakeFirst();
    if (used && !body.deleteIfNotEmpty) throw conflict(`the field ${field.shortId} has values; pass deleteIfNotEmpty to delete it with them`, 'not_empty');
    await trx.updateTable('metadataFields').set({ parentId: null }).where('parentId', '=', field.id).execute();
    await trx.deleteFrom('metadataValues').where('fieldId', '=', field.id).execute();
    await trx.deleteFrom('metadataFields').where('id', '=', field.id).execute();
    return { deleted: [field.shortId] };
  });
}

/** The answer set's own spelling of `input`, or null when a closed set refuses it. */
function inSet(field: Row<'metadataFields'>, input: string): { accepted: string | null } {
  const allowed = field.allowedValues ? (JSON.parse(field.allowedValues) as string[]) : null;
  if (!allowed || allowed.length === 0) return { accepted: input };
  const match = allowed.find((a) => normalizeMetadataValue(a) === normalizeMetadataValue(input));
  if (match !== undefined) return { accepted: match };
  return { accepted: field.answerSetOpen === 1 ? input : null };
}

/**
 * `set_metadata_values` (spec "Write" rule 1): a value a closed answer set refuses is stored
 * empty, listed in `refused` and recorded on the row; an accepted one in the set's spelling.
 */
export async function setMetadataValues(scope: ProjectScope, body: WriteBody<'set_metadata_values'>): Promise<WriteAnswer<'set_metadata_values'>> {
  const projectId = scope.project.id;
  return scope.store.transaction(async (trx) => {
    const doc = await resolveDocument(trx, projectId, body.documentId);
    const fields = await fieldsOf(trx, projectId);
    const refused: { fieldId: string; text?: string; shortName?: string }[] = [];
    for (const v of body.values) {
      const field = (await findField(trx, projectId, v.fieldId)) ?? fieldsNamed(fields, v.fieldId)[0];
      if (!field) throw notFound('metadata field', v.fieldId);
      const text = inSet(field, v.text);
      const shortName = v.shortName === undefined ? { accepted: null } : inSet(field, v.shortName);
      const refusal = {
        ...(text.accepted === null ? { text: v.text } : {}),
        ...(v.shortName !== undefined && shortName.accepted === null ? { shortName: v.shortName } : {}),
      };
      if (Object.keys(refusal).length > 0) refused.push({ fieldId: field.shortId, ...refusal });
      const row = {
        text: text.accepted ?? '',
        shortName: shortName.accepted,
        value: v.value === undefined ? null : JSON.stringify(v.value),
        refusedText: text.accepted === null ? v.text : null,
        refusedShortName: v.shortName !== undefined && shortName.accepted === null ? v.shortName : null,
        updatedAt: nowIso(),
      };
      // One statement, so that two concurrent transactions setting one value cannot both insert.
      await trx
        .insertInto('metadataValues')
        .values({ id: newId(), projectId, documentId: doc.id, fieldId: field.id, createdAt: row.updatedAt, ...row })
        .onConflict((oc) => oc.columns(['documentId', 'fieldId']).doUpdateSet(row))
        .execute();
    }
    const stored = await trx.selectFrom('metadataValues').selectAll().where('documentId', '=', doc.id).orderBy('createdAt').orderBy('id').execute();
    return { values: await valueViews(trx, projectId, stored), refused };
  });
}
