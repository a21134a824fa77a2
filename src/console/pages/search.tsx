import { useState } from 'preact/hooks';
import { call } from '../api.js';
import type { SearchResult } from '../types.js';
import { href, navigate } from '../router.js';
import { rangeSegments } from '../highlight.js';
import { Empty, ErrorNote, Field, Loading, PageTitle, useAsync } from '../ui.js';
import { runNamer, useRunNames } from '../runs.js';
import type { ProjectProps } from './project.js';

const TOP_K = 20;

interface SearchAnswer {
  results: SearchResult[];
  total: number;
  offset: number;
}

const BY: Record<SearchResult['matchedBy'], string> = { words: 'by its words', meaning: 'by meaning', both: 'by words and meaning' };

/** "87% match by its words": the score as a share, and how the result matched. */
const matchLabel = (r: SearchResult) => `${Math.round(r.score * 100)}% match ${BY[r.matchedBy]}`;

/** Search over the project's passages and insights; the query lives in the address. */
export function SearchTab({ project, query }: ProjectProps) {
  const q = query.get('q') ?? '';
  const onlyInsights = query.get('only') === 'insights';
  const participantsOnly = query.get('who') === 'participants';
  const offset = Number(query.get('offset') ?? 0) || 0;
  const [text, setText] = useState(q);
  const [insightsOnly, setInsightsOnly] = useState(onlyInsights);
  const [participants, setParticipants] = useState(participantsOnly);
  const results = useAsync(
    () =>
      q
        ? call<SearchAnswer, 'read', 'search'>(
            'read',
            'search',
            { query: q, topK: TOP_K, offset, onlyInsights, ...(participantsOnly ? { participantsOnly } : {}) },
            { projectId: project.shortId },
          )
        : Promise.resolve(null),
    [q, onlyInsights, participantsOnly, offset, project.id],
  );
  const who = (on: boolean) => (on ? 'participants' : undefined);
  const to = (o: number) =>
    href(['p', project.shortId, 'search'], { q, only: onlyInsights ? 'insights' : undefined, who: who(participantsOnly), offset: o ? String(o) : undefined });
  const answer = results.data;
  // Two runs may find the same point: each insight says its run.
  const runs = useRunNames(project.shortId);
  const runName = runNamer(runs.data);
  return (
    <>
      <PageTitle>Search</PageTitle>
      <search>
        <form
          class="search-form"
          onSubmit={(e) => {
            e.preventDefault();
            navigate(href(['p', project.shortId, 'search'], { q: text.trim(), only: insightsOnly ? 'insights' : undefined, who: who(participants) }));
          }}
        >
          <Field label="Search this project" type="search" name="q" value={text} maxLength={8000} onInput={(e) => setText(e.currentTarget.value)} />
          <div class="check">
            <input id="only-insights" type="checkbox" checked={insightsOnly} onChange={(e) => setInsightsOnly(e.currentTarget.checked)} />
            <label for="only-insights">Insights only</label>
          </div>
          <div class="check">
            <input id="participants-only" type="checkbox" checked={participants} onChange={(e) => setParticipants(e.currentTarget.checked)} />
            <label for="participants-only">Participants' words only</label>
          </div>
          <button type="submit" disabled={!text.trim()}>
            Search
          </button>
        </form>
      </search>
      {results.loading && q && <Loading label="Searching…" />}
      <ErrorNote error={results.error} onRetry={results.reload} />
      {!q && <Empty title="Type words or a question.">sift finds passages by their words and by their meaning, and the insights that match.</Empty>}
      {answer && answer.results.length === 0 && <Empty title={`Nothing matches "${q}".`}>Try other words, or fewer of them.</Empty>}
      {answer && answer.results.length > 0 && (
        <section aria-labelledby="results-title">
          <h2 id="results-title">
            Results {answer.offset + 1}–{answer.offset + answer.results.length} of {answer.total}
          </h2>
          <ol class="results" start={answer.offset + 1}>
            {answer.results.map((r) => (
              <li key={r.id} class="result card">
                <p class="muted small">
                  {r.documentId ? (
                    <a href={href(['p', project.shortId, 'read', r.documentId], r.type === 'insight' ? { insight: r.id } : { chunk: String(r.chunkIndex) })}>
                      {r.type === 'insight' ? `Insight ${r.id}` : `Passage ${(r.chunkIndex ?? 0) + 1} of ${r.documentId}`}
                    </a>
                  ) : (
                    `Insight ${r.id}`
                  )}
                  {r.type === 'insight' && r.analysisId !== undefined ? ` · ${runName(r.analysisId)}` : ''}
                  {r.type === 'chunk' && r.speaker ? ` · ${r.speaker}${r.role === 'interviewer' ? ' (interviewer)' : ''}` : ''} ·{' '}
                  <span title={`score ${r.score.toFixed(2)} of 1`}>{matchLabel(r)}</span>
                </p>
                <p class={r.type === 'insight' ? 'result-text insight-text' : 'result-text'}>
                  {rangeSegments(r.snippet.text, r.snippet.highlights).map((piece, k) => (piece.hit ? <mark key={k}>{piece.text}</mark> : piece.text))}
                </p>
              </li>
            ))}
          </ol>
          <nav aria-label="Result pages" class="pager">
            {answer.offset > 0 && <a href={to(Math.max(0, answer.offset - TOP_K))}>Previous</a>}
            {answer.offset + answer.results.length < answer.total && <a href={to(answer.offset + TOP_K)}>Next</a>}
          </nav>
        </section>
      )}
    </>
  );
}
