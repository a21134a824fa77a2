/**
 * The fault suite's own PostgreSQL cluster and Redis server, on spare loopback ports, so that it
 * can stop, restart and cut them without touching the machine's (or another test's) services.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Debian installs PostgreSQL's programs out of PATH, one folder per major version. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const found = versions.map((v) => path.join(root, v, 'bin')).findLast((d) => fs.existsSync(path.join(d, 'pg_ctl')));
  if (!found) throw new Error('no PostgreSQL server programs under /usr/lib/postgresql (apt-get install postgresql)');
  return found;
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user. */
const asPostgres = (bin: string, args: string[]) =>
  process.getuid?.() === 0 ? (['runuser', ['-u', 'postgres', '--', bin, ...args]] as const) : ([bin, args] as const);

export class PostgresCluster {
  readonly url: string;
  private readonly bin = postgresBin();
  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  static async create(work: string): Promise<PostgresCluster> {
    const dir = path.join(work, 'pg');
    fs.mkdirSync(dir, { mode: 0o700 });
    if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', work]);
    const cluster = new PostgresCluster(dir, await freePort());
    await cluster.run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await cluster.start();
    return cluster;
  }

  /** Never blocks this process: its load and probes go on while the cluster starts or stops. */
  private async run(program: string, args: string[]) {
    const [cmd, argv] = asPostgres(path.join(this.bin, program), args);
    await promisify(execFile)(cmd, [...argv]);
  }

  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.run('pg_ctl', ['-D', this.dir, '-o', options, '-l', path.join(this.dir, 'log'), '-w', 'start']);
  }

  async stop(): Promise<void> {
    await this.run('pg_ctl', ['-D', this.dir, '-m', 'fast', '-w', 'stop']);
  }

  /** Ends every other session, as `pg_terminate_backend` by an administrator or an idle-connection killer does. */
  async terminateConnections(): Promise<number> {
    const c = new pg.Client({ connectionString: this.url });
    await c.connect();
    const { rowCount } = await c.query('select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = $1', [
      'client backend',
    ]);
    await c.end();
    return rowCount ?? 0;
  }
}

export class RedisServer {
  private child: ChildProcess | null = null;
  readonly url: string;
  private constructor(readonly port: number) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  static async create(): Promise<RedisServer> {
    const r = new RedisServer(await freePort());
    await r.start();
    return r;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await this.answers()) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  }

  stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  private async answers(): Promise<boolean> {
    return (await this.ask('PING'))?.startsWith('+PONG') ?? false;
  }

  /** How many keys Redis holds (the shared rate-limit windows), or null when it does not answer. */
  async keys(): Promise<number | null> {
    const answer = await this.ask('DBSIZE');
    return answer?.startsWith(':') ? Number(answer.slice(1)) : null;
  }

  private ask(command: string): Promise<string | null> {
    return new Promise((resolve) => {
      const s = net.connect(this.port, '127.0.0.1', () => s.write(`${command}\r\n`));
      s.once('data', (d) => {
        s.destroy();
        resolve(d.toString());
      });
      s.once('error', () => resolve(null));
    });
  }
}
