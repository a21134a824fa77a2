import { parseArgs } from 'node:util';
import { SiftError } from '@sift/client';
import { CliError, EXIT, processIo, reportError, usageError, type Io } from './output.js';
import { Session } from './session.js';
import { login, logout } from './cmd-login.js';
import { projects } from './cmd-projects.js';
import { upload } from './cmd-upload.js';
import { confirm, status } from './cmd-documents.js';
import { analyze } from './cmd-analyze.js';
import { insights, search } from './cmd-read.js';
import { exportProject } from './cmd-export.js';
import { compare } from './cmd-compare.js';

type OptionSpec = { type: 'string' | 'boolean'; short?: string; multiple?: boolean };
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface CommandContext {
  io: Io;
  values: Values;
  positionals: string[];
  /** The session (config file, key, project), made on first use. */
  session(): Session;
}

export interface Command {
  usage: string;
  options: Record<string, OptionSpec>;
  /** Whether the command takes positional arguments. */
  positionals: boolean;
  /** Whether it works on a project (`--project`). */
  project: boolean;
  run(ctx: CommandContext): Promise<number | undefined>;
}

const COMMANDS: Record<string, Command> = {
  login,
  logout,
  projects,
  upload,
  status,
  confirm,
  analyze,
  search,
  insights,
  export: exportProject,
  compare,
};

const COMMON: Record<string, OptionSpec> = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, url: { type: 'string' } };
const PROJECT: Record<string, OptionSpec> = { project: { type: 'string', short: 'p' } };

/** Runs one client command; answers its exit code (see `EXIT`). */
export async function runClientCommand(name: string, argv: string[]): Promise<number> {
  const command = COMMANDS[name]!;
  const io = processIo(argv.includes('--json'));
  const onInterrupt = () => {
    // A progress bar hides the cursor: give it back.
    if (io.tty) process.stderr.write('\u001b[?25h\n');
    process.exit(130);
  };
  process.once('SIGINT', onInterrupt);
  // `sift insights | head`: a reader that stops early is no error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT.ok);
    throw err;
  });
  try {
    let parsed: { values: Values; positionals: string[] };
    try {
      parsed = parseArgs({ args: argv, options: { ...COMMON, ...(command.project ? PROJECT : {}), ...command.options }, allowPositionals: true, strict: true });
    } catch (err) {
      throw usageError((err as Error).message, command.usage);
    }
    if (parsed.values.help) {
      io.out(command.usage);
      return EXIT.ok;
    }
    if (!command.positionals && parsed.positionals.length > 0) throw usageError(`unexpected argument "${parsed.positionals[0]}"`, command.usage);
    let session: Session | undefined;
    const flags = { url: parsed.values.url as string | undefined, project: parsed.values.project as string | undefined };
    return (await command.run({ io, ...parsed, session: () => (session ??= new Session(io, flags)) })) ?? EXIT.ok;
  } catch (err) {
    if (err instanceof SiftError || err instanceof CliError) return reportError(io, err);
    throw err;
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}
