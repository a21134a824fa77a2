import * as chrono from 'chrono-node';
import type { ProjectScope } from './context.js';
import type { ReadBody } from '../schema/types.js';
import type { Row } from '../store/tables.js';
import { findCategoryByIdOrText } from './resolve.js';
import { notFound } from './errors.js';

/** The categories an `analyze` call is about: those named by id or name, else all of them. */
async function chosenCategories(scope: ProjectScope, body: ReadBody<'analyze'>): Promise<Row<'categories'>[]> {
  const db = scope.store.db;
  const names = [...(body.categoryIds ?? []), ...(body.categoryNames ?? [])];
  if (names.length === 0) return db.selectFrom('categories').selectAll().where('projectId', '=', scope.project.id).orderBy('createdAt').orderBy('id').execute();
  const out = new Map<string, Row<'categories'>>();
  for (const n of names) {
    const c = await findCategoryByIdOrText(db, scope.project.id, n);
    if (!c) throw notFound('category', n);
    out.set(c.id, c);
  }
  return [...out.values()];
}

/** Document of each (insight, category) pair for the chosen categories. */
async function pairs(scope: ProjectScope, categories: Row<'categories'>[]) {
  if (categories.length === 0) return [];
  return scope.store.db
    .selectFrom('insightCategories')
    .innerJoin('insights', 'insights.id', 'insightCategories.insightId')
    .select(['insightCategories.categoryId as categoryId', 'insights.documentId as documentId'])
    .where(
      'insightCategories.categoryId',
      'in',
      categories.map((c) => c.id),
    )
    .execute();
}

const monthOf = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

function parseDate(text: string, value: string | null): Date | null {
  for (const candidate of [value ? safeJson(value) : null, text]) {
    if (typeof candidate !== 'string' || candidate.trim() === '') continue;
    const iso = Date.parse(candidate);
    if (!Number.isNaN(iso)) return new Date(iso);
    const parsed = chrono.parseDate(candidate, new Date(Date.UTC(2000, 0, 1)));
    if (parsed) return parsed;
  }
  return null;
}
const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
};

/**
 * `analyze` (decisions §7): `metadata_distribution` counts insights per category per metadata
 * value of their documents; `temporal` counts them per month, dated by a `date` metadata field
 * when the document has one, else by the document's creation date.
 */
export async function analyzeProject(scope: ProjectScope, body: ReadBody<'analyze'>) {
  const db = scope.store.db;
  const categories = await chosenCategories(scope, body);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const links = await pairs(scope, categories);
  const count = new Map<string, number>();
  const bump = (key: string) => count.set(key, (count.get(key) ?? 0) + 1);

  if (body.type === 'metadata_distribution') {
    const fields = await db.selectFrom('metadataFields').selectAll().where('projectId', '=', scope.project.id).execute();
    const fieldById = new Map(fields.map((f) => [f.id, f]));
    const values = await db
      .selectFrom('metadataValues')
      .select(['documentId', 'fieldId', 'text'])
      .where('projectId', '=', scope.project.id)
      .where('text', '!=', '')
      .execute();
    const valuesByDoc = new Map<string, { fieldId: string; text: string }[]>();
    for (const v of values) valuesByDoc.set(v.documentId, [...(valuesByDoc.get(v.documentId) ?? []), v]);
    for (const l of links) for (const v of valuesByDoc.get(l.documentId ?? '') ?? []) bump(JSON.stringify([l.categoryId, v.fieldId, v.text]));
    const rows = [...count.entries()].map(([k, n]) => {
      const [categoryId, fieldId, value] = JSON.parse(k) as [string, string, string];
      const field = fieldById.get(fieldId)!;
      return {
        categoryId: byId.get(categoryId)!.shortId,
        category: byId.get(categoryId)!.text,
        fieldId: field.shortId,
        field: field.shortName,
        value,
        count: n,
      };
    });
    rows.sort((a, b) => a.category.localeCompare(b.category) || a.field.localeCompare(b.field) || b.count - a.count || a.value.localeCompare(b.value));
    return { type: body.type, rows };
  }

  const dateFields = await db.selectFrom('metadataFields').select('id').where('projectId', '=', scope.project.id).where('valueType', '=', 'date').execute();
  const dated = new Map<string, Date>();
  if (dateFields.length > 0) {
    const values = await db
      .selectFrom('metadataValues')
      .select(['documentId', 'text', 'value'])
      .where(
        'fieldId',
        'in',
        dateFields.map((f) => f.id),
      )
      .execute();
    for (const v of values) {
      const d = parseDate(v.text, v.value);
      if (d && !dated.has(v.documentId)) dated.set(v.documentId, d);
    }
  }
  const docs = await db.selectFrom('documents').select(['id', 'createdAt']).where('projectId', '=', scope.project.id).execute();
  const created = new Map(docs.map((d) => [d.id, new Date(d.createdAt)]));
  for (const l of links) {
    const when = dated.get(l.documentId ?? '') ?? created.get(l.documentId ?? '');
    if (when) bump(JSON.stringify([l.categoryId, monthOf(when)]));
  }
  const rows = [...count.entries()].map(([k, n]) => {
    const [categoryId, period] = JSON.parse(k) as [string, string];
    return { categoryId: byId.get(categoryId)!.shortId, category: byId.get(categoryId)!.text, period, count: n };
  });
  rows.sort((a, b) => a.period.localeCompare(b.period) || a.category.localeCompare(b.category));
  return { type: body.type, granularity: 'month', rows };
}
