import { useState } from 'preact/hooks';
import { call, newIdempotencyKey } from '../api.js';
import type { ProjectStatus } from '../types.js';
import { href } from '../router.js';
import { credits, Empty, ErrorNote, Loading, Notice, PageTitle, StatusBadge, useAsync, useInterval, useSubmit } from '../ui.js';
import type { ProjectProps } from './project.js';
import { FileUpload, UrlUpload, type UploadItem } from './upload.js';

/** Status is polled while something is being extracted or processed (the account surface allows 30 calls a minute). */
const POLL_MS = 4000;

const isBusy = (s: ProjectStatus | undefined) => !!s && s.documents.some((d) => d.status === 'pending' || d.status === 'processing');

export function DocumentsTab({ project, canWrite }: ProjectProps) {
  const status = useAsync(
    () => call<ProjectStatus, 'account', 'get_project_status'>('account', 'get_project_status', { projectId: project.shortId }),
    [project.id],
  );
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const uploading = uploads.some((u) => u.state === 'uploading' || u.state === 'waiting');
  useInterval(status.reload, isBusy(status.data) || uploading ? POLL_MS : null);

  return (
    <>
      <PageTitle>Documents of {project.name}</PageTitle>
      <Notice text={notice} />
      {canWrite && (
        <div class="columns">
          <FileUpload projectId={project.shortId} uploads={uploads} setUploads={setUploads} onUploaded={status.reload} onNotice={setNotice} />
          <UrlUpload projectId={project.shortId} onUploaded={status.reload} onNotice={setNotice} />
        </div>
      )}
      {status.loading && !status.data && <Loading />}
      <ErrorNote error={status.error} onRetry={status.reload} />
      {status.data && (
        <>
          {canWrite && <ConfirmPanel status={status.data} projectId={project.shortId} onDone={status.reload} onNotice={setNotice} />}
          <DocumentTable status={status.data} projectId={project.shortId} canWrite={canWrite} onChanged={status.reload} onNotice={setNotice} />
        </>
      )}
    </>
  );
}

function ConfirmPanel({
  status,
  projectId,
  onDone,
  onNotice,
}: {
  status: ProjectStatus;
  projectId: string;
  onDone: () => void;
  onNotice: (s: string) => void;
}) {
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const confirm = async (batch: ProjectStatus['confirmableBatches'][number]) => {
    setBusy(batch.pipeline);
    setError(null);
    try {
      const answer = await call<{ confirmedDocumentIds: string[]; creditsCharged: number; creditBalance: number }, 'account', 'confirm_documents'>(
        'account',
        'confirm_documents',
        { projectId, expectedCreditCost: batch.creditCost, documentIds: batch.documentIds },
        { idempotencyKey: newIdempotencyKey() },
      );
      onNotice(
        `${answer.confirmedDocumentIds.length} document${answer.confirmedDocumentIds.length === 1 ? '' : 's'} confirmed for ${credits(answer.creditsCharged)}; balance now ${credits(answer.creditBalance)}.`,
      );
    } catch (err) {
      setError(err as Error);
    } finally {
      setBusy(null);
      onDone();
    }
  };
  if (status.confirmableBatches.length === 0) {
    if (status.pendingExtractionCount > 0) {
      return (
        <p class="notice">
          Extracting the text of {status.pendingExtractionCount} document{status.pendingExtractionCount === 1 ? '' : 's'}; the price appears here when it is
          done.
        </p>
      );
    }
    return null;
  }
  // While files are still being extracted their price is unknown: confirming now would leave them for a second confirmation.
  const extracting = status.pendingExtractionCount;
  return (
    <section aria-labelledby="confirm" class="card confirm">
      <h2 id="confirm">Confirm and pay</h2>
      <p>
        Your balance: <strong>{credits(status.creditBalance)}</strong>.
      </p>
      {extracting > 0 && (
        <p class="notice">
          Still extracting the text of {extracting} document{extracting === 1 ? '' : 's'}: you can confirm once every price is known.
        </p>
      )}
      {status.confirmableBatches.map((b) => {
        const after = status.creditBalance - b.creditCost;
        return (
          <div key={b.pipeline} class="batch">
            <p>
              {b.documentIds.length} document{b.documentIds.length === 1 ? '' : 's'} ({b.pipeline} processing) cost <strong>{credits(b.creditCost)}</strong>.
              Your balance after confirming: <strong>{credits(after)}</strong>.
            </p>
            {after < 0 && <p class="field-error">That is more than your balance: delete some documents, or ask your operator for credits.</p>}
            <button type="button" disabled={busy !== null || after < 0 || extracting > 0} onClick={() => confirm(b)}>
              {busy === b.pipeline
                ? 'Confirming…'
                : `Confirm ${b.documentIds.length} document${b.documentIds.length === 1 ? '' : 's'} for ${credits(b.creditCost)}`}
            </button>
          </div>
        );
      })}
      <ErrorNote error={error} />
    </section>
  );
}

function DocumentTable({
  status,
  projectId,
  canWrite,
  onChanged,
  onNotice,
}: {
  status: ProjectStatus;
  projectId: string;
  canWrite: boolean;
  onChanged: () => void;
  onNotice: (s: string) => void;
}) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState(false);
  const docs = status.documents;
  const chosen = docs.filter((d) => selected.has(d.id));
  const { busy, error, submit } = useSubmit(async () => {
    const answer = await call<{ deleted: string[] }, 'account', 'delete_documents'>('account', 'delete_documents', {
      projectId,
      documentIds: chosen.map((d) => d.id),
    });
    setSelected(new Set());
    setAsking(false);
    onNotice(`${answer.deleted.length} document${answer.deleted.length === 1 ? '' : 's'} deleted.`);
    onChanged();
  });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const byId = new Map(docs.map((d) => [d.id, d]));
  if (docs.length === 0) {
    return (
      <Empty title="No documents yet.">
        {canWrite
          ? 'Drop files above, or paste addresses: sift extracts their text and shows the price before anything is charged.'
          : 'An owner or admin of the project uploads them.'}
      </Empty>
    );
  }
  return (
    <section aria-labelledby="doc-list">
      <h2 id="doc-list">
        {docs.length} document{docs.length === 1 ? '' : 's'}
      </h2>
      <div class="table-wrap">
        <table class="documents">
          <thead>
            <tr>
              {canWrite && (
                <th scope="col">
                  <span class="visually-hidden">Select</span>
                </th>
              )}
              <th scope="col">File</th>
              <th scope="col">State</th>
              <th scope="col" class="num">
                Price
              </th>
              <th scope="col">Added</th>
            </tr>
          </thead>
          <tbody>
            {docs.map((d) => (
              <tr key={d.id}>
                {canWrite && (
                  <td class="c-select">
                    <input type="checkbox" checked={selected.has(d.id)} onChange={() => toggle(d.id)} aria-label={`Select ${d.filename}`} />
                  </td>
                )}
                <td class="filename c-file">
                  {d.status === 'ready' ? <a href={href(['p', projectId, 'read', d.id])}>{d.filename}</a> : d.filename}
                  {d.duplicateOf && (
                    <span class="muted block">
                      same content as {byId.get(d.duplicateOf)?.filename ?? 'an earlier document'}: delete it before confirming unless you want both
                    </span>
                  )}
                  {d.error && <span class="field-error block">{d.error}</span>}
                  {d.status === 'empty' && <span class="muted block">no text found in this file (a scan?): delete it, it costs nothing</span>}
                </td>
                <td class="c-state">
                  <StatusBadge status={d.status} />
                </td>
                <td class="num c-price">{d.creditCost === null ? '–' : credits(d.creditCost)}</td>
                <td class="c-added">{new Date(d.createdAt).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canWrite && chosen.length > 0 && (
        <div class="danger-zone">
          {!asking ? (
            <button type="button" class="danger" onClick={() => setAsking(true)}>
              Delete {chosen.length} selected document{chosen.length === 1 ? '' : 's'}…
            </button>
          ) : (
            <form onSubmit={submit} role="alertdialog" aria-labelledby="delete-question">
              <p id="delete-question">
                Delete {chosen.map((d) => d.filename).join(', ')}? Their insights, tags and notes go too; this cannot be undone. Credits already charged are not
                returned.
              </p>
              <button type="submit" class="danger" disabled={busy}>
                {busy ? 'Deleting…' : 'Yes, delete'}
              </button>{' '}
              <button type="button" class="secondary" onClick={() => setAsking(false)}>
                Cancel
              </button>
            </form>
          )}
          <ErrorNote error={error} />
        </div>
      )}
    </section>
  );
}
