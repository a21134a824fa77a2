import { useEffect, useMemo, useState } from 'preact/hooks';
import { call } from '../api.js';
import type { Chunk, DocumentPage, Insight } from '../types.js';
import { joinChunks, locateQuotes, segments, type Range } from '../highlight.js';
import { href } from '../router.js';
import { Empty, ErrorNote, Loading, PageTitle, StatusBadge, useAsync } from '../ui.js';
import { InsightPanel } from './insight-panel.js';
import { runNamer, useRunNames } from '../runs.js';
import type { ProjectProps } from './project.js';

const PAGE = 30;
/** Pages read at once before the reader asks (a very long document stays responsive). */
const PAGES_AT_ONCE = 20;

interface Loaded {
  document: DocumentPage['document'];
  chunks: Chunk[];
  totalChunks: number;
  nextOffset: number | null;
}

async function readFrom(projectId: string, documentId: string, offset: number): Promise<Loaded> {
  let page = await call<DocumentPage, 'read', 'read_document'>('read', 'read_document', { documentId, offset, limit: PAGE }, { projectId });
  const chunks = [...page.chunks];
  for (let n = 1; page.nextOffset !== null && n < PAGES_AT_ONCE; n++) {
    page = await call<DocumentPage, 'read', 'read_document'>('read', 'read_document', { documentId, offset: page.nextOffset, limit: PAGE }, { projectId });
    chunks.push(...page.chunks);
  }
  return { document: page.document, chunks, totalChunks: page.totalChunks, nextOffset: page.nextOffset };
}

/**
 * A document with every quoted passage highlighted. Each highlight is a link that selects the
 * insight it supports (hover or focus shows the insight and its categories; the panel beside
 * the text shows it in full); `?insight=` in the address selects one, `?chunk=` a passage.
 */
export function ReaderView({ project, canWrite, query, documentId }: ProjectProps & { documentId: string }) {
  const projectId = project.shortId;
  const doc = useAsync(() => readFrom(projectId, documentId, 0), [projectId, documentId]);
  const insights = useAsync(
    () => call<{ insights: Insight[] }, 'read', 'get_insights'>('read', 'get_insights', { filters: { documentIds: [documentId] } }, { projectId }),
    [projectId, documentId],
  );
  // Two runs may quote the same passage: each insight says its run.
  const runs = useRunNames(projectId);
  const runName = runNamer(runs.data);
  const [more, setMore] = useState<{ loading: boolean; error: Error | null }>({ loading: false, error: null });
  const selected = query.get('insight');
  const chunkParam = query.get('chunk');
  const focusChunk = chunkParam === null ? null : Number(chunkParam);
  const list = useMemo(() => insights.data?.insights ?? [], [insights.data]);
  const byId = useMemo(() => new Map(list.map((i) => [i.id, i])), [list]);

  const layout = useMemo(() => {
    const chunks = doc.data?.chunks ?? [];
    const { text, starts } = joinChunks(chunks.map((c) => c.text));
    const { ranges, missing } = locateQuotes(
      text,
      list.map((i) => ({ insightId: i.id, quotes: i.quotes })),
    );
    return { chunks, starts, ranges, missing };
  }, [doc.data, list]);

  useEffect(() => {
    const target = selected ? document.querySelector('.mark-active') : focusChunk !== null ? document.getElementById(`chunk-${focusChunk}`) : null;
    target?.scrollIntoView({ block: 'center' });
  }, [selected, focusChunk, layout]);

  const loadMore = async () => {
    if (!doc.data || doc.data.nextOffset === null) return;
    setMore({ loading: true, error: null });
    try {
      const next = await readFrom(projectId, documentId, doc.data.nextOffset);
      doc.setData({ ...next, chunks: [...doc.data.chunks, ...next.chunks] });
      setMore({ loading: false, error: null });
    } catch (error) {
      setMore({ loading: false, error: error as Error });
    }
  };

  if (doc.error) return <ErrorNote error={doc.error} onRetry={doc.reload} />;
  if (!doc.data) return <Loading label="Reading the document…" />;
  const d = doc.data;
  const found = new Set(layout.ranges.map((r) => r.insightId));
  return (
    <>
      <p class="breadcrumb">
        <a href={href(['p', projectId, 'explore'])}>Explore</a> <span aria-hidden="true">›</span> {d.document.filename}
      </p>
      <PageTitle>{d.document.filename}</PageTitle>
      <p class="muted">
        <StatusBadge status={d.document.status} /> {d.totalChunks} passage{d.totalChunks === 1 ? '' : 's'} ·{' '}
        {list.length === 1 ? '1 insight quotes' : `${list.length} insights quote`} this document
      </p>
      <ErrorNote error={insights.error} onRetry={insights.reload} />
      <div class="reader">
        <article class="document-text" aria-label={`Text of ${d.document.filename}`}>
          {d.chunks.length === 0 && (
            <Empty title="This document has no text to show yet.">It is readable once it is ready: confirm it on the Documents page and wait a moment.</Empty>
          )}
          {d.chunks.map((c, k) => (
            <ChunkText
              key={c.index}
              chunk={c}
              turnStarts={c.speaker !== null && (k === 0 || d.chunks[k - 1]!.speaker !== c.speaker)}
              offset={layout.starts[k] ?? 0}
              ranges={layout.ranges}
              byId={byId}
              runName={runName}
              selected={selected}
              focused={c.index === focusChunk}
              link={(id) => href(['p', projectId, 'read', documentId], { insight: id })}
            />
          ))}
          {d.nextOffset !== null && (
            <p>
              <button type="button" class="secondary" onClick={loadMore} disabled={more.loading}>
                {more.loading ? 'Reading…' : `Read on (${d.totalChunks - d.chunks.length} more passages)`}
              </button>
            </p>
          )}
          <ErrorNote error={more.error} />
        </article>
        <aside class="reader-side" aria-label="Insights of this document">
          {selected && byId.get(selected) ? (
            <InsightPanel
              insight={byId.get(selected)!}
              runName={runName(byId.get(selected)!.analysisId)}
              projectId={projectId}
              canWrite={canWrite}
              quotesFound={layout.ranges.filter((r) => r.insightId === selected).length}
              closeHref={href(['p', projectId, 'read', documentId])}
            />
          ) : (
            <p class="hint">Choose a highlighted passage, or an insight below, to see what it supports.</p>
          )}
          <h2 class="small-heading">Insights quoting this document</h2>
          {insights.data && list.length === 0 && <Empty title="No insight quotes this document yet." />}
          <ul class="insight-index">
            {list.map((i) => (
              <li key={i.id}>
                <a href={href(['p', projectId, 'read', documentId], { insight: i.id })} aria-current={i.id === selected ? 'true' : undefined}>
                  {i.text}
                </a>
                <span class="muted"> {i.categories.map((c) => c.text).join(', ')}</span> <span class="run-tag">{runName(i.analysisId)}</span>
                {!found.has(i.id) && <span class="muted"> (quote not in the passages read so far)</span>}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}

/**
 * A passage: a transcript's passage is one speaker's words (its label and time stamp are not in
 * its text), so the speaker is written before it where a new speaker's turn starts, and an
 * interviewer's turns are set apart from the participants'.
 */
function ChunkText(props: {
  chunk: Chunk;
  turnStarts: boolean;
  offset: number;
  ranges: readonly Range[];
  byId: Map<string, Insight>;
  runName: (analysisId: string | null) => string;
  selected: string | null;
  focused: boolean;
  link: (insightId: string) => string;
}) {
  const { chunk, offset, ranges, byId, runName, selected, focused, link } = props;
  const parts = segments(chunk.text, offset, ranges);
  const classes = ['chunk', ...(chunk.role === 'interviewer' ? ['chunk-interviewer'] : []), ...(focused ? ['chunk-focused'] : [])];
  return (
    <p id={`chunk-${chunk.index}`} class={classes.join(' ')} data-speaker={chunk.speaker ?? undefined} data-role={chunk.role ?? undefined}>
      {props.turnStarts && (
        <>
          <strong class="speaker" title={chunk.role ? `${chunk.speaker} (${chunk.role})` : undefined}>
            {chunk.speaker}:
          </strong>{' '}
        </>
      )}
      {parts.map((s, k) => {
        if (s.insightIds.length === 0) return <span key={k}>{s.text}</span>;
        const supports = s.insightIds.map((id) => byId.get(id)).filter((i): i is Insight => !!i);
        const active = selected !== null && s.insightIds.includes(selected);
        // With several insights on one passage, following the link steps to the next one.
        const target = active ? s.insightIds[(s.insightIds.indexOf(selected!) + 1) % s.insightIds.length]! : s.insightIds[0]!;
        const tip = supports.map((i) => `${i.text} — ${i.categories.map((c) => c.text).join(', ') || 'no category'} (${runName(i.analysisId)})`).join('\n');
        return (
          <mark key={k} class={active ? 'mark-active' : undefined} data-insights={s.insightIds.join(' ')}>
            <a href={link(target)} class="mark-link" data-tip={tip} title={tip}>
              {s.text}
              <span class="visually-hidden"> (quoted by {supports.map((i) => `${i.id}: ${i.text}`).join('; ')})</span>
            </a>
          </mark>
        );
      })}
    </p>
  );
}
