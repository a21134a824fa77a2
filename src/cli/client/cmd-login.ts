import { SiftClient, SiftError } from '@sift/client';
import type { Command } from './commands.js';
import { DEFAULT_URL } from './config.js';
import { CliError, EXIT, plural, result, usageError } from './output.js';
import { askSecret, readStdin } from './prompt.js';
import { kindOfKey } from './session.js';

const LOGIN_USAGE = `Usage: sift login [--url <url>] [--key <key>] [--project <id or name>] [--json]

Checks a key against the server and saves both to the config file (mode 0600):
$SIFT_CONFIG, else $XDG_CONFIG_HOME/sift/config.json, else ~/.config/sift/config.json.
The key is taken from --key, else SIFT_API_KEY, else standard input (echo "$KEY" | sift login),
else asked for on the terminal. An account key (sift_…e of an account) works with every
command; a project key (sift_…r or sift_…e of a project) with search, insights and export only.
--url defaults to SIFT_URL, the saved address, or ${DEFAULT_URL}; --project saves a default project.`;

const LOGOUT_USAGE = `Usage: sift logout [--json]

Removes the key from the config file, and revokes the read keys sift minted with it
(it mints one per project for search, insights and export when logged in with an account key).`;

async function keyFrom(values: Record<string, unknown>, interactive: boolean): Promise<string> {
  if (typeof values.key === 'string' && values.key.trim()) return values.key.trim();
  if (process.env.SIFT_API_KEY?.trim()) return process.env.SIFT_API_KEY.trim();
  if (!interactive) return readStdin();
  return askSecret('API key: ');
}

export const login: Command = {
  usage: LOGIN_USAGE,
  options: { key: { type: 'string' } },
  positionals: false,
  project: true,
  async run({ io, values, session }) {
    const s = session();
    const url = (values.url as string | undefined) ?? process.env.SIFT_URL ?? s.config.url ?? DEFAULT_URL;
    const key = await keyFrom(values, io.interactive);
    if (!key) throw usageError('no key given', LOGIN_USAGE);
    const client = new SiftClient({ baseUrl: url, key });
    let kind: 'account' | 'project';
    try {
      kind = await kindOfKey(client);
    } catch (err) {
      if (err instanceof SiftError && err.status === 401) throw new CliError(`${url} refused the key`, EXIT.auth, 'unauthorized');
      throw err;
    }
    let summary: Record<string, unknown>;
    let project: string | undefined;
    if (kind === 'account') {
      const answer = await client.account.list_projects();
      const wanted = values.project as string | undefined;
      if (wanted) {
        const found = answer.projects.find((p) => p.id === wanted || p.shortId === wanted || p.name.toLowerCase() === wanted.toLowerCase());
        if (!found) throw new CliError(`no project "${wanted}" among the ${answer.projects.length} the key reaches`, EXIT.conflict, 'not_found');
        project = found.shortId;
      }
      summary = { accountId: answer.accountId, projects: answer.projects.length };
    } else {
      const answer = await client.read.get_project();
      project = answer.project.id;
      summary = { project: answer.project };
    }
    // The default project stays when the same account key logs in again without --project.
    s.update((c) => ({ ...c, url, key, kind, project: project ?? (c.key === key && kind === 'account' ? c.project : undefined) }));
    result(io, { url, kind, ...summary, ...(project ? { defaultProject: project } : {}), config: s.file }, () => [
      kind === 'account'
        ? `Logged in to ${url} with an account key (account ${summary.accountId}, ${plural(summary.projects as number, 'project')}).`
        : `Logged in to ${url} with a project key of "${(summary.project as { name: string }).name}" (${project}): search, insights and export only.`,
      ...(project && kind === 'account' ? [`Default project: ${project}.`] : []),
      `Saved to ${s.file}.`,
    ]);
    return EXIT.ok;
  },
};

export const logout: Command = {
  usage: LOGOUT_USAGE,
  options: {},
  positionals: false,
  project: false,
  async run({ io, session }) {
    const s = session();
    const { key, kind, readKeys = {} } = s.config;
    let revoked = 0;
    if (key && kind === 'account') {
      const client = s.client(key);
      for (const [slot, minted] of Object.entries(readKeys)) {
        const projectId = slot.split(':')[1]!;
        // Best effort: a key revoked already, or a project gone, is no reason to keep the secret.
        await client.account
          .revoke_project_key({ projectId, keyId: minted.id })
          .then(() => revoked++)
          .catch(() => undefined);
      }
    }
    const had = !!key;
    if (had || Object.keys(readKeys).length > 0) s.update(({ key: _key, kind: _kind, readKeys: _readKeys, project: _project, ...rest }) => rest);
    result(io, { loggedOut: had, revokedReadKeys: revoked, config: s.file }, () =>
      had ? `Logged out${revoked ? ` (revoked ${plural(revoked, 'read key')} sift had minted)` : ''}.` : 'Not logged in.',
    );
    return EXIT.ok;
  },
};
