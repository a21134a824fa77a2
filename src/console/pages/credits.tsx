import { useState } from 'preact/hooks';
import { call } from '../api.js';
import type { Credits } from '../types.js';
import { credits, Empty, ErrorNote, Loading, PageTitle, useAsync, when } from '../ui.js';

const PAGE = 25;

/** The account's balance and its ledger, newest first. */
export function CreditsPage() {
  const [offset, setOffset] = useState(0);
  const data = useAsync(() => call<Credits, 'account', 'get_credits'>('account', 'get_credits', { limit: PAGE, offset }), [offset]);
  // Older lines name their project by its UUID: shown by its name.
  const projects = useAsync(() => call<{ projects: { id: string; name: string }[] }, 'account', 'list_projects'>('account', 'list_projects', {}), []);
  const nameOf = new Map((projects.data?.projects ?? []).map((p) => [p.id, p.name]));
  const what = (reason: string, projectId: string | null) =>
    projectId && nameOf.has(projectId) ? reason.replace(`project ${projectId}`, `project "${nameOf.get(projectId)}"`) : reason;
  const c = data.data;
  return (
    <div class="page">
      <PageTitle>Credits</PageTitle>
      {data.loading && !c && <Loading />}
      <ErrorNote error={data.error} onRetry={data.reload} />
      {c && (
        <>
          <p class="balance">
            Balance: <strong>{credits(c.creditBalance)}</strong>
          </p>
          <p class="hint">Confirming documents charges credits (by their words); analyses are included. Your operator grants credits.</p>
          {c.ledger.length === 0 ? (
            <Empty title="No credit has been granted or charged yet." />
          ) : (
            <div class="table-wrap">
              <table>
                <caption class="visually-hidden">Ledger, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">What</th>
                    <th scope="col" class="num">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {c.ledger.map((e) => (
                    <tr key={e.id}>
                      <td>{when(e.createdAt)}</td>
                      <td>{what(e.reason, e.projectId)}</td>
                      <td class={e.amount < 0 ? 'num negative' : 'num'}>
                        {e.amount > 0 ? '+' : ''}
                        {e.amount.toLocaleString('en')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav aria-label="Ledger pages" class="pager">
            {c.offset > 0 && (
              <button type="button" class="secondary" onClick={() => setOffset(Math.max(0, c.offset - PAGE))}>
                Newer
              </button>
            )}
            {c.nextOffset !== null && (
              <button type="button" class="secondary" onClick={() => setOffset(c.nextOffset ?? 0)}>
                Older
              </button>
            )}
          </nav>
        </>
      )}
    </div>
  );
}
