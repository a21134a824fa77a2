import { SiftClient, SiftError, type ActionAnswer } from '@sift/client';
import { configPath, DEFAULT_URL, fingerprint, loadConfig, saveConfig, type SavedConfig } from './config.js';
import { CliError, EXIT, type Io } from './output.js';

/** A project as the account surface lists it: raw UUID `id`, `shortId`, `name`, the key's user's `role`. */
export type ProjectRef = ActionAnswer<'account', 'list_projects'>['projects'][number];

export type KeyKind = 'account' | 'project';

/** Finds out what a key is by asking the server: the account surface answers an account key only. */
export async function kindOfKey(client: SiftClient): Promise<KeyKind> {
  try {
    await client.account.list_projects();
    return 'account';
  } catch (err) {
    if (!(err instanceof SiftError) || err.status !== 401) throw err;
  }
  await client.read.get_project();
  return 'project';
}

/**
 * What a client command works with: the server's address, the key and the project, each from
 * its flag, else the environment (`SIFT_URL`, `SIFT_API_KEY`, `SIFT_PROJECT`), else the config
 * file that `sift login` wrote.
 */
export class Session {
  readonly file: string;
  config: SavedConfig;
  readonly url: string;
  private readonly key: string | undefined;
  private readonly keyFromConfig: boolean;
  private kind: KeyKind | undefined;
  private projects: ProjectRef[] | undefined;

  constructor(
    readonly io: Io,
    readonly flags: { url?: string; project?: string },
    readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.file = configPath(env);
    this.config = loadConfig(this.file, (line) => io.err(line));
    this.url = flags.url ?? env.SIFT_URL ?? this.config.url ?? DEFAULT_URL;
    this.key = env.SIFT_API_KEY?.trim() || this.config.key;
    this.keyFromConfig = !env.SIFT_API_KEY?.trim() && !!this.config.key;
    if (this.keyFromConfig) this.kind = this.config.kind;
  }

  /** A client with the key in use; not logged in is exit code 3. */
  client(key = this.key): SiftClient {
    if (!key) throw new CliError('not logged in: run sift login (or set SIFT_API_KEY)', EXIT.auth, 'unauthorized');
    const io = this.io;
    return new SiftClient({
      baseUrl: this.url,
      key,
      onRetry: ({ delayMs, error }) => {
        if (!io.json) io.err(`sift: ${error.code === 'rate_limited' ? 'rate limited' : error.message}; trying again in ${Math.ceil(delayMs / 1000)} s`);
      },
    });
  }

  async keyKind(): Promise<KeyKind> {
    this.kind ??= await kindOfKey(this.client());
    return this.kind;
  }

  /** A client of the account surface; a project key cannot do what the command asks (exit code 3). */
  async accountClient(what: string): Promise<SiftClient> {
    if ((await this.keyKind()) !== 'account') {
      throw new CliError(`${what} needs an account key, and sift is logged in with a project key: run sift login with an account key`, EXIT.auth, 'forbidden');
    }
    return this.client();
  }

  async listProjects(): Promise<ProjectRef[]> {
    this.projects ??= (await (await this.accountClient('listing projects')).account.list_projects()).projects;
    return this.projects;
  }

  /** Finds a project by UUID, short id or name (case-insensitively). */
  async findProject(wanted: string): Promise<ProjectRef> {
    const projects = await this.listProjects();
    const lower = wanted.toLowerCase();
    const found =
      projects.find((p) => p.id === wanted || p.shortId === wanted) ??
      projects.find((p) => p.name.toLowerCase() === lower) ??
      projects.find((p) => p.shortId.toLowerCase() === lower);
    if (!found)
      throw new CliError(`no project "${wanted}" among the ${projects.length} the key reaches (sift projects lists them)`, EXIT.conflict, 'not_found');
    return found;
  }

  /** The project a command works on: `--project`, `SIFT_PROJECT`, the saved default, or the only one there is. */
  /** The project named by `--project`, `SIFT_PROJECT` or the saved default, if any. */
  get wantedProject(): string | undefined {
    return this.flags.project ?? this.env.SIFT_PROJECT ?? this.config.project;
  }

  async project(): Promise<ProjectRef> {
    const wanted = this.wantedProject;
    if (wanted) return this.findProject(wanted);
    const projects = await this.listProjects();
    if (projects.length === 1) return projects[0]!;
    throw new CliError(
      projects.length === 0
        ? 'the key reaches no project yet: sift projects create <name>'
        : `the key reaches ${projects.length} projects: name one with --project <id or name>, or choose a default with sift projects use <project>`,
      EXIT.usage,
      'usage',
    );
  }

  /**
   * Runs `work` with a client of the project's read surface: the key itself when it is a project
   * key; with an account key, a read key minted for the project once and kept in the config file
   * (minted again if it was revoked).
   */
  async reading<T>(work: (reader: SiftClient, project: ProjectRef | null) => Promise<T>): Promise<T> {
    if ((await this.keyKind()) === 'project') {
      if (this.flags.project) this.io.err('sift: --project is ignored: the project key reaches its own project only');
      return work(this.client(), null);
    }
    const project = await this.project();
    const slot = `${fingerprint(this.key!)}:${project.id}`;
    const kept = this.config.readKeys?.[slot]?.secret;
    if (kept) {
      try {
        return await work(this.client(kept), project);
      } catch (err) {
        if (!(err instanceof SiftError) || err.status !== 401) throw err;
      }
    }
    const minted = await this.client().account.create_project_key({ projectId: project.id, access: 'read' });
    this.update((c) => ({ ...c, readKeys: { ...c.readKeys, [slot]: { id: minted.key.id, secret: minted.secret } } }));
    return work(this.client(minted.secret), project);
  }

  /** Changes the config file (read again first, so that nothing another run wrote meanwhile is lost). */
  update(change: (config: SavedConfig) => SavedConfig): void {
    this.config = change(loadConfig(this.file, () => undefined));
    saveConfig(this.file, this.config);
  }
}
