import { useState } from 'preact/hooks';
import { call, codebookHref, uploadCodebook } from '../api.js';
import type { AnalysisRun, Category, CodebookStarted } from '../types.js';
import { href, navigate } from '../router.js';
import { codingRun, runChoice, useRuns } from '../runs.js';
import { Empty, ErrorNote, Field, Loading, Notice, PageTitle, Select, useAsync, useSubmit } from '../ui.js';
import type { ProjectProps } from './project.js';

type CodebookCategory = CodebookStarted['codebook'][number];

/** A category tree as a list, parents before their children, each with its parent's name. */
function flatten(tree: readonly Category[], parent: string | null = null): { name: string; description: string; parent: string | null }[] {
  return tree.flatMap((c) => [{ name: c.text, description: c.description, parent }, ...flatten(c.children, c.text)]);
}

/**
 * Codebook (issue 43, part 2): a run's categories, as the researcher left them, as a codebook:
 * used at once as a predefined run over every ready document (owners and admins), downloaded as
 * `.qdc`, CSV or Markdown, or a `.qdc` or CSV file uploaded to start such a run.
 */
export function CodebookTab({ project, canWrite, query }: ProjectProps) {
  const runs = useRuns(project.shortId);
  const coding = runs.data?.filter(codingRun) ?? [];
  const run = query.get('run') || coding[0]?.id || '';
  const [made, setMade] = useState<CodebookStarted | null>(null);
  const onStarted = (answer: CodebookStarted) => {
    setMade(answer);
    runs.reload();
  };
  return (
    <>
      <PageTitle>Codebook</PageTitle>
      <p class="hint">
        A run's categories as you left them (renamed, merged, moved, deleted) make a codebook: each code's name, description, parent and a few quotes as
        examples. Use it to code every document again as a run of its own, download it for another tool, or start a run from a codebook file.
      </p>
      {runs.loading && !runs.data && <Loading />}
      <ErrorNote error={runs.error} onRetry={runs.reload} />
      {made && <Made answer={made} projectId={project.shortId} />}
      {runs.data && coding.length === 0 && (
        <Empty title="No run has coded this project yet.">
          Start an automatic or predefined analysis on the <a href={href(['p', project.shortId, 'analysis'])}>Analysis</a> page; its categories then make a
          codebook.
        </Empty>
      )}
      {runs.data && coding.length > 0 && (
        <RunCodebook
          key={run}
          projectId={project.shortId}
          runs={coding}
          run={run}
          canWrite={canWrite}
          onStarted={onStarted}
          onPick={(id) => {
            setMade(null);
            navigate(href(['p', project.shortId, 'codebook'], { run: id }));
          }}
        />
      )}
      {runs.data && canWrite && <UploadCodebook projectId={project.shortId} onStarted={onStarted} />}
    </>
  );
}

function RunCodebook(props: {
  projectId: string;
  runs: readonly AnalysisRun[];
  run: string;
  canWrite: boolean;
  onStarted: (answer: CodebookStarted) => void;
  onPick: (id: string) => void;
}) {
  const { projectId, runs, run, canWrite } = props;
  const chosen = runs.find((r) => r.id === run);
  const options: [string, string][] = runs.map((r) => [r.id, runChoice(r)]);
  if (!chosen) options.push([run, `run ${run.slice(0, 8)} (not found)`]);
  const tree = useAsync(
    () => call<{ categories: Category[] }, 'read', 'get_categories'>('read', 'get_categories', { analysisId: run }, { projectId }),
    [projectId, run],
  );
  const [name, setName] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await call<CodebookStarted, 'account', 'use_as_codebook'>('account', 'use_as_codebook', {
      projectId,
      analysisId: run,
      ...(name.trim() ? { name: name.trim() } : {}),
    });
    setName('');
    props.onStarted(answer);
  });
  const codes = tree.data ? flatten(tree.data.categories) : [];
  return (
    <section aria-labelledby="run-codebook" class="card">
      <h2 id="run-codebook">A run's codebook</h2>
      <div class="run-picker">
        <Select label="Run" options={options} value={run} onChange={(e) => props.onPick(e.currentTarget.value)} />
      </div>
      {tree.loading && !tree.data && <Loading />}
      <ErrorNote error={tree.error} onRetry={tree.reload} />
      {tree.data && codes.length === 0 && <Empty title="This run has no categories (left)." />}
      {codes.length > 0 && (
        <>
          <p class="muted small">
            {codes.length} code{codes.length === 1 ? '' : 's'}
            {chosen && chosen.status !== 'completed' ? ` (the run is ${chosen.status}: a codebook needs it done)` : ''}
          </p>
          <Codes codes={codes} />
        </>
      )}
      <p class="downloads">
        <span class="label">Download</span> <a href={codebookHref(projectId, 'qdc', run)}>.qdc (REFI-QDA)</a> ·{' '}
        <a href={codebookHref(projectId, 'csv', run)}>CSV</a> · <a href={codebookHref(projectId, 'md', run)}>Markdown</a>
        <span class="hint"> — with up to 5 quotes per code as examples</span>
      </p>
      {canWrite && codes.length > 0 && (
        <form onSubmit={submit} class="codebook-use">
          <Field
            label="Name of the new run (optional)"
            value={name}
            maxLength={500}
            placeholder={`Codebook · ${chosen?.name ?? 'the run'}`}
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <ErrorNote error={error} />
          <button type="submit" disabled={busy}>
            {busy ? 'Starting…' : 'Use as codebook'}
          </button>{' '}
          <span class="hint">codes every ready document again with these codes, as a predefined run of its own (no credits)</span>
        </form>
      )}
    </section>
  );
}

/** Codes as a list: name, parent, description and (when known) examples. */
function Codes({ codes }: { codes: readonly (Omit<CodebookCategory, 'examples'> & { examples?: string[] })[] }) {
  return (
    <ul class="codebook">
      {codes.map((c) => (
        <li key={`${c.parent ?? ''}\u0000${c.name}`} class="code" data-code={c.name}>
          <strong class="code-name">{c.name}</strong>
          {c.parent && <span class="muted small code-parent"> under {c.parent}</span>}
          {c.description && <p class="code-description">{c.description}</p>}
          {c.examples && c.examples.length > 0 && (
            <ul class="code-examples">
              {c.examples.map((q, k) => (
                <li key={k}>
                  <blockquote>{q}</blockquote>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The run a codebook started, and the codebook it codes with. */
function Made({ answer, projectId }: { answer: CodebookStarted; projectId: string }) {
  const r = answer.analysis;
  return (
    <section aria-labelledby="made-title" class="card codebook-made">
      <Notice text={`"${r.name}" started with a codebook of ${answer.codebook.length} code${answer.codebook.length === 1 ? '' : 's'}.`} />
      <h2 id="made-title">The codebook of {r.name}</h2>
      <p>
        <a href={href(['p', projectId, 'analysis'])}>Follow the run on Analysis</a> ·{' '}
        <a href={href(['p', projectId, 'explore'], { run: r.id })}>Explore its categories</a> ·{' '}
        <a href={href(['p', projectId, 'codebook'], { run: r.id })}>Its codebook</a>
        {r.note && <span class="muted"> · {r.note}</span>}
      </p>
      <Codes codes={answer.codebook} />
    </section>
  );
}

function UploadCodebook({ projectId, onStarted }: { projectId: string; onStarted: (answer: CodebookStarted) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    if (!file) return;
    onStarted(await uploadCodebook<CodebookStarted>(projectId, file, name.trim() || undefined));
  });
  return (
    <section aria-labelledby="upload-codebook" class="card">
      <h2 id="upload-codebook">Start a run from a codebook file</h2>
      <p class="hint">
        A REFI-QDA codebook (.qdc) or a CSV with the columns name, description, parent, examples: its codes become a predefined run over every ready document.
      </p>
      <form onSubmit={submit}>
        <div class="field">
          <label for="codebook-file">Codebook file (.qdc or .csv)</label>
          <input id="codebook-file" type="file" accept=".qdc,.csv,text/csv,application/xml" onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)} />
        </div>
        <Field label="Name of the run (optional)" value={name} maxLength={500} onInput={(e) => setName(e.currentTarget.value)} />
        <ErrorNote error={error} />
        <button type="submit" disabled={busy || !file}>
          {busy ? 'Starting…' : 'Start the run'}
        </button>
      </form>
    </section>
  );
}
