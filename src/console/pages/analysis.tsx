import { useState } from 'preact/hooks';
import { call, type BodyOf } from '../api.js';
import { parseCategories } from '../categories-input.js';
import type { AnalysisRun, ProjectStatus } from '../types.js';
import { href } from '../router.js';
import { Empty, ErrorNote, Field, Loading, Notice, PageTitle, Select, StatusBadge, TextArea, useAsync, useInterval, useSubmit, when } from '../ui.js';
import { codingRun } from '../runs.js';
import type { ProjectProps } from './project.js';

type StartBody = BodyOf<'account', 'start_analysis'>;
type Granularity = NonNullable<StartBody['analysisGranularity']>;

const GRANULARITIES: readonly (readonly [Granularity, string])[] = [
  ['default', 'Default'],
  ['overview', 'Overview (quicker)'],
  ['inclusive', 'Inclusive (every passage)'],
];

const RUN_TITLES: Record<AnalysisRun['type'], string> = {
  automatic: 'Automatic analysis',
  predefined: 'Predefined categories',
  summaries: 'Summaries',
  metadata_summaries: 'Summaries by metadata value',
};

const running = (s: ProjectStatus | undefined) => !!s && s.analyses.some((a) => a.status === 'queued' || a.status === 'running');

export function AnalysisTab({ project, canWrite }: ProjectProps) {
  const status = useAsync(
    () => call<ProjectStatus, 'account', 'get_project_status'>('account', 'get_project_status', { projectId: project.shortId }),
    [project.id],
  );
  const [notice, setNotice] = useState<string | null>(null);
  useInterval(status.reload, running(status.data) ? 5000 : null);
  const ready = status.data?.documents.filter((d) => d.status === 'ready').length ?? 0;
  const start = async (body: StartBody, what: string) => {
    await call<{ analysis: { id: string } }, 'account', 'start_analysis'>('account', 'start_analysis', body);
    setNotice(`${what} started; its progress shows below.`);
    status.reload();
  };
  return (
    <>
      <PageTitle>Analysis</PageTitle>
      <Notice text={notice} />
      {status.data && ready === 0 && (
        <Empty title="No document is ready for analysis yet.">
          Upload documents and confirm them on the <a href={href(['p', project.shortId, 'documents'])}>Documents</a> page; they are ready a few moments later.
        </Empty>
      )}
      {canWrite && (
        <div class="grid-3">
          <Automatic projectId={project.shortId} disabled={ready === 0} onStart={start} />
          <Predefined projectId={project.shortId} disabled={ready === 0} onStart={start} />
          <Summaries projectId={project.shortId} disabled={ready === 0} onStart={start} />
        </div>
      )}
      <section aria-labelledby="runs">
        <h2 id="runs">Runs</h2>
        <p class="hint">
          Each run keeps its own categories and insights: explore one run at a time, compare two, rename them, or delete one with what it made.
        </p>
        {status.loading && !status.data && <Loading />}
        <ErrorNote error={status.error} onRetry={status.reload} />
        {status.data && status.data.analyses.length === 0 && <Empty title="No analysis has run on this project yet.">Start one above.</Empty>}
        {status.data && status.data.analyses.length > 0 && (
          <ul class="runs">
            {status.data.analyses.map((r) => (
              <RunItem
                key={r.id}
                run={r}
                projectId={project.shortId}
                canWrite={canWrite}
                onChanged={(text) => {
                  setNotice(text);
                  status.reload();
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

type Start = (body: StartBody, what: string) => Promise<void>;

function Automatic({ projectId, disabled, onStart }: { projectId: string; disabled: boolean; onStart: Start }) {
  const [granularity, setGranularity] = useState<Granularity>('default');
  const [reconsider, setReconsider] = useState(false);
  const [rerun, setRerun] = useState(false);
  const [name, setName] = useState('');
  const { busy, error, submit } = useSubmit(() =>
    onStart(
      {
        projectId,
        type: 'automatic',
        analysisGranularity: granularity,
        ...(rerun ? { rerun: true } : reconsider ? { reconsiderSkipped: true } : {}),
        ...(name.trim() ? { name: name.trim() } : {}),
      },
      'The automatic analysis',
    ),
  );
  return (
    <section aria-labelledby="start-automatic" class="card">
      <h2 id="start-automatic">Automatic</h2>
      <p class="hint">
        sift finds the themes itself, files insights with their quotes under a tree of categories. Later runs take only new documents, unless you analyse every
        document again (another granularity, say).
      </p>
      <form onSubmit={submit}>
        <Select label="Granularity" options={GRANULARITIES} value={granularity} onChange={(e) => setGranularity(e.currentTarget.value as Granularity)} />
        <div class="check">
          <input id="rerun" type="checkbox" checked={rerun} onChange={(e) => setRerun(e.currentTarget.checked)} />
          <label for="rerun">Analyse every document again, as a run of its own (no credits)</label>
        </div>
        {!rerun && (
          <div class="check">
            <input id="reconsider" type="checkbox" checked={reconsider} onChange={(e) => setReconsider(e.currentTarget.checked)} />
            <label for="reconsider">Try skipped and failed documents again</label>
          </div>
        )}
        <Field label="Name (optional)" value={name} maxLength={500} placeholder="Automatic · date and time" onInput={(e) => setName(e.currentTarget.value)} />
        <ErrorNote error={error} />
        <button type="submit" disabled={busy || disabled}>
          {busy ? 'Starting…' : 'Start automatic analysis'}
        </button>
      </form>
    </section>
  );
}

function Predefined({ projectId, disabled, onStart }: { projectId: string; disabled: boolean; onStart: Start }) {
  const [text, setText] = useState('');
  const categories = parseCategories(text);
  const { busy, error, submit } = useSubmit(() =>
    onStart({ projectId, type: 'predefined', categories: categories.slice(0, 100) }, `The analysis over ${categories.length} categories`),
  );
  return (
    <section aria-labelledby="start-predefined" class="card">
      <h2 id="start-predefined">Predefined categories</h2>
      <form onSubmit={submit}>
        <TextArea
          label="Categories, one per line"
          rows={5}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          placeholder={'Pricing: what people say about cost\nOnboarding\nBank sync'}
          hint="Type or paste them (a spreadsheet's two columns work): a name, optionally followed by a colon and a description. Up to 100."
        />
        <p class="hint" aria-live="polite">
          {categories.length === 0
            ? 'No category yet.'
            : `${categories.length} categor${categories.length === 1 ? 'y' : 'ies'}: ${categories.map((c) => c.name).join(', ')}`}
        </p>
        <ErrorNote error={error} />
        <button type="submit" disabled={busy || disabled || categories.length === 0}>
          {busy ? 'Starting…' : 'Start predefined analysis'}
        </button>
      </form>
    </section>
  );
}

function Summaries({ projectId, disabled, onStart }: { projectId: string; disabled: boolean; onStart: Start }) {
  const { busy, error, submit } = useSubmit(() => onStart({ projectId, type: 'summaries' }, 'The summaries'));
  return (
    <section aria-labelledby="start-summaries" class="card">
      <h2 id="start-summaries">Summaries</h2>
      <p class="hint">One memo per document (its most central sentences), under "Tags, notes &amp; memos".</p>
      <form onSubmit={submit}>
        <ErrorNote error={error} />
        <button type="submit" disabled={busy || disabled}>
          {busy ? 'Starting…' : 'Write summaries'}
        </button>
      </form>
    </section>
  );
}

/** A run: its name, type and time, progress and verdicts; where its results are; rename and delete for owners and admins. */
function RunItem({ run, projectId, canWrite, onChanged }: { run: AnalysisRun; projectId: string; canWrite: boolean; onChanged: (notice: string) => void }) {
  const c = run.coverage;
  const pct = Math.round(run.progress * 100);
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const titleId = `run-${run.id}`;
  const done = (notice: string | null) => {
    setMode('view');
    if (notice) onChanged(notice);
  };
  return (
    <li class="run" aria-labelledby={titleId}>
      <div class="run-head">
        <strong id={titleId} class="run-name">
          {run.name}
        </strong>{' '}
        <StatusBadge status={run.status} />
      </div>
      <p class="run-meta muted">
        {RUN_TITLES[run.type] ?? run.type}
        {run.rerun ? ', every document again' : ''} · started {when(run.startedAt ?? run.createdAt)}
      </p>
      <progress max={100} value={pct} aria-label={`${run.name}: ${pct}% of documents have a verdict`} />
      <p class="verdicts">
        Verdicts: <span>{c.analysed} analysed</span> · <span>{c.skipped} skipped</span> · <span>{c.failed} failed</span> · <span>{c.pending} waiting</span>
      </p>
      {run.note && <p class="notice">{run.note}</p>}
      {run.error && <p class="field-error">{run.error}</p>}
      <p class="run-links">
        {run.status === 'completed' && codingRun(run) && (
          <>
            <a href={href(['p', projectId, 'explore'], { run: run.id })}>Explore the categories and insights</a>
            <a href={href(['p', projectId, 'agreement'], { a: run.id })}>Compare with another coding</a>
          </>
        )}
        {run.status === 'completed' && !codingRun(run) && <a href={href(['p', projectId, 'notes'])}>Read the memos</a>}
        {canWrite && mode === 'view' && (
          <>
            <button type="button" class="secondary small" onClick={() => setMode('rename')} aria-label={`Rename ${run.name}`}>
              Rename
            </button>
            <button type="button" class="secondary small" onClick={() => setMode('delete')} aria-label={`Delete ${run.name}…`}>
              Delete…
            </button>
          </>
        )}
      </p>
      {mode === 'rename' && <RenameRun run={run} projectId={projectId} onDone={done} />}
      {mode === 'delete' && <DeleteRun run={run} projectId={projectId} onDone={done} />}
    </li>
  );
}

function RenameRun({ run, projectId, onDone }: { run: AnalysisRun; projectId: string; onDone: (notice: string | null) => void }) {
  const [name, setName] = useState(run.name);
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await call<{ analysis: AnalysisRun }, 'account', 'rename_analysis'>('account', 'rename_analysis', {
      projectId,
      analysisId: run.id,
      name: name.trim(),
    });
    onDone(`"${run.name}" is now called "${answer.analysis.name}".`);
  });
  return (
    <form onSubmit={submit} class="inline-form run-form">
      <Field label="New name" value={name} maxLength={500} required onInput={(e) => setName(e.currentTarget.value)} />
      <button type="submit" disabled={busy || !name.trim() || name.trim() === run.name}>
        {busy ? 'Saving…' : 'Save name'}
      </button>
      <button type="button" class="secondary" onClick={() => onDone(null)}>
        Cancel
      </button>
      <ErrorNote error={error} />
    </form>
  );
}

function DeleteRun({ run, projectId, onDone }: { run: AnalysisRun; projectId: string; onDone: (notice: string | null) => void }) {
  const questionId = `delete-${run.id}`;
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await call<{ categoryIds: string[]; insightIds: string[] }, 'account', 'delete_analysis'>('account', 'delete_analysis', {
      projectId,
      analysisId: run.id,
    });
    const categories = answer.categoryIds.length;
    const insights = answer.insightIds.length;
    onDone(`"${run.name}" deleted, with ${categories} categor${categories === 1 ? 'y' : 'ies'} and ${insights} insight${insights === 1 ? '' : 's'}.`);
  });
  return (
    <form onSubmit={submit} role="alertdialog" aria-labelledby={questionId} class="danger-zone">
      <p id={questionId}>
        Delete "{run.name}" with its categories and insights (and the tags' links and notes on them)? Documents, memos, tags, categories made by hand and other
        runs stay as they are. This cannot be undone.
      </p>
      <button type="submit" class="danger" disabled={busy}>
        {busy ? 'Deleting…' : 'Yes, delete the run'}
      </button>{' '}
      <button type="button" class="secondary" onClick={() => onDone(null)}>
        Cancel
      </button>
      <ErrorNote error={error} />
    </form>
  );
}
