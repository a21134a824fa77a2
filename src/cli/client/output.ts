import { SiftError } from '@sift/client';

/** Exit codes scripts can test (README and `sift --help` list them). */
export const EXIT = {
  ok: 0,
  /** A server error, an unreachable server, a failed analysis, a declined confirmation. */
  failed: 1,
  /** Bad arguments, or a request the server refused as invalid (400). */
  usage: 2,
  /** Not logged in, a refused key (401), or not allowed (403). */
  auth: 3,
  /** Not found (404) or a conflict (409), e.g. the price changed since it was shown. */
  conflict: 4,
  /** Not enough credits (402). */
  credits: 5,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly code = 'cli',
  ) {
    super(message);
  }
}

export const usageError = (message: string, usage: string) => new CliError(`${message}\n\n${usage}`, EXIT.usage, 'usage');

export function exitCodeOf(err: SiftError): number {
  if (err.status === 400 || err.code === 'invalid') return EXIT.usage;
  if (err.status === 401 || err.status === 403) return EXIT.auth;
  if (err.status === 404 || err.status === 409) return EXIT.conflict;
  if (err.status === 402) return EXIT.credits;
  return EXIT.failed;
}

/** Where a command writes: results to standard output, everything else to standard error. */
export interface Io {
  /** `--json`: one JSON document on standard output, nothing else there. */
  json: boolean;
  /** Standard error is a terminal: progress bars and prompts may be shown. */
  tty: boolean;
  /** Standard input is a terminal: questions may be asked. */
  interactive: boolean;
  /** Standard output is a terminal and NO_COLOR is unset: results may be marked in bold. */
  bold: boolean;
  out(text: string): void;
  err(text: string): void;
}

export function processIo(json: boolean): Io {
  return {
    json,
    tty: process.stderr.isTTY === true,
    interactive: process.stdin.isTTY === true,
    bold: process.stdout.isTTY === true && !process.env.NO_COLOR,
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  };
}

/** The answer of a command: its JSON with `--json`, its human lines otherwise. */
export function result(io: Io, json: unknown, human: () => string | string[]): void {
  if (io.json) {
    io.out(JSON.stringify(json, null, 2));
    return;
  }
  const text = human();
  const lines = Array.isArray(text) ? text : [text];
  if (lines.length > 0) io.out(lines.join('\n'));
}

/** Reports a failure on standard error (as JSON with `--json`) and answers the exit code. */
export function reportError(io: Io, err: unknown): number {
  if (err instanceof SiftError) {
    const code = exitCodeOf(err);
    if (io.json) io.err(JSON.stringify({ error: err.message, code: err.code, status: err.status, ...(err.details ? { details: err.details } : {}) }));
    else {
      const details = (err.details ?? []).filter((d) => d.path && d.message !== err.message).map((d) => `  ${d.path}: ${d.message}`);
      const hint = err.status === 401 ? '\n(the key was refused: run sift login again)' : '';
      io.err(`sift: ${err.message}${details.length ? `\n${details.join('\n')}` : ''}${hint}`);
    }
    return code;
  }
  if (err instanceof CliError) {
    if (io.json) io.err(JSON.stringify({ error: err.message.split('\n\n')[0], code: err.code }));
    else io.err(`sift: ${err.message}`);
    return err.exitCode;
  }
  throw err;
}

/** Columns padded to their widest cell; the last one is left as it is. */
export function table(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, [...cell].length);
  }
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

export const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

export function bytes(n: number | undefined): string {
  if (n === undefined) return '? B';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
