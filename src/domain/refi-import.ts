import type { Store, Tx } from '../store/store.js';
import type { BlobStore } from '../store/blobs.js';
import type { Row } from '../store/tables.js';
import type { ImportPlan } from '../engine/refi/read.js';
import { createProject, nextCounter, projectViewRaw } from './projects.js';
import { categoryRow } from './category-rows.js';
import { createPendingDocuments, documentViewRaw, sha256 } from './documents.js';
import { invalidField } from './errors.js';
import { newHashedRow, newId } from './ids.js';
import { nowIso } from './clock.js';
import { insertInsights } from './analysis-results.js';
import { insertNote } from './notes.js';

/**
 * A REFI-QDA archive (`.qdpx`) brought in as a new project (docs/decisions.md, "REFI-QDA"). The
 * archive is checked whole, in a worker thread, before anything is stored: the zip guard, `project.qde` against the
 * QDA-XML 1.0 schema, every source file present and every selection inside its text; a problem
 * is a 400 naming the first one, and nothing is created. Then, in one transaction: the project,
 * codes as categories, text sources as `pending` documents (priced and confirmed as uploads
 * are), notes, metadata fields and values, and tags. A document's codings wait in
 * `imported_codings` and become insights when it is ready (`materialiseImportedCodings`): one per
 * insight note (selections sharing one, as sift exports them) or per selection, quoting the coded
 * text verbatim.
 */
export interface ImportedCoding {
  quotes: { quote: string; start: number }[];
  categoryIds: string[];
  text: string;
  description: string;
  tagIds: string[];
  notes: string[];
}

const clip = (s: string, n: number) => (s.length <= n ? s : s.slice(0, n));

/** The archive, read and checked; its problems as a 400 on `/file`. */
export async function planImport(data: Uint8Array): Promise<ImportPlan> {
  // The archive's reader (unzip, XML parser, schema check) loads at the first import, not with the server.
  const [{ planQdpxInThread }, { QdpxError }] = await Promise.all([import('../engine/refi/plan-thread.js'), import('../engine/refi/read.js')]);
  try {
    return await planQdpxInThread(data);
  } catch (err) {
    if (err instanceof QdpxError) throw invalidField('/file', err.message, { cause: err });
    throw err;
  }
}

/** A note from the archive, where it has text (REFI-QDA allows empty ones; sift's notes are never empty). */
async function noteFrom(trx: Tx, projectId: string, targetType: Row<'notes'>['targetType'], targetId: string, text: string, authorUserId: string | null) {
  if (text.trim()) await insertNote(trx, projectId, targetType, targetId, clip(text, 10000), authorUserId);
}

/** Selections that share their first note are one insight (sift's export writes an insight's quotes so); others stand alone. */
function codingsOf(
  plan: ImportPlan,
  source: ImportPlan['sources'][number],
  categoryOf: Map<string, string>,
  tagsOfNote: Map<string, string[]>,
): ImportedCoding[] {
  const byNote = new Map<string, ImportedCoding>();
  const out: ImportedCoding[] = [];
  for (const s of source.selections) {
    const [first, ...rest] = s.notes.filter((n) => plan.notes.has(n));
    const categoryIds = [...new Set(s.codes.map((c) => categoryOf.get(c)).filter((c): c is string => !!c))];
    const existing = first ? byNote.get(first) : undefined;
    if (existing) {
      existing.quotes.push({ quote: s.quote, start: s.start });
      existing.categoryIds = [...new Set([...existing.categoryIds, ...categoryIds])];
      continue;
    }
    const note = first ? plan.notes.get(first)!.text : '';
    const [text = '', ...description] = note.split('\n\n');
    const coding: ImportedCoding = {
      quotes: [{ quote: s.quote, start: s.start }],
      categoryIds,
      text: clip(text.trim() || s.quote.trim(), 2000),
      description: clip(description.join('\n\n'), 4000),
      tagIds: first ? (tagsOfNote.get(first) ?? []) : [],
      notes: rest.map((n) => plan.notes.get(n)!.text),
    };
    if (first) byNote.set(first, coding);
    out.push(coding);
  }
  return out;
}

export async function importQdpx(
  store: Store,
  blobs: BlobStore,
  who: { accountId: string; userId: string },
  plan: ImportPlan,
  opts: { name?: string; locale?: string },
) {
  // PDF and DOCX originals are stored first, under the project's id to be; any failure after removes them.
  const projectId = newId();
  const originals = plan.files.map((f) => ({ ...f, blobKey: `${projectId}/${newId()}` }));
  for (const f of originals) await blobs.put(f.blobKey, f.bytes);
  const discard = () => Promise.all(originals.map((f) => blobs.delete(f.blobKey).catch(() => undefined)));
  return writeProject(store, projectId, originals, who, plan, opts).catch(async (err: unknown) => {
    await discard();
    throw err;
  });
}

function writeProject(
  store: Store,
  projectId: string,
  originals: (ImportPlan['files'][number] & { blobKey: string })[],
  who: { accountId: string; userId: string },
  plan: ImportPlan,
  opts: { name?: string; locale?: string },
) {
  return store.transaction(async (trx) => {
    const project = await createProject(trx, {
      id: projectId,
      accountId: who.accountId,
      ownerUserId: who.userId,
      name: clip(opts.name ?? plan.name, 255),
      locale: opts.locale,
      description: clip(plan.description, 2000),
    });
    // Codes come parents first; their rows are written hundreds to a statement, since one
    // statement each held the store for a second on 20,000 codes.
    const categoryOf = new Map<string, string>();
    const categoryRows = plan.codes.map((c) => {
      const row = categoryRow(project.id, {
        text: clip(c.name.trim() || 'Code', 500),
        description: clip(c.description, 4000),
        parentId: c.parent ? (categoryOf.get(c.parent) ?? null) : null,
      });
      categoryOf.set(c.guid, row.id);
      return row;
    });
    for (let i = 0; i < categoryRows.length; i += 500)
      await trx
        .insertInto('categories')
        .values(categoryRows.slice(i, i + 500))
        .execute();
    const documents = await createPendingDocuments(trx, project, [
      ...plan.sources.map((s) => ({
        filename: clip(s.name, 500),
        blobKey: null,
        mimeType: 'text/plain',
        sizeBytes: Buffer.byteLength(s.text),
        sourceUrl: null,
        text: s.text,
      })),
      ...originals.map((f) => ({
        filename: clip(f.filename, 500),
        blobKey: f.blobKey,
        mimeType: f.mimeType,
        sizeBytes: f.bytes.length,
        sourceUrl: null,
        contentHash: sha256(f.bytes),
      })),
    ]);
    const documentOf = new Map([...plan.sources, ...originals].map((s, i) => [s.guid, documents[i]!.id]));

    const tagsOfNote = new Map<string, string[]>();
    const tagNames = new Set<string>();
    for (const set of plan.sets) {
      const tag = {
        ...newHashedRow('T'),
        projectId: project.id,
        text: clip(set.name.trim() || 'Set', 200),
        description: clip(set.description, 2000),
        color: null,
      };
      // Tag names are unique in a project (case-insensitive): a repeated set name keeps its first tag.
      if (tagNames.has(tag.text.toLowerCase())) continue;
      tagNames.add(tag.text.toLowerCase());
      await trx.insertInto('tags').values(tag).execute();
      const targets = [
        ...set.codes.flatMap((c) => (categoryOf.has(c) ? [{ targetType: 'category' as const, targetId: categoryOf.get(c)! }] : [])),
        ...set.sources.flatMap((s) => (documentOf.has(s) ? [{ targetType: 'document' as const, targetId: documentOf.get(s)! }] : [])),
      ];
      const distinct = [...new Map(targets.map((t) => [`${t.targetType}:${t.targetId}`, t])).values()];
      if (distinct.length > 0)
        await trx
          .insertInto('tagTargets')
          .values(distinct.map((t) => ({ ...t, tagId: tag.id, projectId: project.id })))
          .execute();
      for (const n of set.notes) tagsOfNote.set(n, [...(tagsOfNote.get(n) ?? []), tag.id]);
    }

    for (const f of originals) {
      for (const n of f.notes) await noteFrom(trx, project.id, 'document', documentOf.get(f.guid)!, plan.notes.get(n)?.text ?? '', who.userId);
    }
    for (const source of plan.sources) {
      const documentId = documentOf.get(source.guid)!;
      for (const n of source.notes) await noteFrom(trx, project.id, 'document', documentId, plan.notes.get(n)?.text ?? '', who.userId);
      const codings = codingsOf(plan, source, categoryOf, tagsOfNote);
      if (codings.length > 0)
        await trx
          .insertInto('importedCodings')
          .values({ documentId, projectId: project.id, codings: JSON.stringify(codings), createdAt: nowIso() })
          .execute();
    }
    for (const [code, notes] of plan.codeNotes) {
      for (const n of notes) await noteFrom(trx, project.id, 'insightCategory', categoryOf.get(code)!, plan.notes.get(n)?.text ?? '', who.userId);
    }
    for (const n of plan.projectNotes) {
      const note = plan.notes.get(n);
      if (!note?.text.trim()) continue;
      const now = nowIso();
      await trx
        .insertInto('memos')
        .values({
          id: newId(),
          projectId: project.id,
          counter: await nextCounter(trx, project.id, 'memoCounter'),
          kind: 'memo',
          title: clip(note.name || 'Memo', 500),
          text: clip(note.text, 100_000),
          documentId: null,
          fieldId: null,
          fieldValue: null,
          analysisId: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }

    const fieldOf = new Map<string, string>();
    for (const v of plan.variables) {
      const field = {
        ...newHashedRow('F'),
        projectId: project.id,
        text: clip(v.name.trim() || 'Variable', 500),
        shortName: clip(v.name.trim() || 'Variable', 200),
        description: clip(v.description, 2000),
        parentId: null,
        valueType: v.numeric ? ('number' as const) : null,
        allowedValues: null,
        answerSetOpen: 1,
      };
      await trx.insertInto('metadataFields').values(field).execute();
      fieldOf.set(v.guid, field.id);
    }
    for (const value of plan.values) {
      const documentId = documentOf.get(value.source);
      const fieldId = fieldOf.get(value.variable);
      if (!documentId || !fieldId || !value.text) continue;
      const now = nowIso();
      await trx
        .insertInto('metadataValues')
        .values({
          id: newId(),
          projectId: project.id,
          documentId,
          fieldId,
          text: clip(value.text, 2000),
          shortName: null,
          value: null,
          refusedText: null,
          refusedShortName: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
    return {
      project: projectViewRaw(project),
      documents: documents.map(documentViewRaw),
      categories: plan.codes.length,
      codings: plan.sources.reduce((n, s) => n + s.selections.length, 0),
      skipped: plan.skipped,
    };
  });
}

/** When an imported document is ready: its waiting codings become insights on the text as stored (a quote the pipeline changed is dropped). */
export async function materialiseImportedCodings(trx: Tx, documentId: string, projectId: string, text: string): Promise<void> {
  const row = await trx.selectFrom('importedCodings').select('codings').where('documentId', '=', documentId).executeTakeFirst();
  if (!row) return;
  const codings = JSON.parse(row.codings) as ImportedCoding[];
  const drafts = codings.map((c) => ({
    documentId,
    text: c.text,
    description: c.description,
    quotes: c.quotes.filter((q) => text.slice(q.start, q.start + q.quote.length) === q.quote || text.includes(q.quote)).map((q) => q.quote),
    categoryKeys: c.categoryIds,
  }));
  const ids = await insertInsights(trx, projectId, drafts, new Map(codings.flatMap((c) => c.categoryIds.map((id) => [id, id]))), null);
  for (const [n, id] of ids.entries()) {
    if (!id) continue;
    const c = codings[n]!;
    if (c.tagIds.length > 0)
      await trx
        .insertInto('tagTargets')
        .values(c.tagIds.map((tagId) => ({ tagId, targetType: 'insight' as const, targetId: id, projectId })))
        .execute();
    for (const note of c.notes) await noteFrom(trx, projectId, 'documentInsight', id, note, null);
  }
  await trx.deleteFrom('importedCodings').where('documentId', '=', documentId).execute();
}
