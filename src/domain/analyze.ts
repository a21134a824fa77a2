import type * as Chrono from 'chrono-node';
import { sql } from 'kysely';
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

/** The first day a text names in full (year, month and day certain), with how much of the text names it. */
/** chrono, loaded with the first `temporal` analysis rather than at start (it takes 170 ms to load). */
let chrono: typeof Chrono | null = null;
const loadChrono = async () => {
  chrono ??= await import('chrono-node');
};

function fullDate(text: string): { date: Date; share: number } | null {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(trimmed)) {
    const iso = Date.parse(trimmed);
    return Number.isNaN(iso) ? null : { date: new Date(iso), share: 1 };
  }
  for (const found of chrono!.parse(trimmed, new Date(Date.UTC(2000, 0, 1)))) {
    if (['year', 'month', 'day'].every((c) => found.start.isCertain(c as 'day')))
      return { date: found.start.date(), share: found.text.length / Math.max(1, trimmed.length) };
  }
  return null;
}

/** A metadata value that is a date: a day named in full, and little else ("2024-03-15", "May 2, 2024"). */
function dayOf(text: string): Date | null {
  const found = fullDate(text);
  return found && found.share >= 0.6 ? found.date : null;
}

/** How much of a document's start is read for a header. */
const HEADER_CHARS = 600;
const DATE_LABEL = /^(date|interview date|date of interview|when|datum|date de l'entretien|fecha|data)$/i;

/**
 * The day a transcript's header states, from its lines before the first turn: a line labelled as
 * a date ("Date: 3 March 2024"), or an unlabelled one naming a day ("Interview 7, 3 March 2024").
 * A labelled line of another kind is a turn, where the header ends, unless it names a place or a
 * time ("Location: Leeds").
 */
function headerDate(head: string): Date | null {
  for (const line of head.split('\n').slice(0, 8)) {
    if (!line.trim()) continue;
    const labelled = /^\s*([^:]{1,40}):\s*(.*)$/.exec(line);
    if (!labelled) {
      const d = fullDate(line);
      if (d) return d.date;
      continue;
    }
    const label = labelled[1]!.trim();
    if (DATE_LABEL.test(label)) return fullDate(labelled[2]!)?.date ?? null;
    if (!/^(time|location|place|venue|site|duration|length|project|study|session|ort|lieu|lugar|zeit|heure|hora)$/i.test(label) || labelled[2]!.length > 80)
      return null;
  }
  return null;
}

const monthOf = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

function parseDate(text: string, value: string | null): Date | null {
  for (const candidate of [value ? safeJson(value) : null, text]) {
    if (typeof candidate !== 'string' || candidate.trim() === '') continue;
    const iso = Date.parse(candidate);
    if (!Number.isNaN(iso)) return new Date(iso);
    const parsed = chrono!.parseDate(candidate, new Date(Date.UTC(2000, 0, 1)));
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
 * value of their documents; `temporal` counts them per month, dated by a date metadata field
 * (typed `date`, or whose every value names a day) when the document has one, else by the date
 * its header states, else by the document's creation date.
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

  await loadChrono();
  // A date field is one typed `date`, or one whose every value names a day ("2024-03-15", "May 2, 2024"):
  // researchers often keep an interview's date in a text field.
  const fields = await db.selectFrom('metadataFields').select(['id', 'valueType']).where('projectId', '=', scope.project.id).execute();
  const values = fields.length
    ? await db
        .selectFrom('metadataValues')
        .select(['documentId', 'fieldId', 'text', 'value'])
        .where('projectId', '=', scope.project.id)
        .where('text', '!=', '')
        .execute()
    : [];
  const typed = new Set(fields.filter((f) => f.valueType === 'date').map((f) => f.id));
  const untyped = new Set(fields.filter((f) => f.valueType !== 'date').map((f) => f.id));
  for (const v of values) if (untyped.has(v.fieldId) && !dayOf(v.text)) untyped.delete(v.fieldId);
  const dated = new Map<string, Date>();
  for (const v of values) {
    const d = typed.has(v.fieldId) ? parseDate(v.text, v.value) : untyped.has(v.fieldId) ? dayOf(v.text) : null;
    if (d && !dated.has(v.documentId)) dated.set(v.documentId, d);
  }
  // Else the date a transcript's header states ("Date: 3 March 2024"), read from its first lines.
  const undated = await db
    .selectFrom('documents')
    .select(['id', sql<string>`substr(text, 1, ${HEADER_CHARS})`.as('head')])
    .where('projectId', '=', scope.project.id)
    .execute();
  for (const d of undated) {
    if (dated.has(d.id) || !d.head) continue;
    const stated = headerDate(d.head);
    if (stated) dated.set(d.id, stated);
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
