import { useState } from 'preact/hooks';
import { call } from '../api.js';
import type { ProjectKey } from '../types.js';
import { Empty, ErrorNote, Loading, PageTitle, Select, useAsync, useSubmit, when } from '../ui.js';
import type { ProjectProps } from './project.js';

type Access = ProjectKey['access'];
const ACCESS = [
  ['read', 'Read: search, read and export (for scripts and AI agents)'],
  ['edit', 'Edit: read and change tags, notes, categories, metadata'],
] as const;

/** The project's keys for scripts: create (the secret shown once), list, revoke. */
export function KeysTab({ project, canWrite }: ProjectProps) {
  return (
    <>
      <PageTitle>Keys</PageTitle>
      {canWrite ? (
        <Keys projectId={project.shortId} />
      ) : (
        <Empty title="Only owners and admins of a project manage its keys.">Ask one of them for a read key if a script of yours needs the project.</Empty>
      )}
    </>
  );
}

function Keys({ projectId }: { projectId: string }) {
  const keys = useAsync(() => call<{ keys: ProjectKey[] }, 'account', 'list_project_keys'>('account', 'list_project_keys', { projectId }), [projectId]);
  const [access, setAccess] = useState<Access>('read');
  const [secret, setSecret] = useState<{ secret: string; access: Access } | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const create = useSubmit(async () => {
    const answer = await call<{ key: ProjectKey; secret: string }, 'account', 'create_project_key'>('account', 'create_project_key', { projectId, access });
    setSecret({ secret: answer.secret, access });
    setCopied(false);
    keys.reload();
  });
  const revoke = useSubmit(async () => {
    if (!revoking) return;
    await call('account', 'revoke_project_key', { projectId, keyId: revoking });
    setRevoking(null);
    keys.reload();
  });
  const list = keys.data?.keys ?? [];
  const origin = window.location.origin;
  return (
    <div class="columns">
      <section aria-labelledby="keys-title" class="grow">
        <h2 id="keys-title">Keys of this project</h2>
        {keys.loading && !keys.data && <Loading />}
        <ErrorNote error={keys.error} onRetry={keys.reload} />
        {keys.data && list.length === 0 && <Empty title="This project has no keys.">Create a read key for a script with the form on this page.</Empty>}
        {list.length > 0 && (
          <div class="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Access</th>
                  <th scope="col">Created</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {list.map((k) => (
                  <tr key={k.id}>
                    <td>
                      <code>{k.id.slice(0, 8)}</code>
                    </td>
                    <td>{k.access}</td>
                    <td>{when(k.createdAt)}</td>
                    <td>
                      {k.revokedAt ? (
                        `revoked ${when(k.revokedAt)}`
                      ) : revoking === k.id ? (
                        <form onSubmit={revoke.submit} class="inline">
                          <span>Revoke? Scripts using it stop working at once.</span>{' '}
                          <button type="submit" class="danger small" disabled={revoke.busy}>
                            Revoke
                          </button>{' '}
                          <button type="button" class="secondary small" onClick={() => setRevoking(null)}>
                            Cancel
                          </button>
                        </form>
                      ) : (
                        <button type="button" class="secondary small" onClick={() => setRevoking(k.id)} aria-label={`Revoke key ${k.id.slice(0, 8)}`}>
                          Revoke…
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ErrorNote error={revoke.error} />
      </section>
      <section aria-labelledby="new-key" class="card side">
        <h2 id="new-key">New key</h2>
        <form onSubmit={create.submit}>
          <Select label="Access" options={ACCESS} value={access} onChange={(e) => setAccess(e.currentTarget.value as Access)} />
          <ErrorNote error={create.error} />
          <button type="submit" disabled={create.busy}>
            Create {access} key
          </button>
        </form>
        {secret && (
          <div class="secret" role="status">
            <p>
              <strong>Copy the {secret.access} key now: it is shown only this once.</strong>
            </p>
            <p>
              <code class="secret-value">{secret.secret}</code>
            </p>
            <button
              type="button"
              class="secondary small"
              onClick={() =>
                navigator.clipboard?.writeText(secret.secret).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
            <p class="hint">For example:</p>
            <pre>{`curl -s -X POST ${origin}/api/sift-read \\
  -H 'Authorization: Bearer ${secret.secret}' \\
  -H 'Content-Type: application/json' \\
  -d '{"action":"get_project"}'`}</pre>
          </div>
        )}
      </section>
    </div>
  );
}
