import { ROLES_UNCERTAIN_REASON } from '../engine/analysis/evidence.js';
import type { DbOrTx, Store, Tx } from '../store/store.js';
import type { Row, Verdict } from '../store/tables.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import type { Static } from '@sinclair/typebox';
import type { Analysis } from '../schema/answers/records.js';

/**
 * Analysis runs (decisions §6): every start creates a durable run, answered at once and worked
 * in the background. Per-document verdicts belong to an analysis family (`automatic` for the
 * inductive analysis), so that a later run analyses only what is new.
 */
export type AnalysisType = 'automatic' | 'predefined' | 'summaries' | 'metadata_summaries';

export interface AnalysisParams {
  granularity: 'default' | 'inclusive' | 'overview';
  strictMode: boolean;
  categories?: {
    name: string;
    description?: string;
    instructions?: string;
    categorizationInstructions?: string;
    examples?: string[];
    /** A codebook run's: the name of the category's parent among `categories`. */
    parent?: string;
  }[];
  /** Write surface `start_predefined_analysis`: which documents take part. */
  documentScope?: 'all' | 'filtered';
  metadataFilter?: { field: string; value: string }[];
  name?: string;
  /** `start_analysis` `rerun` (automatic only): every ready document, into a run of its own. */
  rerun?: boolean;
  /**
   * A predefined run from a codebook (`use_as_codebook`: the run it came from; an imported file:
   * null): its categories are its own, with their parents, never an earlier one's of the same name.
   */
  codebook?: { from: string | null };
}

/**
 * The verdict family of a run: `automatic` for the automatic analysis (a document with a verdict
 * there is not new), a family of its own for every other run, a rerun included (decisions: runs).
 */
export const familyOf = (type: AnalysisType, run?: { id: string }, rerun = false) =>
  type === 'automatic' && !rerun ? 'automatic' : `${type}:${run?.id ?? ''}`;

export const paramsOf = (r: Pick<Row<'analyses'>, 'params'>): AnalysisParams => JSON.parse(r.params) as AnalysisParams;

const TYPE_LABEL: Record<AnalysisType, string> = {
  automatic: 'Automatic',
  predefined: 'Predefined',
  summaries: 'Summaries',
  metadata_summaries: 'Metadata summaries',
};

/** A run's name: the one given, or its type and start time in UTC to the minute (`Automatic · 2026-11-29 09:30`). */
export function runName(r: Pick<Row<'analyses'>, 'type' | 'params' | 'createdAt'>): string {
  const given = paramsOf(r).name;
  if (given) return given;
  return `${TYPE_LABEL[r.type as AnalysisType] ?? r.type} · ${r.createdAt.slice(0, 10)} ${r.createdAt.slice(11, 16)}`;
}

export async function createRun(trx: Tx, projectId: string, type: AnalysisType, params: AnalysisParams): Promise<Row<'analyses'>> {
  const row: Row<'analyses'> = {
    id: newId(),
    projectId,
    type,
    status: 'queued',
    params: JSON.stringify(params),
    error: null,
    note: null,
    modelUsage: null,
    leaseOwner: null,
    leaseExpiresAt: null,
    attempts: 0,
    soloAttempts: 0,
    createdAt: nowIso(),
    startedAt: null,
    finishedAt: null,
  };
  await trx.insertInto('analyses').values(row).execute();
  return row;
}

/** Verdicts by kind, and (where there are any) the transcripts with a verdict whose roles were uncertain. */
export type Coverage = Record<Verdict, number> & { rolesUncertain?: number };

/**
 * An automatic run finds nothing new when every ready document already has a verdict of an
 * earlier one: it says so, and how to go on, rather than finishing silently.
 */
export function nothingNewNote(coverage: Coverage): string | null {
  if (coverage.pending > 0) return null;
  const ready = coverage.analysed + coverage.skipped + coverage.failed;
  return ready === 0
    ? 'nothing to analyse: the project has no ready documents yet'
    : `nothing new to analyse: all ${ready} ready documents already have a verdict of an earlier automatic run (${coverage.analysed} analysed, ${coverage.skipped} skipped, ${coverage.failed} failed). Documents confirmed later are analysed by the next run; start with reconsiderSkipped to try the skipped and failed ones again.`;
}

/** Per-verdict counts of a family over the project's ready documents (`pending`: no verdict yet). */
export async function coverageOf(db: DbOrTx, projectId: string, family: string): Promise<Coverage> {
  const ready = await db.selectFrom('documents').select('id').where('projectId', '=', projectId).where('status', '=', 'ready').execute();
  const verdicts = await db
    .selectFrom('analysisVerdicts')
    .select(['documentId', 'verdict', 'reason'])
    .where('projectId', '=', projectId)
    .where('family', '=', family)
    .execute();
  const byDoc = new Map(verdicts.map((v) => [v.documentId, v]));
  const out: Coverage = { analysed: 0, skipped: 0, failed: 0, pending: 0 };
  let uncertain = 0;
  for (const d of ready) {
    const v = byDoc.get(d.id);
    out[v?.verdict ?? 'pending']++;
    if (v?.reason?.includes(ROLES_UNCERTAIN_REASON)) uncertain++;
  }
  return uncertain > 0 ? { ...out, rolesUncertain: uncertain } : out;
}

/** `reconsiderSkipped`: clears the `skipped` and `failed` verdicts of the automatic analysis; `analysed` stays. */
export async function clearSkipped(trx: Tx, projectId: string): Promise<number> {
  const res = await trx
    .deleteFrom('analysisVerdicts')
    .where('projectId', '=', projectId)
    .where('family', '=', 'automatic')
    .where('verdict', 'in', ['skipped', 'failed'])
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export const runView = (r: Row<'analyses'>) => ({ id: r.id, name: runName(r), type: r.type, status: r.status });

export type RunView = Static<typeof Analysis>;
type ModelUsage = NonNullable<RunView['model']>;

/** A run's model usage as stored, in the answer's shape: the meter's counts (engine/llm/meter.ts) must fit it to be written. */
export const storedUsage = (usage: ModelUsage): string => JSON.stringify(usage);

/** Runs of a project for `get_project_status`, newest first, each with its coverage and progress. */
export async function runsOf(store: Store, projectId: string): Promise<RunView[]> {
  const runs = await store.db.selectFrom('analyses').selectAll().where('projectId', '=', projectId).orderBy('createdAt', 'desc').orderBy('id').execute();
  const out: RunView[] = [];
  for (const r of runs) out.push(await runStatus(store.db, r));
  return out;
}

/** One run as `get_project_status` lists it: with its coverage, progress and times. */
export async function runStatus(db: DbOrTx, r: Row<'analyses'>): Promise<RunView> {
  const rerun = paramsOf(r).rerun === true;
  const coverage = await coverageOf(db, r.projectId, familyOf(r.type as AnalysisType, r, rerun));
  const total = coverage.analysed + coverage.skipped + coverage.failed + coverage.pending;
  return {
    ...runView(r),
    ...(rerun ? { rerun: true as const } : {}),
    ...(r.error ? { error: r.error } : {}),
    ...(r.note ? { note: r.note } : {}),
    ...(r.modelUsage ? { model: JSON.parse(r.modelUsage) as ModelUsage } : {}),
    coverage,
    progress: r.status === 'completed' ? 1 : total === 0 ? 0 : (total - coverage.pending) / total,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}
