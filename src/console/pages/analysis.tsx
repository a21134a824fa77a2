import { useState } from 'preact/hooks';
import { call, type BodyOf } from '../api.js';
import { parseCategories } from '../categories-input.js';
import type { AnalysisRun, ProjectStatus } from '../types.js';
import { href } from '../router.js';
import { Empty, ErrorNote, Loading, Notice, PageTitle, Select, StatusBadge, TextArea, useAsync, useInterval, useSubmit, when } from '../ui.js';
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
        {status.loading && !status.data && <Loading />}
        <ErrorNote error={status.error} onRetry={status.reload} />
        {status.data && status.data.analyses.length === 0 && <Empty title="No analysis has run on this project yet.">Start one above.</Empty>}
        {status.data && status.data.analyses.length > 0 && (
          <ul class="runs">
            {status.data.analyses.map((r) => (
              <RunItem key={r.id} run={r} projectId={project.shortId} />
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
  const { busy, error, submit } = useSubmit(() =>
    onStart({ projectId, type: 'automatic', analysisGranularity: granularity, ...(reconsider ? { reconsiderSkipped: true } : {}) }, 'The automatic analysis'),
  );
  return (
    <section aria-labelledby="start-automatic" class="card">
      <h2 id="start-automatic">Automatic</h2>
      <p class="hint">sift finds the themes itself, files insights with their quotes under a tree of categories. Later runs take only new documents.</p>
      <form onSubmit={submit}>
        <Select label="Granularity" options={GRANULARITIES} value={granularity} onChange={(e) => setGranularity(e.currentTarget.value as Granularity)} />
        <div class="check">
          <input id="reconsider" type="checkbox" checked={reconsider} onChange={(e) => setReconsider(e.currentTarget.checked)} />
          <label for="reconsider">Try skipped and failed documents again</label>
        </div>
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

function RunItem({ run, projectId }: { run: AnalysisRun; projectId: string }) {
  const c = run.coverage;
  const pct = Math.round(run.progress * 100);
  return (
    <li class="run">
      <div class="run-head">
        <strong>{RUN_TITLES[run.type] ?? run.type}</strong> <StatusBadge status={run.status} />
        <span class="muted">started {when(run.startedAt ?? run.createdAt)}</span>
      </div>
      <progress max={100} value={pct} aria-label={`${RUN_TITLES[run.type] ?? run.type}: ${pct}% of documents have a verdict`} />
      <p class="verdicts">
        Verdicts: <span>{c.analysed} analysed</span> · <span>{c.skipped} skipped</span> · <span>{c.failed} failed</span> · <span>{c.pending} waiting</span>
      </p>
      {run.note && <p class="notice">{run.note}</p>}
      {run.error && <p class="field-error">{run.error}</p>}
      {run.status === 'completed' && (run.type === 'automatic' || run.type === 'predefined') && (
        <p>
          <a href={href(['p', projectId, 'explore'])}>Explore the categories and insights</a>
        </p>
      )}
      {run.status === 'completed' && (run.type === 'summaries' || run.type === 'metadata_summaries') && (
        <p>
          <a href={href(['p', projectId, 'notes'])}>Read the memos</a>
        </p>
      )}
    </li>
  );
}
