import { useEffect } from 'preact/hooks';
import { call } from '../api.js';
import type { AnalysisRun, Category, Insight, ReadDocument } from '../types.js';
import { href, navigate } from '../router.js';
import { RunPicker, runNamer, useRuns } from '../runs.js';
import { Empty, ErrorNote, Loading, PageTitle, useAsync } from '../ui.js';
import type { ProjectProps } from './project.js';

const subtreeCount = (c: Category): number => c.insightCount + c.children.reduce((s, k) => s + subtreeCount(k), 0);

function findCategory(nodes: readonly Category[], id: string): Category | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findCategory(n.children, id);
    if (inner) return inner;
  }
  return null;
}

/** The categories of one run (or of every run, in a group per run), and the insights of the category chosen. */
export function ExploreTab({ project, query }: ProjectProps) {
  const runId = query.get('run') ?? '';
  const runs = useRuns(project.shortId);
  const tree = useAsync(
    () =>
      call<{ categories: Category[] }, 'read', 'get_categories'>('read', 'get_categories', runId ? { analysisId: runId } : {}, {
        projectId: project.shortId,
      }),
    [project.id, runId],
  );
  const runName = runNamer(runs.data);
  const chosen = query.get('category');
  const categories = tree.data?.categories ?? [];
  const current = chosen ? findCategory(categories, chosen) : null;
  const groups = runId ? [{ analysisId: runId as string | null, roots: categories }] : groupByRun(categories, runs.data ?? []);
  const pick = (id: string) => navigate(href(['p', project.shortId, 'explore'], { run: id || undefined }));
  return (
    <>
      <PageTitle>Explore</PageTitle>
      <div class="run-bar">
        <RunPicker runs={runs.data ?? []} value={runId} onChange={pick} />
        <a href={href(['p', project.shortId, 'agreement'], { a: runId || undefined })}>Compare two codings</a>
      </div>
      <ErrorNote error={runs.error} onRetry={runs.reload} />
      {tree.loading && !tree.data && <Loading />}
      <ErrorNote error={tree.error} onRetry={tree.reload} />
      {tree.data && categories.length === 0 && !runId && (
        <Empty title="No categories yet.">
          Run an analysis on the <a href={href(['p', project.shortId, 'analysis'])}>Analysis</a> page: it files insights under categories, shown here with their
          quotes.
        </Empty>
      )}
      {tree.data && categories.length === 0 && runId && <Empty title={`${runName(runId)} made no categories.`}>Choose another run, or all runs, above.</Empty>}
      {categories.length > 0 && (
        <div class="explore">
          <nav aria-labelledby="tree-title" class="tree card">
            <h2 id="tree-title">Categories</h2>
            {groups.map((g) => (
              <section key={g.analysisId ?? 'by-hand'} class="run-group" aria-label={`Categories of ${runName(g.analysisId)}`}>
                <h3 class="run-group-title">{runName(g.analysisId)}</h3>
                <CategoryTree nodes={g.roots} projectId={project.shortId} runId={runId} chosen={chosen} parentRun={g.analysisId} runName={runName} />
              </section>
            ))}
          </nav>
          <section class="grow" aria-labelledby="insights-title">
            {current ? (
              <CategoryInsights category={current} projectId={project.shortId} runId={runId} runName={runName} />
            ) : (
              <>
                <h2 id="insights-title">Insights</h2>
                <Empty title="Choose a category to read its insights and their quotes." />
              </>
            )}
          </section>
        </div>
      )}
    </>
  );
}

/**
 * Every run's categories: the roots in a group per run (newest run first, those made by hand
 * last), so that no category stands in a list without its run.
 */
function groupByRun(roots: readonly Category[], runs: readonly AnalysisRun[]): { analysisId: string | null; roots: Category[] }[] {
  const order = new Map(runs.map((r, k) => [r.id as string | null, k]));
  const groups = new Map<string | null, Category[]>();
  for (const c of roots) groups.set(c.analysisId, [...(groups.get(c.analysisId) ?? []), c]);
  const rank = (id: string | null) => (id === null ? Number.MAX_SAFE_INTEGER : (order.get(id) ?? runs.length));
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b)).map(([analysisId, list]) => ({ analysisId, roots: list }));
}

interface TreeProps {
  nodes: readonly Category[];
  projectId: string;
  runId: string;
  chosen: string | null;
  /** The run of the group or parent the nodes stand under: a node of another run says its own. */
  parentRun: string | null;
  runName: (analysisId: string | null) => string;
}

function CategoryTree({ nodes, projectId, runId, chosen, parentRun, runName }: TreeProps) {
  return (
    <ul class="tree-list">
      {nodes.map((c) => {
        const total = subtreeCount(c);
        return (
          <li key={c.id}>
            <a
              class="tree-link"
              href={href(['p', projectId, 'explore'], { run: runId || undefined, category: c.id })}
              aria-current={c.id === chosen ? 'true' : undefined}
            >
              <span>
                {c.text}
                {c.analysisId !== parentRun && <span class="run-tag">{runName(c.analysisId)}</span>}
              </span>{' '}
              <span class="count" title={`${c.insightCount} insights filed here${total !== c.insightCount ? `, ${total} with the subcategories` : ''}`}>
                {c.insightCount}
                {total !== c.insightCount ? ` / ${total}` : ''}
              </span>
            </a>
            {c.children.length > 0 && (
              <CategoryTree nodes={c.children} projectId={projectId} runId={runId} chosen={chosen} parentRun={c.analysisId} runName={runName} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function CategoryInsights(props: { category: Category; projectId: string; runId: string; runName: (analysisId: string | null) => string }) {
  const { category, projectId, runId, runName } = props;
  const insights = useAsync(
    () =>
      call<{ insights: Insight[] }, 'read', 'get_insights'>(
        'read',
        'get_insights',
        { filters: { categories: [category.id] }, ...(runId ? { analysisId: runId } : {}) },
        { projectId },
      ),
    [category.id, projectId, runId],
  );
  const documents = useAsync(() => call<{ documents: ReadDocument[] }, 'read', 'get_documents'>('read', 'get_documents', {}, { projectId }), [projectId]);
  const nameOf = new Map((documents.data?.documents ?? []).map((d) => [d.id, d.filename]));
  const list = insights.data?.insights ?? [];
  return (
    <>
      <h2 id="insights-title">{category.text}</h2>
      <p class="made-by">
        <span class="run-tag">{runName(category.analysisId)}</span>
      </p>
      {category.description && <p class="muted">{category.description}</p>}
      {insights.loading && !insights.data && <Loading />}
      <ErrorNote error={insights.error} onRetry={insights.reload} />
      {insights.data && list.length === 0 && <Empty title="No insight is filed under this category." />}
      <ul class="insights">
        {list.map((i) => (
          <li key={i.id} class="insight card">
            <p class="insight-text">
              {i.documentId ? (
                <a href={href(['p', projectId, 'read', i.documentId], { insight: i.id })} class="insight-link">
                  {i.text}
                </a>
              ) : (
                i.text
              )}
            </p>
            {i.description && <p class="muted">{i.description}</p>}
            {i.quotes.map((q) => (
              <blockquote key={q}>{q}</blockquote>
            ))}
            <p class="insight-meta muted">
              {i.id} · <span class="run-tag">{runName(i.analysisId)}</span>
              {i.documentId && <> · from {nameOf.get(i.documentId) ?? `document ${i.documentId}`}</>}
              {i.categories.length > 1 && (
                <>
                  {' '}
                  · also in{' '}
                  {i.categories
                    .filter((c) => c.id !== category.id)
                    .map((c) => c.text)
                    .join(', ')}
                </>
              )}
              {i.tags.length > 0 && <> · tags: {i.tags.map((t) => t.text).join(', ')}</>}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** `#/p/P/insight/I4`: opens the insight in the document it quotes (notes and tags name insights by id only). */
export function InsightRedirect({ projectId, insightId }: { projectId: string; insightId: string }) {
  const found = useAsync(
    () => call<{ insight: Insight }, 'read', 'get_insights'>('read', 'get_insights', { id: insightId }, { projectId }),
    [projectId, insightId],
  );
  const documentId = found.data?.insight.documentId;
  useEffect(() => {
    if (documentId) window.location.replace(href(['p', projectId, 'read', documentId], { insight: insightId }));
  }, [documentId, projectId, insightId]);
  if (found.error) return <ErrorNote error={found.error} onRetry={found.reload} />;
  if (found.data && !documentId) return <Empty title={`Insight ${insightId} quotes no document.`}>{found.data.insight.text}</Empty>;
  return <Loading label="Opening the insight…" />;
}
