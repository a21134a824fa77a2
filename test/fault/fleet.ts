/** The sift processes of the fault suite: started from the build, killed on purpose, watched for any other exit. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sleep } from './services.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Proc {
  name: string;
  child: ChildProcess;
  out: string;
}

export class Fleet {
  /** Exits nobody asked for: each a line with the process's last output. */
  readonly ownExits: string[] = [];
  private readonly procs = new Map<string, Proc>();
  private readonly meant = new Set<ChildProcess>();

  constructor(private readonly env: Record<string, string>) {}

  launch(name: string, args: string[], extra: Record<string, string>): Proc {
    const child = spawn(process.execPath, [path.join(ROOT, 'dist/cli/main.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...this.env, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p: Proc = { name, child, out: '' };
    const keep = (d: Buffer) => {
      p.out = (p.out + d.toString()).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('exit', (code, signal) => {
      if (!this.meant.has(child)) this.ownExits.push(`${name} (pid ${child.pid}) exited on its own: code ${code}, signal ${signal}\n${p.out.slice(-3000)}`);
    });
    this.procs.set(name, p);
    return p;
  }

  async ready(base: string, ms = 60_000): Promise<void> {
    for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) {
      try {
        if ((await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
      } catch {}
    }
    throw new Error(`${base} did not become ready`);
  }

  kill9(name: string): Promise<void> {
    return this.end(this.procs.get(name)!.child, 'SIGKILL');
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.procs.values()].map((p) => this.end(p.child, 'SIGTERM')));
  }

  private end(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    this.meant.add(child);
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }
}
