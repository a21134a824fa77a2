import { useState } from 'preact/hooks';
import { call, matrixHref, type MatrixQuery } from '../api.js';
import type { Insight, Matrix, MetadataField } from '../types.js';
import { href, navigate } from '../router.js';
import { RunPicker, useRuns } from '../runs.js';
import { Empty, ErrorNote, Loading, PageTitle, Select, useAsync } from '../ui.js';
import type { ProjectProps } from './project.js';

/** Insights of a cell shown at a time (`get_insights` takes 10 ids at most). */
const CELL_PAGE = 10;

const COLUMN_KINDS: readonly (readonly [string, string])[] = [
  ['participant', 'Participants'],
  ['document', 'Documents'],
  ['metadata', 'A metadata field'],
  ['code-passage', 'Codes: co-occurring on a passage'],
  ['code-document', 'Codes: co-occurring in a document'],
];

const MEASURES = [
  ['insights', 'Insights'],
  ['participants', 'Participants'],
  ['shareOfRow', "Share of the code's insights"],
  ['shareOfColumn', "Share of the column's insights"],
  ['participantShare', "Share of the column's participants"],
] as const;
type Measure = (typeof MEASURES)[number][0];
type Cell = Matrix['rows'][number]['cells'][number];

const isShare = (m: Measure) => m.startsWith('share') || m === 'participantShare';
const shown = (m: Measure, c: Cell) => {
  const v = c[m];
  if (v === null) return '–';
  return isShare(m) ? `${Math.round(v * 100)}%` : String(v);
};
/** Five shades of the heat map (0: nothing), relative to the grid's largest figure. */
const level = (v: number | null, max: number) => (v === null || v <= 0 || max <= 0 ? 0 : Math.max(1, Math.ceil((v / max) * 5)));

/** The query of `get_matrix` (and the downloads) from the page's address. */
function matrixQuery(query: URLSearchParams): MatrixQuery | null {
  const kind = query.get('columns') ?? 'participant';
  const run = query.get('run') ?? '';
  const category = query.get('category') ?? '';
  const base = { ...(run ? { analysisId: run } : {}), ...(category ? { categoryId: category } : {}) };
  if (kind === 'metadata') {
    const field = query.get('field');
    return field ? { columns: 'metadata', field, ...base } : null;
  }
  if (kind === 'code-passage' || kind === 'code-document') return { columns: 'code', by: kind.slice(5), ...base };
  return { columns: kind === 'document' ? 'document' : 'participant', ...base };
}

const bodyOf = (q: MatrixQuery) => ({
  columns: q.columns as 'participant' | 'document' | 'metadata' | 'code',
  ...(q.field ? { field: q.field } : {}),
  ...(q.by ? { by: q.by as 'passage' | 'document' } : {}),
  ...(q.analysisId ? { analysisId: q.analysisId === 'manual' ? null : q.analysisId } : {}),
  ...(q.categoryId ? { categoryId: q.categoryId } : {}),
});

/**
 * Matrix (issue 43, part 4): codes against participants, documents, a metadata field's values or
 * codes again, as a heat map of one measure, each code's frequency as a bar chart, a cell's
 * insights with their quotes on a click, and the CSV and .xlsx. The choice lives in the address.
 */
export function MatrixTab({ project, query }: ProjectProps) {
  const projectId = project.shortId;
  const runs = useRuns(projectId);
  const fields = useAsync(() => call<{ fields: MetadataField[] }, 'read', 'get_metadata'>('read', 'get_metadata', {}, { projectId }), [projectId]);
  const run = query.get('run') ?? '';
  const kind = query.get('columns') ?? 'participant';
  const field = query.get('field') ?? '';
  const category = query.get('category') ?? '';
  const measure = (MEASURES.find(([m]) => m === query.get('measure'))?.[0] ?? 'insights') as Measure;
  const q = matrixQuery(query);
  const to = (more: Record<string, string | undefined>) =>
    href(['p', projectId, 'matrix'], { run: run || undefined, columns: kind, field: field || undefined, category: category || undefined, measure, ...more });
  const matrix = useAsync(
    () => (q ? call<Matrix, 'read', 'get_matrix'>('read', 'get_matrix', bodyOf(q), { projectId }) : Promise.resolve(null)),
    [projectId, run, kind, field, category],
  );
  const [cell, setCell] = useState<{ row: string; column: string; label: string } | null>(null);
  const fieldOptions: [string, string][] = [['', 'Choose a field'], ...(fields.data?.fields ?? []).map((f): [string, string] => [f.shortName, f.text])];
  return (
    <>
      <PageTitle>Matrix</PageTitle>
      <p class="hint">
        Codes (a run's root categories) against participants, documents, the values of a metadata field, or codes again: how often each code comes up where, and
        who says it. Click a cell for its insights and quotes.
      </p>
      <form class="card matrix-form" onSubmit={(e) => e.preventDefault()}>
        <div class="codings">
          {runs.data ? (
            <RunPicker
              runs={runs.data}
              value={run}
              onChange={(id) => {
                setCell(null);
                navigate(to({ run: id || undefined, category: undefined }));
              }}
            />
          ) : (
            <Loading />
          )}
          <Select
            label="Columns"
            options={COLUMN_KINDS}
            value={kind}
            onChange={(e) => {
              setCell(null);
              navigate(to({ columns: e.currentTarget.value }));
            }}
          />
          {kind === 'metadata' && (
            <Select
              label="Field"
              options={fieldOptions}
              value={field}
              onChange={(e) => {
                setCell(null);
                navigate(to({ field: e.currentTarget.value || undefined }));
              }}
            />
          )}
          <Select label="Measure" options={MEASURES} value={measure} onChange={(e) => navigate(to({ measure: e.currentTarget.value }))} />
        </div>
      </form>
      <ErrorNote error={runs.error} onRetry={runs.reload} />
      {kind === 'metadata' && !field && <Empty title="Choose the metadata field whose values are the columns." />}
      {matrix.loading && <Loading label="Counting…" />}
      <ErrorNote error={matrix.error} onRetry={matrix.reload} />
      {matrix.data && q && (
        <>
          <HeatMap
            matrix={matrix.data}
            measure={measure}
            picked={cell}
            onPick={setCell}
            rowsOf={(id) => to({ category: id })}
            top={category ? to({ category: undefined }) : null}
          />
          {cell && <CellInsights key={`${cell.row}\u0000${cell.column}`} projectId={projectId} query={q} cell={cell} onClose={() => setCell(null)} />}
          <Frequencies matrix={matrix.data} />
          <p class="downloads">
            <span class="label">Download</span>{' '}
            <a href={matrixHref(projectId, 'csv', { ...q, measure })} download="matrix.csv">
              CSV (this measure)
            </a>{' '}
            · <a href={matrixHref(projectId, 'xlsx', q)}>.xlsx (a sheet per measure)</a>
          </p>
        </>
      )}
    </>
  );
}

/**
 * The heat map as a plain table whose cells are text: one click and one key handler on the table
 * rather than a button and a closure in each of up to 2,400 cells (a 200-document project's
 * participants), and one tab stop with arrow keys between cells (the ARIA grid's roving focus)
 * rather than thousands. Columns have a fixed width so the browser lays the table out from its
 * first row instead of measuring every cell.
 */
function HeatMap(props: {
  matrix: Matrix;
  measure: Measure;
  picked: { row: string; column: string } | null;
  onPick: (cell: { row: string; column: string; label: string }) => void;
  /** The address of the matrix whose rows are a category's children; `top`: back to the root categories. */
  rowsOf: (categoryId: string) => string;
  top: string | null;
}) {
  const { matrix, measure, picked } = props;
  const [focus, setFocus] = useState<[number, number]>([0, 0]);
  if (matrix.rows.length === 0) return <Empty title="No code here.">{props.top && <a href={props.top}>Back to the top codes</a>}</Empty>;
  if (matrix.columns.length === 0) return <Empty title="No column: no document in scope." />;
  const max = Math.max(0, ...matrix.rows.flatMap((r) => r.cells.map((c) => c[measure] ?? 0)));
  const [fr, fc] = [Math.min(focus[0], matrix.rows.length - 1), Math.min(focus[1], matrix.columns.length - 1)];
  const where = (k: number) => {
    const col = matrix.columns[k]!;
    return col.filename && col.filename !== col.label ? `${col.label} (${col.filename})` : col.label;
  };
  const cellAt = (target: EventTarget | null): [number, number] | null => {
    const td = (target as HTMLElement | null)?.closest?.('td[data-r]');
    return td ? [Number(td.getAttribute('data-r')), Number(td.getAttribute('data-c'))] : null;
  };
  const pick = (r: number, c: number) => {
    const row = matrix.rows[r]!;
    if (row.cells[c]!.insights > 0) props.onPick({ row: row.id, column: matrix.columns[c]!.id, label: `${row.name} × ${where(c)}` });
  };
  const moveTo = (table: HTMLElement, r: number, c: number) => {
    const next: [number, number] = [Math.max(0, Math.min(r, matrix.rows.length - 1)), Math.max(0, Math.min(c, matrix.columns.length - 1))];
    setFocus(next);
    table.querySelector<HTMLElement>(`td[data-r="${next[0]}"][data-c="${next[1]}"]`)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = cellAt(e.target);
    if (!at) return;
    const [r, c] = at;
    const table = e.currentTarget as HTMLElement;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      Home: [r, 0],
      End: [r, matrix.columns.length - 1],
    };
    if (e.key === 'Enter' || e.key === ' ') pick(r, c);
    else if (moves[e.key]) moveTo(table, ...moves[e.key]!);
    else return;
    e.preventDefault();
  };
  return (
    <section aria-labelledby="heat-title">
      <h2 id="heat-title">Heat map</h2>
      <p class="muted small">
        {matrix.totals.insights} insight{matrix.totals.insights === 1 ? '' : 's'} · {matrix.totals.participants} participant
        {matrix.totals.participants === 1 ? '' : 's'} · {matrix.totals.documents} document{matrix.totals.documents === 1 ? '' : 's'}
        {matrix.field ? ` · ${matrix.field.text}` : ''}
      </p>
      <p class="muted small" id="heat-keys">
        Click a cell, or move to it with the arrow keys and press Enter, for its insights.
      </p>
      {matrix.parent && props.top && (
        <p>
          Rows: the codes under <strong>{matrix.parent.name}</strong> · <a href={props.top}>Back to the top codes</a>
        </p>
      )}
      <div class="matrix-wrap">
        <table
          class="matrix"
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA's data grid pattern puts role="grid" on a table.
          role="grid"
          aria-labelledby="heat-title"
          aria-describedby="heat-keys"
          style={{ width: `calc(var(--code-column) + ${matrix.columns.length} * var(--heat-column))` }}
          onClick={(e) => {
            const at = cellAt(e.target);
            if (!at) return;
            setFocus(at);
            pick(...at);
          }}
          onKeyDown={onKeyDown}
        >
          <colgroup>
            <col class="code-column" />
            {matrix.columns.map((c) => (
              <col key={c.id} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Code</th>
              {matrix.columns.map((c) => (
                <th key={c.id} scope="col" title={c.filename && c.speaker ? `${c.speaker} in ${c.filename}` : c.label}>
                  {c.label}
                  {c.filename && c.filename !== c.label && (
                    <>
                      {' '}
                      <span class="col-file">{c.filename}</span>
                    </>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {matrix.rows.map((r, ri) => (
              <tr key={r.id} data-row={r.name}>
                <th scope="row" title={r.name}>
                  {r.children > 0 ? (
                    <a href={props.rowsOf(r.id)} aria-label={`${r.name}: its ${r.children} code${r.children === 1 ? '' : 's'} as rows`}>
                      {r.name}
                    </a>
                  ) : (
                    r.name
                  )}
                </th>
                {r.cells.map((cell, k) => (
                  <td
                    key={k}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid's cells (the data grid pattern).
                    role="gridcell"
                    data-r={ri}
                    data-c={k}
                    tabIndex={ri === fr && k === fc ? 0 : -1}
                    aria-selected={picked?.row === r.id && picked.column === matrix.columns[k]!.id}
                    class={`heat-${level(cell[measure], max)}${cell.insights > 0 ? ' has' : ''}`}
                  >
                    {shown(measure, cell)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Each code's insights as a horizontal bar under its name (SVG drawn here; it scales with the page). */
function Frequencies({ matrix }: { matrix: Matrix }) {
  if (matrix.rows.length === 0) return null;
  const max = Math.max(1, ...matrix.rows.map((r) => r.insights));
  const width = 480;
  const room = width - 50;
  const step = 44;
  const height = matrix.rows.length * step + 4;
  const cut = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);
  return (
    <section aria-labelledby="freq-title">
      <h2 id="freq-title">How often each code comes up</h2>
      <svg class="bars" viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="freq-svg-title freq-desc">
        <title id="freq-svg-title">Insights per code</title>
        <desc id="freq-desc">{matrix.rows.map((r) => `${r.name}: ${r.insights} insights, ${r.participants} participants`).join('; ')}</desc>
        {matrix.rows.map((r, k) => {
          const y = 2 + k * step;
          const w = Math.max(1, (r.insights / max) * room);
          return (
            <g key={r.id} class="bar" data-code={r.name}>
              <title>{`${r.name}: ${r.insights} insights by ${r.participants} participants in ${r.documents} documents`}</title>
              <text x="0" y={y + 13}>
                {cut(r.name)}
              </text>
              <rect x="0" y={y + 19} width={w} height="18" rx="3" />
              <text x={w + 6} y={y + 33} class="bar-value">
                {r.insights}
              </text>
            </g>
          );
        })}
      </svg>
    </section>
  );
}

function CellInsights(props: { projectId: string; query: MatrixQuery; cell: { row: string; column: string; label: string }; onClose: () => void }) {
  const { projectId, query, cell } = props;
  const [offset, setOffset] = useState(0);
  const page = useAsync(async () => {
    const m = await call<Matrix, 'read', 'get_matrix'>(
      'read',
      'get_matrix',
      { ...bodyOf(query), cell: { row: cell.row, column: cell.column, offset, limit: CELL_PAGE } },
      { projectId },
    );
    const ids = m.cell?.insightIds ?? [];
    const insights = ids.length
      ? ((await call<{ insights?: Insight[] }, 'read', 'get_insights'>('read', 'get_insights', { ids }, { projectId })).insights ?? [])
      : [];
    return { insights, total: m.cell?.total ?? 0, nextOffset: m.cell?.nextOffset ?? null };
  }, [projectId, cell.row, cell.column, offset]);
  return (
    <section aria-labelledby="cell-title" class="card cell-insights">
      <h2 id="cell-title">
        {cell.label}
        {page.data && (
          <span class="muted small">
            {' '}
            ({page.data.total} insight{page.data.total === 1 ? '' : 's'})
          </span>
        )}
      </h2>
      <button type="button" class="secondary" onClick={props.onClose}>
        Close
      </button>
      {page.loading && <Loading />}
      <ErrorNote error={page.error} onRetry={page.reload} />
      {page.data && (
        <ol class="cell-list" start={offset + 1}>
          {page.data.insights.map((i) => (
            <li key={i.id} class="insight">
              <p class="insight-text">
                <strong>{i.text}</strong>
                {i.documentId && (
                  <>
                    {' '}
                    · <a href={href(['p', projectId, 'read', i.documentId], { insight: i.id })}>read in its document</a>
                  </>
                )}
              </p>
              {i.quotes.map((quote, k) => (
                <blockquote key={k}>{quote}</blockquote>
              ))}
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Insight pages" class="pager">
        {offset > 0 && (
          <button type="button" class="secondary" onClick={() => setOffset(Math.max(0, offset - CELL_PAGE))}>
            Previous
          </button>
        )}
        {page.data?.nextOffset != null && (
          <button type="button" class="secondary" onClick={() => setOffset(page.data!.nextOffset!)}>
            Next
          </button>
        )}
      </nav>
    </section>
  );
}
