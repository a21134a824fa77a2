#!/usr/bin/env node
import fs from 'node:fs';
import { adminUsage, OPENAPI_USAGE, SERVE_USAGE, USAGE } from './usage.js';

const HELP = new Set(['--help', '-h']);
const SERVER_COMMANDS = ['serve', 'worker', 'admin', 'mcp', 'openapi'] as const;
const CLIENT_COMMANDS = ['login', 'logout', 'projects', 'upload', 'status', 'confirm', 'analyze', 'search', 'insights', 'export', 'compare'] as const;
type ServerCommand = (typeof SERVER_COMMANDS)[number];
type ClientCommand = (typeof CLIENT_COMMANDS)[number];

const isServer = (c: string): c is ServerCommand => (SERVER_COMMANDS as readonly string[]).includes(c);
const isClient = (c: string): c is ClientCommand => (CLIENT_COMMANDS as readonly string[]).includes(c);

const version = (): string => (JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** The usage of a server command (they are loaded only to run, not to explain themselves). */
async function serverUsage(command: ServerCommand, rest: string[]): Promise<string> {
  if (command === 'serve') return SERVE_USAGE;
  if (command === 'worker') return (await import('./worker.js')).WORKER_USAGE;
  if (command === 'openapi') return OPENAPI_USAGE;
  if (command === 'mcp') return (await import('../mcp/stdio.js')).MCP_USAGE;
  const action = rest.find((a) => !HELP.has(a));
  return action === 'export' ? (await import('./export.js')).EXPORT_USAGE : adminUsage(action);
}

/** `sift help [command …]`, `sift --help`: the overview, or one command's usage. */
async function help(topic: string[]): Promise<number> {
  const [command, ...rest] = topic;
  if (command && isServer(command)) process.stdout.write(await serverUsage(command, rest));
  else if (command && isClient(command)) return (await import('./client/commands.js')).runClientCommand(command, ['--help']);
  else process.stdout.write(USAGE);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) return (await import('./server-commands.js')).runServerCommand('serve', []);
  if (HELP.has(command) || command === 'help') return help(rest.filter((a) => !HELP.has(a)));
  if (command === '--version' || command === '-V' || command === 'version') {
    process.stdout.write(`sift ${version()}\n`);
    return 0;
  }
  if (isServer(command)) {
    if (rest.some((a) => HELP.has(a)) || (command === 'admin' && rest.length === 0)) {
      process.stdout.write(await serverUsage(command, rest));
      return 0;
    }
    return (await import('./server-commands.js')).runServerCommand(command, rest);
  }
  if (isClient(command)) return (await import('./client/commands.js')).runClientCommand(command, rest);
  // `sift --json --help` and the like: help was asked for, whatever came first.
  if (rest.some((a) => HELP.has(a))) return help([]);
  process.stderr.write(`unknown command "${command}"\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    // A client command ends when its work is done; the server commands keep running after 0.
    if (code !== 0) process.exit(code);
  },
  (err: unknown) => {
    process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
    process.exit(1);
  },
);
