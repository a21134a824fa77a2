import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SIFT_BIN = path.join(ROOT, 'dist/cli/main.js');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Builds the SDK and the server as `npm start` does, once per test file. */
export async function buildOnce(): Promise<void> {
  try {
    await promisify(execFile)('npm', ['run', 'build', '--silent'], { cwd: ROOT, maxBuffer: 10_000_000 });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`npm run build failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** Client variables of the caller's environment would leak into the runs. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { SIFT_API_KEY: _k, SIFT_URL: _u, SIFT_PROJECT: _p, SIFT_CONFIG: _c, ...rest } = process.env;
  return { ...rest, NO_COLOR: '1', ...env };
}

/**
 * `node dist/cli/main.js …` in pipes, as a script runs it (never blocking this process, whose
 * event loop serves the API the command talks to).
 */
export function sift(args: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SIFT_BIN, ...args], { cwd: ROOT, env: cleanEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The same on a terminal: `script` (util-linux) gives the command a pseudo-terminal, whose
 * output (standard output and error together) it copies to its own; `typed` is sent as keys.
 */
export function siftOnTerminal(args: string[], env: Record<string, string>, typed?: string): Promise<Run> {
  const command = [process.execPath, SIFT_BIN, ...args].map(shellQuote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', `stty cols 120 rows 40; ${command}`, '/dev/null'], {
      cwd: ROOT,
      env: cleanEnv({ TERM: 'xterm', ...env }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr: '' }));
    if (typed === undefined) child.stdin.end();
    else {
      // Typed once the question is on the screen, as a person would.
      const waitForQuestion = setInterval(() => {
        if (stdout.includes('[y/N]')) {
          clearInterval(waitForQuestion);
          child.stdin.write(typed);
          child.stdin.end();
        }
      }, 50);
      child.on('close', () => clearInterval(waitForQuestion));
    }
  });
}
