import { call } from './api.js';
import type { AnalysisRun, ProjectStatus } from './types.js';
import { Select, useAsync } from './ui.js';

/** Runs that code: they make categories and insights (summaries make memos). */
export const codingRun = (r: AnalysisRun) => r.type === 'automatic' || r.type === 'predefined';

const RUN_TYPES: Record<string, string> = {
  automatic: 'Automatic',
  predefined: 'Predefined',
  summaries: 'Summaries',
  metadata_summaries: 'Summaries by metadata value',
};

/** What categories and insights made by hand (or imported from a REFI-QDA project) are called. */
export const BY_HAND = 'Made by hand or imported';

/** "28 Nov 2026, 09:30": when a run started (or was queued), in the reader's time zone. */
export const runTime = (r: AnalysisRun) =>
  new Date(r.startedAt ?? r.createdAt).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A run in a list of choices: its name, type and time (and its state unless completed). */
export const runChoice = (r: AnalysisRun) =>
  `${r.name} — ${RUN_TYPES[r.type] ?? r.type}, ${runTime(r)}${r.rerun ? ', rerun' : ''}${r.status === 'completed' ? '' : ` (${r.status})`}`;

/** The project's runs, newest first (the account surface's status: names, types and times). */
export function useRuns(projectId: string) {
  return useAsync(
    () => call<ProjectStatus, 'account', 'get_project_status'>('account', 'get_project_status', { projectId }).then((s) => s.analyses),
    [projectId],
  );
}

/** The project's runs as the read surface names them (id, name, type, status): enough to say which run made what. */
export function useRunNames(projectId: string) {
  return useAsync(
    () => call<{ analyses: { id: string; name: string }[] }, 'read', 'get_project'>('read', 'get_project', {}, { projectId }).then((p) => p.analyses),
    [projectId],
  );
}

/** The name of the run that made a category or an insight: `analysisId` → name, null → made by hand. */
export function runNamer(runs: readonly { id: string; name: string }[] | undefined): (analysisId: string | null) => string {
  const names = new Map((runs ?? []).map((r) => [r.id, r.name]));
  return (id) => (id === null ? BY_HAND : (names.get(id) ?? `run ${id.slice(0, 8)}`));
}

/** Chooses one run's categories and insights, or every run's (`''`). */
export function RunPicker({ runs, value, onChange }: { runs: readonly AnalysisRun[]; value: string; onChange: (runId: string) => void }) {
  const options: [string, string][] = [
    ['', 'All runs (each category says its run)'],
    ...runs.filter(codingRun).map((r): [string, string] => [r.id, runChoice(r)]),
  ];
  // A run the list no longer has (deleted meanwhile) is still shown as chosen.
  if (value && !options.some(([id]) => id === value)) options.push([value, `run ${value.slice(0, 8)} (not found)`]);
  return (
    <div class="run-picker">
      <Select label="Run" options={options} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </div>
  );
}
