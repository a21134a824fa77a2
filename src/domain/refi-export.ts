import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { Db, Store } from '../store/store.js';
import type { Row } from '../store/tables.js';
import type { QdeCode, QdeProject, QdeSelection, QdeSource } from '../engine/refi/qde.js';
import { codePointOffsets, derivedGuid } from '../engine/refi/ids.js';
import { parseQuotes } from './views/insight-view.js';
import { runOf } from './analysis-runs.js';
import { runName } from './analyses.js';

/**
 * A project as a REFI-QDA archive (`.qdpx`: `project.qde` and `sources/<guid>.txt`), for NVivo,
 * ATLAS.ti, MAXQDA, QualCoder and the other tools that read the standard (docs/decisions.md,
 * "REFI-QDA"). Ready documents become text sources; categories, codes; each quote of each
 * insight, a selection at its offsets (in code points) coded with the insight's categories and
 * annotated with the insight's statement; notes and memos, notes; tags, sets; metadata,
 * variables on one case per document. GUIDs are sift's ids, or derived from them.
 *
 * Runs (docs/decisions.md, "Runs as things"): with `analysisId`, the categories and insights are
 * that run's alone (a category whose parent is another's is a root), with the notes and set
 * members that go with them. Without it, where the categories and insights come from several
 * runs, each run's categories sit under a code of its own, named as the run and not codable,
 * its description giving the run's id; a run's category whose parent another run made is a root
 * there; categories made by hand stay where they were filed; each insight's note names its run.
 */
const ORIGIN = 'sift';

interface Loaded {
  project: Row<'projects'>;
  /** The project's runs, oldest first. */
  runs: Row<'analyses'>[];
  users: { id: string; name: string | null; email: string }[];
  documents: Pick<Row<'documents'>, 'id' | 'counter' | 'filename' | 'createdAt' | 'updatedAt'>[];
  categories: Row<'categories'>[];
  insights: Row<'insights'>[];
  insightCategories: { insightId: string; categoryId: string }[];
  notes: Row<'notes'>[];
  memos: Row<'memos'>[];
  tags: Row<'tags'>[];
  tagTargets: Row<'tagTargets'>[];
  fields: Row<'metadataFields'>[];
  values: Row<'metadataValues'>[];
}

/** What the export takes: a run's categories and insights alone, or every run's. */
export interface ExportOptions {
  analysisId?: string;
}

async function load(db: Db, project: Row<'projects'>, run: string | undefined): Promise<Loaded> {
  const p = project.id;
  const [runs, users, documents, categories, insights, insightCategories, notes, memos, tags, tagTargets, fields, values] = await Promise.all([
    db.selectFrom('analyses').selectAll().where('projectId', '=', p).orderBy('createdAt').orderBy('id').execute(),
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.userId')
      .select(['users.id', 'users.name', 'users.email'])
      .where('memberships.projectId', '=', p)
      .orderBy('users.createdAt')
      .execute(),
    db
      .selectFrom('documents')
      .select(['id', 'counter', 'filename', 'createdAt', 'updatedAt'])
      .where('projectId', '=', p)
      .where('status', '=', 'ready')
      .orderBy('counter')
      .execute(),
    db
      .selectFrom('categories')
      .selectAll()
      .where('projectId', '=', p)
      .$if(run !== undefined, (q) => q.where('analysisId', '=', run!))
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('insights')
      .selectAll()
      .where('projectId', '=', p)
      .$if(run !== undefined, (q) => q.where('analysisId', '=', run!))
      .orderBy('counter')
      .execute(),
    db.selectFrom('insightCategories').select(['insightId', 'categoryId']).where('projectId', '=', p).execute(),
    db.selectFrom('notes').selectAll().where('projectId', '=', p).orderBy('counter').execute(),
    db.selectFrom('memos').selectAll().where('projectId', '=', p).orderBy('counter').execute(),
    db.selectFrom('tags').selectAll().where('projectId', '=', p).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('tagTargets').selectAll().where('projectId', '=', p).execute(),
    db.selectFrom('metadataFields').selectAll().where('projectId', '=', p).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('metadataValues').selectAll().where('projectId', '=', p).orderBy('createdAt').orderBy('id').execute(),
  ]);
  if (run === undefined) return { project, runs, users, documents, categories, insights, insightCategories, notes, memos, tags, tagTargets, fields, values };
  // One run's: what hangs on another's categories and insights (links, notes, set members) goes with them.
  const kept = new Set([...categories.map((c) => c.id), ...insights.map((i) => i.id)]);
  const own = (type: string, id: string) =>
    type === 'category' || type === 'insight' || type === 'insightCategory' || type === 'documentInsight' ? kept.has(id) : true;
  return {
    project,
    runs,
    users,
    documents,
    categories,
    insights,
    insightCategories: insightCategories.filter((ic) => kept.has(ic.insightId) && kept.has(ic.categoryId)),
    notes: notes.filter((n) => own(n.targetType, n.targetId)),
    memos,
    tags,
    tagTargets: tagTargets.filter((t) => own(t.targetType, t.targetId)),
    fields,
    values,
  };
}

/** The runs whose categories or insights the export holds, where there are several (null otherwise): each item then says its run. */
function severalRuns(l: Loaded): Map<string, Row<'analyses'>> | null {
  const made = new Set([...l.categories, ...l.insights].flatMap((x) => (x.analysisId ? [x.analysisId] : [])));
  return made.size > 1 ? new Map(l.runs.filter((r) => made.has(r.id)).map((r) => [r.id, r])) : null;
}

const insightNoteGuid = (insightId: string) => derivedGuid('insight-note', insightId);
const grouped = <T>(rows: T[], key: (r: T) => string) => {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
};

function codeTree(l: Loaded, runs: Map<string, Row<'analyses'>> | null): QdeCode[] {
  const noted = grouped(
    l.notes.filter((n) => n.targetType === 'insightCategory'),
    (n) => n.targetId,
  );
  const byId = new Map(l.categories.map((c) => [c.id, c]));
  // A parent the export leaves out, or (runs apart) a run's category under another's: a root.
  const parentOf = (c: Row<'categories'>) => {
    const parent = c.parentId ? byId.get(c.parentId) : undefined;
    if (!parent) return null;
    return runs && c.analysisId !== null && parent.analysisId !== c.analysisId ? null : parent.id;
  };
  const children = grouped(
    l.categories.filter((c) => parentOf(c) !== null),
    (c) => parentOf(c)!,
  );
  const node = (c: Row<'categories'>): QdeCode => ({
    guid: c.id,
    name: c.text,
    description: c.description,
    noteRefs: (noted.get(c.id) ?? []).map((n) => n.id),
    children: (children.get(c.id) ?? []).map(node),
  });
  const roots = l.categories.filter((c) => parentOf(c) === null);
  if (!runs) return roots.map(node);
  const ofRun = [...runs.values()].map(
    (r): QdeCode => ({
      guid: derivedGuid('run', r.id),
      name: runName(r),
      description: `The categories of the sift analysis run ${runName(r)} (analysisId ${r.id}, ${r.type}).`,
      codable: false,
      noteRefs: [],
      children: roots.filter((c) => c.analysisId === r.id).map(node),
    }),
  );
  return [...ofRun.filter((c) => c.children.length > 0), ...roots.filter((c) => c.analysisId === null).map(node)];
}

/** What placing quotes needs, grouped once for the whole project rather than per document. */
interface Coded {
  insightsOf: Map<string, Row<'insights'>[]>;
  categoriesOf: Map<string, string[]>;
  notesOf: Map<string, Row<'notes'>[]>;
}

function coded(l: Loaded): Coded {
  return {
    insightsOf: grouped(
      l.insights.filter((i) => i.documentId),
      (i) => i.documentId!,
    ),
    categoriesOf: new Map([...grouped(l.insightCategories, (ic) => ic.insightId)].map(([id, links]) => [id, links.map((ic) => ic.categoryId)])),
    notesOf: grouped(
      l.notes.filter((n) => n.targetType === 'documentInsight'),
      (n) => n.targetId,
    ),
  };
}

/** Each quote of each insight on the document, where it stands in the text (the first place it does). */
function selectionsOf(c: Coded, doc: { id: string }, text: string): QdeSelection[] {
  const points = codePointOffsets(text);
  const out: QdeSelection[] = [];
  for (const insight of c.insightsOf.get(doc.id) ?? []) {
    for (const [q, quote] of parseQuotes(insight.quotes).entries()) {
      const at = text.indexOf(quote);
      if (at < 0 || quote.length === 0) continue;
      const guid = derivedGuid('selection', insight.id, String(q));
      out.push({
        guid,
        name: `I${insight.counter}: ${insight.text}`.slice(0, 200),
        start: points(at),
        end: points(at + quote.length),
        created: insight.createdAt,
        codeGuids: (c.categoriesOf.get(insight.id) ?? []).map((code) => ({ coding: derivedGuid('coding', guid, code), code })),
        noteRefs: [insightNoteGuid(insight.id), ...(c.notesOf.get(insight.id) ?? []).map((n) => n.id)],
      });
    }
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

function describe(l: Loaded, selections: Map<string, QdeSelection[]>): QdeProject {
  const runs = severalRuns(l);
  const madeBy = (i: Row<'insights'>) => {
    const run = runs && i.analysisId ? runs.get(i.analysisId) : undefined;
    return run ? ` · ${runName(run)}` : '';
  };
  const docNotes = grouped(
    l.notes.filter((n) => n.targetType === 'document'),
    (n) => n.targetId,
  );
  const docMemos = grouped(
    l.memos.filter((m) => m.documentId),
    (m) => m.documentId!,
  );
  const sources: QdeSource[] = l.documents.map((d) => ({
    guid: d.id,
    name: d.filename,
    path: `internal://${d.id}.txt`,
    created: d.createdAt,
    modified: d.updatedAt,
    selections: selections.get(d.id) ?? [],
    noteRefs: [...(docNotes.get(d.id) ?? []).map((n) => n.id), ...(docMemos.get(d.id) ?? []).map((m) => m.id)],
  }));
  const numeric = new Set(l.fields.filter((f) => f.valueType === 'number').map((f) => f.id));
  const valuesOf = grouped(l.values, (v) => v.documentId);
  const tagged = grouped(l.tagTargets, (t) => t.tagId);
  const insightIds = new Set(l.insights.map((i) => i.id));
  return {
    name: l.project.name,
    origin: ORIGIN,
    created: l.project.createdAt,
    modified: l.project.updatedAt,
    description: l.project.description,
    users: l.users.map((u) => ({ guid: u.id, name: u.name ?? u.email })),
    codes: codeTree(l, runs),
    variables: l.fields.map((f) => ({ guid: f.id, name: f.text, description: f.description, type: numeric.has(f.id) ? 'Float' : 'Text' })),
    cases: l.documents.map((d) => ({
      guid: derivedGuid('case', d.id),
      name: d.filename,
      values: (valuesOf.get(d.id) ?? []).map((v) => {
        const n = Number(v.text);
        return numeric.has(v.fieldId) && v.text.trim() !== '' && Number.isFinite(n) ? { variable: v.fieldId, float: n } : { variable: v.fieldId, text: v.text };
      }),
      sources: [d.id],
    })),
    sources,
    notes: [
      ...l.insights.map((i) => ({
        guid: insightNoteGuid(i.id),
        name: `Insight I${i.counter}${madeBy(i)}`,
        text: i.description ? `${i.text}\n\n${i.description}` : i.text,
        created: i.createdAt,
      })),
      ...l.notes.map((n) => ({ guid: n.id, name: `Note N${n.counter}`, text: n.text, created: n.createdAt })),
      ...l.memos.map((m) => ({ guid: m.id, name: m.title || `Memo M${m.counter}`, text: m.text, created: m.createdAt })),
    ],
    sets: l.tags.map((t) => {
      const targets = tagged.get(t.id) ?? [];
      const of = (type: string) => targets.filter((x) => x.targetType === type).map((x) => x.targetId);
      return {
        guid: t.id,
        name: t.text,
        description: t.description,
        codes: of('category'),
        sources: of('document'),
        notes: of('insight')
          .filter((id) => insightIds.has(id))
          .map(insightNoteGuid),
      };
    }),
    projectNoteRefs: l.memos.filter((m) => !m.documentId).map((m) => m.id),
  };
}

/**
 * The `.qdpx` archive of a project, streamed: documents are read one at a time into `sources/`,
 * then `project.qde`. A run named by `analysisId` is looked up first (404 before any byte).
 */
export async function exportQdpx(store: Store, project: Row<'projects'>, options: ExportOptions = {}): Promise<Readable> {
  const run = options.analysisId === undefined ? undefined : (await runOf(store.db, project.id, options.analysisId)).id;
  // The zip writer and the XML builder load at the first export, not with the server.
  const [{ Zip, ZipDeflate }, { buildQde }] = await Promise.all([import('fflate'), import('../engine/refi/qde.js')]);
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) out.destroy(err);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  // Entries carry the project's last change as their time, so that the same project gives the same bytes.
  const mtime = new Date(project.updatedAt);
  const add = (name: string, data: Uint8Array) => {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(data, true);
  };
  (async () => {
    const loaded = await load(store.db, project, run);
    const links = coded(loaded);
    const selections = new Map<string, QdeSelection[]>();
    for (const d of loaded.documents) {
      const row = await store.db.selectFrom('documents').select('text').where('id', '=', d.id).executeTakeFirstOrThrow();
      const text = row.text ?? '';
      add(`sources/${d.id}.txt`, new TextEncoder().encode(text));
      selections.set(d.id, selectionsOf(links, d, text));
      // One document's compressed text at a time: wait while the client is slower than the store.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    add('project.qde', new TextEncoder().encode(buildQde(describe(loaded, selections))));
    zip.end();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
