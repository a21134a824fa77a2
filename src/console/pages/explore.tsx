import { useEffect } from 'preact/hooks';
import { call } from '../api.js';
import type { Category, Insight, ReadDocument } from '../types.js';
import { href } from '../router.js';
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

/** The category tree with counts beside the insights of the category chosen, each with its quotes. */
export function ExploreTab({ project, query }: ProjectProps) {
  const tree = useAsync(
    () => call<{ categories: Category[] }, 'read', 'get_categories'>('read', 'get_categories', {}, { projectId: project.shortId }),
    [project.id],
  );
  const chosen = query.get('category');
  const categories = tree.data?.categories ?? [];
  const current = chosen ? findCategory(categories, chosen) : null;
  return (
    <>
      <PageTitle>Explore</PageTitle>
      {tree.loading && !tree.data && <Loading />}
      <ErrorNote error={tree.error} onRetry={tree.reload} />
      {tree.data && categories.length === 0 && (
        <Empty title="No categories yet.">
          Run an analysis on the <a href={href(['p', project.shortId, 'analysis'])}>Analysis</a> page: it files insights under categories, shown here with their
          quotes.
        </Empty>
      )}
      {categories.length > 0 && (
        <div class="explore">
          <nav aria-labelledby="tree-title" class="tree card">
            <h2 id="tree-title">Categories</h2>
            <CategoryTree nodes={categories} projectId={project.shortId} chosen={chosen} />
          </nav>
          <section class="grow" aria-labelledby="insights-title">
            {current ? (
              <CategoryInsights category={current} projectId={project.shortId} />
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

function CategoryTree({ nodes, projectId, chosen }: { nodes: readonly Category[]; projectId: string; chosen: string | null }) {
  return (
    <ul class="tree-list">
      {nodes.map((c) => {
        const total = subtreeCount(c);
        return (
          <li key={c.id}>
            <a class="tree-link" href={href(['p', projectId, 'explore'], { category: c.id })} aria-current={c.id === chosen ? 'true' : undefined}>
              <span>{c.text}</span>{' '}
              <span class="count" title={`${c.insightCount} insights filed here${total !== c.insightCount ? `, ${total} with the subcategories` : ''}`}>
                {c.insightCount}
                {total !== c.insightCount ? ` / ${total}` : ''}
              </span>
            </a>
            {c.children.length > 0 && <CategoryTree nodes={c.children} projectId={projectId} chosen={chosen} />}
          </li>
        );
      })}
    </ul>
  );
}

function CategoryInsights({ category, projectId }: { category: Category; projectId: string }) {
  const insights = useAsync(
    () => call<{ insights: Insight[] }, 'read', 'get_insights'>('read', 'get_insights', { filters: { categories: [category.id] } }, { projectId }),
    [category.id, projectId],
  );
  const documents = useAsync(() => call<{ documents: ReadDocument[] }, 'read', 'get_documents'>('read', 'get_documents', {}, { projectId }), [projectId]);
  const nameOf = new Map((documents.data?.documents ?? []).map((d) => [d.id, d.filename]));
  const list = insights.data?.insights ?? [];
  return (
    <>
      <h2 id="insights-title">{category.text}</h2>
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
              {i.id}
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
