import { useState } from 'preact/hooks';
import { agreementCsvHref, call } from '../api.js';
import { parsePairs } from '../pairs-input.js';
import type { Agreement, AnalysisRun, CodeAgreement } from '../types.js';
import { href, navigate } from '../router.js';
import { BY_HAND, codingRun, runChoice, useRuns } from '../runs.js';
import { Empty, ErrorNote, Loading, PageTitle, Select, TextArea, useAsync } from '../ui.js';
import type { ProjectProps } from './project.js';

/** Passages listed per page. */
const PAGE = 20;
/** A coding in the address and the CSV's query: a run's id, or `manual` for the coding by hand. */
const MANUAL = 'manual';

const coding = (v: string) => ({ analysisId: v === MANUAL ? null : v });
const percent = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)}%`);
const figure = (x: number | null) => (x === null ? '–' : x.toFixed(3));
const pairName = (c: { codeA: string; codeB: string }) => (c.codeA === c.codeB ? c.codeA : `${c.codeA} / ${c.codeB}`);

/**
 * Agreement (issue 43): two codings of the same documents compared sentence by sentence, per code
 * pair and overall, with the passages where they disagree. The choice lives in the address, so a
 * comparison can be bookmarked and shared.
 */
export function AgreementTab({ project, query }: ProjectProps) {
  const runs = useRuns(project.shortId);
  const a = query.get('a') ?? '';
  const b = query.get('b') ?? '';
  const pairsText = query.get('pairs') ?? '';
  const code = query.get('code') ?? '';
  const offset = Number(query.get('offset') ?? 0) || 0;
  const { pairs } = parsePairs(pairsText);
  const to = (more: { code?: string; offset?: number }) =>
    href(['p', project.shortId, 'agreement'], {
      a,
      b,
      pairs: pairsText || undefined,
      code: more.code || undefined,
      offset: more.offset ? String(more.offset) : undefined,
    });
  const result = useAsync(
    () =>
      a && b
        ? call<Agreement, 'read', 'compare_codings'>(
            'read',
            'compare_codings',
            { a: coding(a), b: coding(b), ...(pairs.length ? { pairs } : {}), ...(code ? { code } : {}), offset, limit: PAGE },
            { projectId: project.shortId },
          )
        : Promise.resolve(null),
    [project.id, a, b, pairsText, code, offset],
  );
  const codings = runs.data?.filter(codingRun) ?? [];
  return (
    <>
      <PageTitle>Agreement</PageTitle>
      <p class="hint">
        How far two codings of the same documents agree, sentence by sentence: two runs, or a run and the coding made by hand or imported from a REFI-QDA
        project. Codes are categories' names; they pair by name unless you pair them.
      </p>
      {runs.loading && !runs.data && <Loading />}
      <ErrorNote error={runs.error} onRetry={runs.reload} />
      {runs.data && <CompareForm key={`${a}|${b}|${pairsText}`} projectId={project.shortId} runs={codings} a={a} b={b} pairsText={pairsText} />}
      {result.loading && a && b && <Loading label="Comparing…" />}
      <ErrorNote error={result.error} onRetry={result.reload} />
      {result.data && <Figures answer={result.data} csv={agreementCsvHref(project.shortId, a, b, pairs)} passagesOf={(c) => to({ code: c })} />}
      {result.data && <Passages answer={result.data} projectId={project.shortId} code={code} to={to} />}
    </>
  );
}

function CompareForm(props: { projectId: string; runs: readonly AnalysisRun[]; a: string; b: string; pairsText: string }) {
  const { projectId, runs } = props;
  const options: [string, string][] = [...runs.map((r): [string, string] => [r.id, runChoice(r)]), [MANUAL, BY_HAND]];
  const first = props.a || runs[0]?.id || MANUAL;
  const [a, setA] = useState(first);
  const [b, setB] = useState(props.b || options.find(([id]) => id !== first)?.[0] || MANUAL);
  const [text, setText] = useState(props.pairsText);
  const { wrong } = parsePairs(text);
  if (runs.length === 0) {
    return (
      <Empty title="No run has coded this project yet.">
        Start an automatic or predefined analysis on the <a href={href(['p', projectId, 'analysis'])}>Analysis</a> page, then compare it with another run or
        with the coding made by hand.
      </Empty>
    );
  }
  return (
    <form
      class="card agreement-form"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(href(['p', projectId, 'agreement'], { a, b, pairs: text.trim() || undefined }));
      }}
    >
      <div class="codings">
        <Select label="Coding A" options={options} value={a} onChange={(e) => setA(e.currentTarget.value)} />
        <Select label="Coding B" options={options} value={b} onChange={(e) => setB(e.currentTarget.value)} />
      </div>
      <TextArea
        label="Code pairs (optional)"
        rows={3}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        placeholder={'Fees = Pricing\nSupport = Help desk'}
        hint="One per line: a code of A, then =, then its counterpart in B. Without pairs, codes pair by name, exactly as written."
      />
      {wrong.length > 0 && <p class="field-error">Not a pair (write "code of A = code of B"): {wrong.join('; ')}</p>}
      <button type="submit" disabled={wrong.length > 0}>
        Compare
      </button>
    </form>
  );
}

function Side({ label, side }: { label: string; side: Agreement['a'] }) {
  return (
    <li>
      <span class="label">{label}</span> <strong>{side.name}</strong>
      {side.status && side.status !== 'completed' ? ` (${side.status}: compared as far as it got)` : ''} · {side.documents} document
      {side.documents === 1 ? '' : 's'}
      {side.unplacedQuotes > 0 && (
        <span class="muted">
          {' '}
          · {side.unplacedQuotes} quote{side.unplacedQuotes === 1 ? '' : 's'} not found in the text (coding nothing)
        </span>
      )}
    </li>
  );
}

function FigureCells({ row }: { row: { percentAgreement: number | null; kappa: number | null; alpha: number | null } }) {
  const none = row.kappa === null ? 'neither coding applied this code' : undefined;
  return (
    <>
      <td class="num c-agreement" data-label="Agreement" title={none}>
        {percent(row.percentAgreement)}
      </td>
      <td class="num c-kappa" data-label="Kappa" title={none}>
        {figure(row.kappa)}
      </td>
      <td class="num c-alpha" data-label="Alpha" title={none}>
        {figure(row.alpha)}
      </td>
    </>
  );
}

function CountCells({ counts }: { counts: CodeAgreement['counts'] }) {
  return (
    <>
      <td class="num" data-label="Both">
        {counts.both}
      </td>
      <td class="num" data-label="Only A">
        {counts.onlyA}
      </td>
      <td class="num" data-label="Only B">
        {counts.onlyB}
      </td>
      <td class="num" data-label="Neither">
        {counts.neither}
      </td>
    </>
  );
}

function Figures({ answer, csv, passagesOf }: { answer: Agreement; csv: string; passagesOf: (code: string) => string }) {
  const { overall } = answer;
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title">Agreement per code</h2>
      <ul class="sides">
        <Side label="A" side={answer.a} />
        <Side label="B" side={answer.b} />
      </ul>
      <p>
        Over {answer.documents} document{answer.documents === 1 ? '' : 's'} and {answer.units} sentence{answer.units === 1 ? '' : 's'}. Cohen's kappa and
        Krippendorff's alpha (nominal) are 1 where the codings agree on every sentence, 0 where they agree as often as chance would.
      </p>
      {answer.codes.length === 0 ? (
        <Empty title="Neither coding applied a code to these documents." />
      ) : (
        <div class="table-wrap">
          <table class="agreement">
            <thead>
              <tr>
                <th scope="col">Code in A</th>
                <th scope="col">Code in B</th>
                <th scope="col" class="num">
                  Both
                </th>
                <th scope="col" class="num">
                  Only A
                </th>
                <th scope="col" class="num">
                  Only B
                </th>
                <th scope="col" class="num">
                  Neither
                </th>
                <th scope="col" class="num">
                  Agreement
                </th>
                <th scope="col" class="num">
                  Kappa
                </th>
                <th scope="col" class="num">
                  Alpha
                </th>
                <th scope="col" class="num">
                  Passages
                </th>
              </tr>
            </thead>
            <tbody>
              {answer.codes.map((c) => (
                <tr key={`${c.codeA}\u0000${c.codeB}`} data-code={pairName(c)}>
                  <th scope="row" class="c-code">
                    {c.codeA}
                  </th>
                  <td class={c.codeA === c.codeB ? 'c-code-b same' : 'c-code-b'} data-label="In B">
                    {c.codeB}
                  </td>
                  <CountCells counts={c.counts} />
                  <FigureCells row={c} />
                  <td class="num c-passages" data-label="Passages">
                    {c.disagreements > 0 ? (
                      <a href={passagesOf(c.codeA)} aria-label={`${c.disagreements} disagreeing passages of ${pairName(c)}`}>
                        {c.disagreements}
                      </a>
                    ) : (
                      0
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr class="overall" data-code="mean">
                <th scope="row" class="c-code" colSpan={6}>
                  Mean over {overall.codes} code{overall.codes === 1 ? '' : 's'}
                </th>
                <FigureCells row={overall.mean} />
                <td class="c-passages" />
              </tr>
              <tr class="overall" data-code="pooled">
                <th scope="row" class="c-code" colSpan={2}>
                  Pooled
                </th>
                <CountCells counts={overall.pooled.counts} />
                <FigureCells row={overall.pooled} />
                <td class="c-passages" />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {answer.unpairedA.length > 0 && <p class="muted">Codes of A in no pair: {answer.unpairedA.join(', ')}</p>}
      {answer.unpairedB.length > 0 && <p class="muted">Codes of B in no pair: {answer.unpairedB.join(', ')}</p>}
      <p>
        <a class="button secondary" href={csv} download="agreement.csv">
          Download as CSV
        </a>{' '}
        <span class="hint">every code, the overall figures and every disagreeing passage, in one table</span>
      </p>
    </section>
  );
}

function Passages(props: { answer: Agreement; projectId: string; code: string; to: (more: { code?: string; offset?: number }) => string }) {
  const { answer, projectId, code, to } = props;
  const list = answer.passages;
  const nameOf = { a: answer.a.name, b: answer.b.name };
  return (
    <section aria-labelledby="passages-title">
      <h2 id="passages-title">
        Where they disagree{code ? `: ${code}` : ''}
        {list.length > 0 && (
          <span class="muted small">
            {' '}
            ({answer.offset + 1}–{answer.offset + list.length} of {answer.totalPassages})
          </span>
        )}
      </h2>
      {code && (
        <p>
          <a href={to({})}>Every code's passages</a>
        </p>
      )}
      {answer.totalPassages === 0 && <Empty title={code ? `The codings agree on every sentence of ${code}.` : 'The codings agree on every sentence.'} />}
      <ol class="passages" start={answer.offset + 1}>
        {list.map((p) => (
          <li key={`${p.codeA}\u0000${p.codeB}\u0000${p.documentId}\u0000${p.start}`} class="passage card">
            <p class="muted small">
              <a href={href(['p', projectId, 'read', p.documentId])}>{p.filename}</a> · {pairName(p)} · only {p.appliedBy.toUpperCase()} ({nameOf[p.appliedBy]})
              coded it
            </p>
            <blockquote>{p.text}</blockquote>
          </li>
        ))}
      </ol>
      <nav aria-label="Passage pages" class="pager">
        {answer.offset > 0 && <a href={to({ code, offset: Math.max(0, answer.offset - PAGE) })}>Previous</a>}
        {answer.nextOffset !== null && <a href={to({ code, offset: answer.nextOffset })}>Next</a>}
      </nav>
    </section>
  );
}
