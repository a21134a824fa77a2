import type { Row } from '../store/tables.js';
import type { WorkerContext, JobKind } from './context.js';
import { claimAnalysis, isoIn, renewLease } from './lease.js';
import { MAX_SOLO_ATTEMPTS, stoppedItsProcessAlone } from './solo.js';
import { workOn } from './work-on.js';
import type { Tx } from '../store/store.js';
import { nowIso } from '../domain/clock.js';
import { coverageOf, familyOf, nothingNewNote, storedUsage, type AnalysisParams, type AnalysisType } from '../domain/analyses.js';
import { createCategories, giveMissingVerdicts, insertInsights, setVerdict, upsertMemo, type CategoryDraft } from '../domain/analysis-results.js';
import { documentsMatchingMetadata } from '../domain/filters.js';
import { groupBy, inBatches } from '../store/in-batches.js';
import { reviewWithModel } from '../engine/llm/reviewer.js';
import { predefinedByModel } from '../engine/llm/coder.js';
import { CeilingReached, MeteredModel, type ModelUsage } from '../engine/llm/meter.js';
import { storedAnswers } from './model-answers.js';
import { withTextVectors } from './text-vectors.js';
import { releaseMemory } from './release-memory.js';
import { readsLanguage, type Embedder } from '../engine/meaning/embedded.js';

import { automaticAnalysis, predefinedAnalysis, summarizeDocument, summarizeGroup } from '../engine/analysis/index.js';
import { OTHER_MATERIAL_REASON, ROLES_UNCERTAIN_REASON, otherMaterial } from '../engine/analysis/evidence.js';

interface EngineDoc {
  id: string;
  text: string;
  chunks: { idx: number; text: string; speaker: string | null; start: number; end: number }[];
  metadata: Record<string, string>;
}

/**
 * Ready documents with their chunks and metadata, as the engine takes them: those in `only`
 * (a re-run reads its new documents, not the whole project), or all.
 */
async function loadDocuments(ctx: WorkerContext, projectId: string, only?: Set<string>): Promise<EngineDoc[]> {
  const db = ctx.store.db;
  const ready = () => db.selectFrom('documents').select(['id', 'text', 'counter']).where('projectId', '=', projectId).where('status', '=', 'ready');
  const docs = (only ? await inBatches([...only], (slice) => ready().where('id', 'in', slice).execute()) : await ready().execute()).sort(
    (a, b) => Number(a.counter) - Number(b.counter),
  );
  if (docs.length === 0) return [];
  const ids = docs.map((d) => d.id);
  // The rows of the documents read, grouped by document: a run over some documents reads theirs alone.
  const ofDocuments = async <R extends { documentId: string }>(read: (slice?: string[]) => Promise<R[]>) =>
    groupBy(only ? await inBatches(ids, read) : await read(), (r) => r.documentId);
  const chunks = await ofDocuments((slice) => {
    const q = db.selectFrom('chunks').select(['documentId', 'idx', 'text', 'speaker', 'startOffset', 'endOffset']).where('projectId', '=', projectId);
    return (slice ? q.where('documentId', 'in', slice) : q).orderBy('idx').execute();
  });
  const fields = await db.selectFrom('metadataFields').select(['id', 'shortName']).where('projectId', '=', projectId).execute();
  const fieldName = new Map(fields.map((f) => [f.id, f.shortName]));
  const values = await ofDocuments((slice) => {
    const q = db.selectFrom('metadataValues').select(['documentId', 'fieldId', 'text']).where('projectId', '=', projectId);
    return (slice ? q.where('documentId', 'in', slice) : q).execute();
  });
  return docs.map((d) => ({
    id: d.id,
    text: d.text ?? '',
    chunks: (chunks.get(d.id) ?? []).map((c) => ({
      idx: Number(c.idx),
      text: c.text,
      speaker: c.speaker,
      start: Number(c.startOffset),
      end: Number(c.endOffset),
    })),
    metadata: Object.fromEntries((values.get(d.id) ?? []).filter((v) => v.text !== '').map((v) => [fieldName.get(v.fieldId) ?? v.fieldId, v.text])),
  }));
}

/**
 * The documents of other material (manuals, reports) in a project mostly of transcripts, judged
 * over all its ready documents (or those in `only`), not only over those a run analyses: a manual
 * uploaded after the interviews is still other material.
 */
async function otherMaterialOf(ctx: WorkerContext, projectId: string, only?: Set<string>): Promise<Set<string> | null> {
  const docs = await ctx.store.db.selectFrom('documents').select(['id', 'text']).where('projectId', '=', projectId).where('status', '=', 'ready').execute();
  return otherMaterial(docs.filter((d) => !only || only.has(d.id)).map((d) => ({ id: d.id, text: d.text ?? '' })));
}

async function documentsWithoutVerdict(ctx: WorkerContext, projectId: string, family: string): Promise<Set<string>> {
  const ready = await ctx.store.db.selectFrom('documents').select('id').where('projectId', '=', projectId).where('status', '=', 'ready').execute();
  const done = new Set(
    (await ctx.store.db.selectFrom('analysisVerdicts').select('documentId').where('projectId', '=', projectId).where('family', '=', family).execute()).map(
      (v) => v.documentId,
    ),
  );
  return new Set(ready.map((d) => d.id).filter((id) => !done.has(id)));
}

const EXAMPLES_PER_CATEGORY = 12;

/** Quotes of the newest insights filed in each category: what the category is about, in the project's words. */
async function categoryExamples(ctx: WorkerContext, projectId: string): Promise<Map<string, string[]>> {
  const rows = await ctx.store.db
    .selectFrom('insightCategories')
    .innerJoin('insights', 'insights.id', 'insightCategories.insightId')
    .select(['insightCategories.categoryId', 'insights.quotes'])
    .where('insightCategories.projectId', '=', projectId)
    .orderBy('insights.counter', 'desc')
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.categoryId) ?? [];
    if (list.length >= EXAMPLES_PER_CATEGORY) continue;
    try {
      const quotes = JSON.parse(r.quotes) as unknown;
      if (Array.isArray(quotes)) list.push(...quotes.filter((q): q is string => typeof q === 'string').slice(0, EXAMPLES_PER_CATEGORY - list.length));
    } catch {
      // A malformed row teaches nothing; the category keeps its name and description.
    }
    out.set(r.categoryId, list);
  }
  return out;
}

/** Thrown when a write finds that this worker no longer holds the run: another worker has it now. */
class LeaseLost extends Error {}

/**
 * Every write of a run goes through here: in one transaction, the run's lease is extended on
 * the condition that this worker still holds it (which also locks the run's row on PostgreSQL,
 * and SQLite writers are serial), then the results are written. A worker that lost the run
 * writes nothing, so two executors never both add to one run.
 */
async function fenced<T>(ctx: WorkerContext, run: Row<'analyses'>, write: (trx: Tx) => Promise<T>): Promise<T> {
  await ctx.hooks?.beforeAnalysisWrite?.();
  return ctx.store.transaction(async (trx) => {
    const held = await trx
      .updateTable('analyses')
      .set({ leaseExpiresAt: isoIn(ctx.leaseMs) })
      .where('id', '=', run.id)
      .where('leaseOwner', '=', ctx.owner)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new LeaseLost(`analysis ${run.id} is no longer held by ${ctx.owner}`);
    return write(trx);
  });
}

/**
 * What an earlier attempt of this run wrote before it stopped (its worker killed or its lease
 * lost): removed before the run starts again, so that a run's results are one set, never two.
 */
async function clearEarlierAttempt(trx: Tx, run: Row<'analyses'>) {
  await trx.deleteFrom('insights').where('projectId', '=', run.projectId).where('analysisId', '=', run.id).execute();
  await trx.deleteFrom('categories').where('projectId', '=', run.projectId).where('analysisId', '=', run.id).where('parentId', 'is not', null).execute();
  await trx.deleteFrom('categories').where('projectId', '=', run.projectId).where('analysisId', '=', run.id).execute();
  await trx.deleteFrom('analysisVerdicts').where('projectId', '=', run.projectId).where('analysisId', '=', run.id).execute();
}

/**
 * A full lease right before the engine computes: the heartbeat is a timer on this thread and
 * cannot beat while the engine holds it, so the lease must last through the computation on its
 * own. A lease already lost stops the run here (the writes after are fenced as well).
 */
async function beforeComputing(ctx: WorkerContext, run: Row<'analyses'>): Promise<void> {
  if (!(await renewLease(ctx.store, 'analyses', run.id, ctx.owner, ctx.leaseMs))) throw new LeaseLost(`analysis ${run.id} is no longer held by ${ctx.owner}`);
}

/** Each document's insights and verdict, one fenced transaction per document: a kill between them leaves finished documents finished. */
async function writeResults(
  ctx: WorkerContext,
  run: Row<'analyses'>,
  family: string,
  result: Pick<ReturnType<typeof predefinedAnalysis>, 'insights' | 'verdicts'>,
  categoryIds: Map<string, string>,
): Promise<void> {
  for (const v of result.verdicts) {
    await fenced(ctx, run, async (trx) => {
      await insertInsights(
        trx,
        run.projectId,
        result.insights.filter((i) => i.documentId === v.documentId),
        categoryIds,
        run.id,
      );
      await setVerdict(trx, run.projectId, family, v.documentId, v.verdict, v.reason ?? null, run.id);
    });
  }
}

/** Answers the run's note, if it has one to leave (nothing new to analyse). */
async function runAutomatic(
  ctx: WorkerContext,
  run: Row<'analyses'>,
  project: Row<'projects'>,
  params: AnalysisParams,
  model: MeteredModel | null,
): Promise<string | null> {
  // A rerun takes every ready document, with a verdict family of its own (decisions: runs).
  const family = familyOf('automatic', run, params.rerun);
  const todo = params.rerun ? undefined : await documentsWithoutVerdict(ctx, project.id, family);
  const docs = await loadDocuments(ctx, project.id, todo);
  if (docs.length === 0) return nothingNewNote(await coverageOf(ctx.store.db, project.id, family));
  const existing = await ctx.store.db
    .selectFrom('categories')
    .select(['id', 'text', 'description', 'parentId'])
    .where('projectId', '=', project.id)
    // A rerun builds its own tree rather than extending the earlier runs' categories.
    .$if(params.rerun === true, (q) => q.where('analysisId', '=', run.id))
    .orderBy('createdAt')
    .execute();
  const examples = await categoryExamples(ctx, project.id);
  await beforeComputing(ctx, run);
  const options = {
    locale: project.locale,
    granularity: params.granularity,
    strictMode: params.strictMode,
    seed: 42,
    otherMaterial: await otherMaterialOf(ctx, project.id),
    existingCategories: existing.map((c) => ({
      key: c.id,
      name: c.text,
      description: c.description,
      parentKey: c.parentId,
      examples: examples.get(c.id) ?? [],
    })),
  };
  const offline = automaticAnalysis(docs, options);
  const onError = (err: unknown) => {
    if (!(err instanceof CeilingReached))
      ctx.log.warn({ err, analysisId: run.id }, 'the language model failed; the offline result stands for what the call covered');
  };
  const reviewed = model ? await reviewWithModel(model, docs, offline, { ...options, contextTokens: ctx.config.llm.contextTokens }, onError) : null;
  if (reviewed) await beforeComputing(ctx, run);
  const result = reviewed ?? offline;
  const known = new Map(existing.map((c) => [c.id, c.id]));
  const categoryIds = await fenced(ctx, run, (trx) => createCategories(trx, project.id, result.categories, known, run.id));
  await writeResults(ctx, run, family, result, categoryIds);
  if (params.rerun) await fenced(ctx, run, (trx) => giveMissingVerdicts(trx, project.id, family, familyOf('automatic')));
  return notes(otherMaterialNote(result.verdicts), await rolesNote(ctx, result.verdicts), model && reviewed && reviewNote(model.usage, reviewed));
}

const notes = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ') || null;

const count = (n: number) => n.toLocaleString('en-US');

/** What the model was asked and what it cost, in words. */
function usageNote(usage: ModelUsage): string {
  const cached = usage.cachedCalls > 0 ? ` (${count(usage.cachedCalls)} more answered from earlier answers, at no cost)` : '';
  return `${count(usage.calls)} calls to the language model, ${count(usage.inputTokens)} input and ${count(usage.outputTokens)} output tokens${cached}.`;
}

/** The note of an automatic run checked by a model. */
function reviewNote(usage: ModelUsage, review: { merged: number; batches: number; failedBatches: number; failures: string[] }): string {
  const merged = review.merged > 0 ? ` It merged ${count(review.merged)} theme${review.merged > 1 ? 's' : ''} into others that say the same.` : '';
  const rest = usage.ceilingReached
    ? ` The run's token ceiling (${count(usage.tokenCeiling!)}, SIFT_LLM_MAX_TOKENS_PER_RUN) was reached: the rest keeps the offline engine's themes and wording.`
    : usage.failedCalls > 0
      ? ` ${count(usage.failedCalls)} calls failed${review.failures.length ? ` (${review.failures.slice(0, 2).join('; ')})` : ''}: what they covered keeps the offline engine's result.`
      : '';
  return `The language model checked the themes, filed the passages in ${count(review.batches)} batches, named the themes and worded the insights: ${usageNote(usage)}${merged}${rest}`;
}

/** The note of a predefined run coded by a model. */
function codingNote(usage: ModelUsage, coded: { batches: number; failedBatches: number; failures: string[] }): string {
  const offline = coded.failedBatches;
  const rest = usage.ceilingReached
    ? ` The run's token ceiling (${count(usage.tokenCeiling!)}, SIFT_LLM_MAX_TOKENS_PER_RUN) was reached: the offline engine coded the passages of ${count(offline)} of ${count(coded.batches)} batches.`
    : offline > 0
      ? ` The model did not answer for ${count(offline)} of ${count(coded.batches)} batches (${coded.failures.slice(0, 2).join('; ')}): the offline engine coded their passages.`
      : '';
  return `The language model coded the passages, in ${count(coded.batches)} batches: ${usageNote(usage)}${rest}`;
}

/** Says how many documents a run left out as other material, and why (a verdict's reason is not shown otherwise). */
function otherMaterialNote(verdicts: { verdict: string; reason?: string }[]): string | null {
  const left = verdicts.filter((v) => v.reason === OTHER_MATERIAL_REASON).length;
  if (left === 0) return null;
  return `left out ${left} document${left > 1 ? 's' : ''} that ${left > 1 ? 'are' : 'is'} not a transcript (a manual, a report): in a project mostly of interview transcripts, analyses code the transcripts. Analyse other material in a project of its own, or in a predefined analysis filtered by metadata to it alone.`;
}

/** Names the transcripts whose roles were read from behaviour, their labels swapping part-way (a verdict's reason is not shown otherwise). */
async function rolesNote(ctx: WorkerContext, verdicts: { documentId: string; reason?: string }[]): Promise<string | null> {
  const ids = verdicts.filter((v) => v.reason?.includes(ROLES_UNCERTAIN_REASON)).map((v) => v.documentId);
  if (ids.length === 0) return null;
  const rows = await inBatches(ids, (slice) => ctx.store.db.selectFrom('documents').select(['id', 'filename']).where('id', 'in', slice).execute());
  const names = rows.map((r) => r.filename ?? r.id).sort();
  const shown = names.length > 10 ? `${names.slice(0, 10).join(', ')} and ${names.length - 10} more` : names.join(', ');
  return `Roles uncertain in ${ids.length} transcript${ids.length > 1 ? 's' : ''} whose speaker labels swap part-way (automatic transcription): who asks was read from how the turns behave; check them: ${shown}.`;
}

/** Answers the run's note, if it has one to leave (other material left out). */
async function runPredefined(
  ctx: WorkerContext,
  run: Row<'analyses'>,
  project: Row<'projects'>,
  params: AnalysisParams,
  model: MeteredModel | null,
): Promise<string | null> {
  const family = familyOf('predefined', run);
  let todo = await documentsWithoutVerdict(ctx, project.id, family);
  // A filtered run's scope is what the filter keeps: a filter to the reports analyses the reports.
  let scope: Set<string> | undefined;
  if (params.documentScope === 'filtered' && params.metadataFilter?.length) {
    scope = await documentsMatchingMetadata(ctx.store.db, project.id, params.metadataFilter);
    todo = new Set([...todo].filter((id) => scope!.has(id)));
  }
  const docs = await loadDocuments(ctx, project.id, todo);
  const categories = params.categories ?? [];
  const existing = await ctx.store.db.selectFrom('categories').select(['id', 'text']).where('projectId', '=', project.id).orderBy('createdAt').execute();
  const known = new Map<string, string>();
  const drafts: CategoryDraft[] = [];
  // A codebook run's categories are its own, with their parents: it never files into an earlier run's of the same name.
  const own = params.codebook !== undefined;
  for (const c of categories) {
    const same = own ? undefined : existing.find((e) => e.text.trim().toLowerCase() === c.name.trim().toLowerCase());
    if (same) known.set(c.name, same.id);
    else if (!drafts.some((d) => d.key === c.name))
      drafts.push({ key: c.name, name: c.name, description: c.description ?? '', parentKey: own ? (c.parent ?? null) : null });
  }
  const categoryIds = await fenced(ctx, run, (trx) => createCategories(trx, project.id, drafts, known, run.id));
  if (docs.length === 0) return null;
  await beforeComputing(ctx, run);
  const opts = {
    locale: project.locale,
    granularity: params.granularity,
    strictMode: params.strictMode,
    otherMaterial: await otherMaterialOf(ctx, project.id, scope),
  };
  if (!model) {
    const result = await withEmbeddings(
      ctx,
      project,
      (embedded) => predefinedAnalysis(docs, categories, { ...opts, embedded }),
      (err) => ctx.log.warn({ err, analysisId: run.id }, 'the embeddings model failed; the engine used its own vectors'),
    );
    await writeResults(ctx, run, family, result, categoryIds);
    return otherMaterialNote(result.verdicts);
  }
  const result = await predefinedByModel(model, docs, categories, { ...opts, contextTokens: ctx.config.llm.contextTokens });
  await beforeComputing(ctx, run);
  await writeResults(ctx, run, family, result, categoryIds);
  return notes(otherMaterialNote(result.verdicts), codingNote(model.usage, result));
}

/** Runs an engine step with the provider's embeddings as its meaning, where `SIFT_EMBEDDING_MODEL` is configured; as it is otherwise. */
async function withEmbeddings<T>(ctx: WorkerContext, project: Row<'projects'>, step: (embedded?: Embedder) => T, onError: (err: unknown) => void): Promise<T> {
  const { embeddingModel: model, embeddingLanguages: languages } = ctx.config.llm;
  if (!ctx.llm?.embed || !model || !readsLanguage(languages, project.locale)) return step();
  return withTextVectors(ctx.store, ctx.llm, model, project.id, step, onError);
}

/** The run's model, metered against the ceiling and answering from the project's kept answers; null without a chat model. */
function modelFor(ctx: WorkerContext, run: Row<'analyses'>): MeteredModel | null {
  if (!ctx.llm?.complete) return null;
  return new MeteredModel(ctx.llm, {
    model: ctx.config.llm.model ?? '',
    cache: storedAnswers(ctx.store, run.projectId),
    ceiling: ctx.config.llm.maxTokensPerRun,
    concurrency: ctx.config.llm.concurrency,
    onUsage: usageShown(ctx, run),
  });
}

const USAGE_EVERY_MS = 1000;

/**
 * A running run's usage written to its row at most once a second (and not by a worker that lost
 * the run), so that its status shows what it has spent so far; the last figure is written when it
 * finishes.
 */
function usageShown(ctx: WorkerContext, run: Row<'analyses'>): (usage: ModelUsage) => void {
  let last = 0;
  return (usage) => {
    if (Date.now() - last < USAGE_EVERY_MS) return;
    last = Date.now();
    void ctx.store.db
      .updateTable('analyses')
      .set({ modelUsage: storedUsage(usage) })
      .where('id', '=', run.id)
      .where('leaseOwner', '=', ctx.owner)
      .execute()
      .catch((err: unknown) => ctx.log.warn({ err, analysisId: run.id }, "could not show the run's model usage so far"));
  };
}

async function runSummaries(ctx: WorkerContext, run: Row<'analyses'>, project: Row<'projects'>) {
  const family = familyOf('summaries', run);
  const docs = await loadDocuments(ctx, project.id, await documentsWithoutVerdict(ctx, project.id, family));
  for (const doc of docs) {
    await beforeComputing(ctx, run);
    const summary = summarizeDocument(doc, { locale: project.locale, maxSentences: 5 });
    await fenced(ctx, run, async (trx) => {
      await upsertMemo(trx, project.id, { kind: 'summary', title: summary.title, text: summary.text, documentId: doc.id }, run.id);
      await setVerdict(trx, project.id, family, doc.id, summary.text.trim() ? 'analysed' : 'skipped', null, run.id);
    });
  }
}

async function runMetadataSummaries(ctx: WorkerContext, run: Row<'analyses'>, project: Row<'projects'>) {
  const family = familyOf('metadata_summaries', run);
  const docs = await loadDocuments(ctx, project.id);
  const fields = await ctx.store.db.selectFrom('metadataFields').selectAll().where('projectId', '=', project.id).orderBy('createdAt').execute();
  const values = await ctx.store.db
    .selectFrom('metadataValues')
    .select(['documentId', 'fieldId', 'text'])
    .where('projectId', '=', project.id)
    .where('text', '!=', '')
    .execute();
  for (const field of fields) {
    const groups = new Map<string, Set<string>>();
    for (const v of values.filter((x) => x.fieldId === field.id)) groups.set(v.text, (groups.get(v.text) ?? new Set()).add(v.documentId));
    for (const [value, ids] of groups) {
      const members = docs.filter((d) => ids.has(d.id));
      if (members.length === 0) continue;
      const summary = summarizeGroup(members, { locale: project.locale, label: `${field.shortName}: ${value}` });
      await fenced(ctx, run, (trx) =>
        upsertMemo(trx, project.id, { kind: 'metadata_summary', title: summary.title, text: summary.text, fieldId: field.id, fieldValue: value }, run.id),
      );
    }
  }
  await fenced(ctx, run, async (trx) => {
    for (const d of docs) await setVerdict(trx, project.id, family, d.id, 'analysed', null, run.id);
  });
}

async function finishRun(ctx: WorkerContext, run: Row<'analyses'>, set: Partial<Row<'analyses'>>) {
  await ctx.store.db
    .updateTable('analyses')
    .set({ ...set, leaseOwner: null, leaseExpiresAt: null, finishedAt: nowIso() })
    .where('id', '=', run.id)
    .where('leaseOwner', '=', ctx.owner)
    .execute();
}

/** queued → running → completed | failed. A killed worker's run is claimed again when its lease expires. */
export const analysisJob: JobKind = {
  name: 'analysis',
  async run(ctx) {
    const run = await claimAnalysis(ctx.store, ctx.owner, ctx.leaseMs);
    if (!run) return false;
    if (stoppedItsProcessAlone(run)) {
      await finishRun(ctx, run, {
        status: 'failed',
        error: `the analysis stopped the process running it each time it was tried alone (${MAX_SOLO_ATTEMPTS} times)`,
      });
      return true;
    }
    try {
      await workOn(
        ctx,
        'analyses',
        run,
        () => analyse(ctx, run),
        async (err) => {
          if (err instanceof LeaseLost) ctx.log.warn({ analysisId: run.id }, 'the analysis was taken over by another worker; this one wrote nothing more');
          else {
            ctx.log.error({ err, analysisId: run.id }, 'analysis failed');
            await finishRun(ctx, run, { status: 'failed', error: 'the analysis failed unexpectedly' });
          }
        },
      );
    } finally {
      releaseMemory();
    }
    return true;
  },
};

async function analyse(ctx: WorkerContext, run: Row<'analyses'>): Promise<void> {
  await fenced(ctx, run, async (trx) => {
    await trx
      .updateTable('analyses')
      .set({ status: 'running', startedAt: run.startedAt ?? nowIso() })
      .where('id', '=', run.id)
      .execute();
    // Started before: by a process that stopped, or one that gave the run back when the database went away.
    if (run.status === 'running' || run.attempts > 1) await clearEarlierAttempt(trx, run);
  });
  const project = await ctx.store.db.selectFrom('projects').selectAll().where('id', '=', run.projectId).executeTakeFirstOrThrow();
  const params = JSON.parse(run.params) as AnalysisParams;
  const type = run.type as AnalysisType;
  let note: string | null = null;
  const model = type === 'automatic' || type === 'predefined' ? modelFor(ctx, run) : null;
  if (type === 'automatic') note = await runAutomatic(ctx, run, project, params, model);
  else if (type === 'predefined') note = await runPredefined(ctx, run, project, params, model);
  else if (type === 'summaries') await runSummaries(ctx, run, project);
  else await runMetadataSummaries(ctx, run, project);
  const used = model && model.usage.calls + model.usage.cachedCalls + model.usage.failedCalls > 0 ? storedUsage(model.usage) : null;
  await finishRun(ctx, run, { status: 'completed', note, modelUsage: used });
}
