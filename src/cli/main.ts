#!/usr/bin/env node
import 'dotenv/config';
import { parseConfig, ConfigError, type Config } from '../config.js';
import { createApp } from '../app.js';
import { openStore } from '../store/store.js';
import { bootstrapIfEmpty, describeDemo } from './bootstrap.js';
import { parseAdminArgs } from './admin-args.js';
import { adminOps } from '../domain/admin.js';
import { DomainError } from '../domain/errors.js';
import { buildOpenApi } from '../schema/openapi.js';
import { adminUsage, USAGE } from './usage.js';
import { EXPORT_USAGE, exportCommand, ExportUsageError } from './export.js';
import { MCP_USAGE, mcpCommand, McpUsageError } from '../mcp/stdio.js';

const HELP = new Set(['--help', '-h', 'help']);

async function serve(config: Config) {
  const app = await createApp(config, { logger: { level: config.logLevel } });
  const demo = await bootstrapIfEmpty(app.store);
  const address = await app.server.listen({ port: config.port, host: config.host });
  const base = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  if (demo) process.stdout.write(`${describeDemo(demo, base)}\n`);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.server.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function admin(config: Config, args: string[]) {
  const body = parseAdminArgs(args);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const op = adminOps[body.action as keyof typeof adminOps] as (s: typeof store, b: unknown) => Promise<unknown>;
    process.stdout.write(`${JSON.stringify(await op(store, body), null, 2)}\n`);
  } finally {
    await store.close();
  }
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (command !== undefined && HELP.has(command)) {
    process.stdout.write(USAGE);
    return;
  }
  if (command === 'admin' && (rest.length === 0 || rest.some((a) => HELP.has(a)))) {
    process.stdout.write(adminUsage(rest.find((a) => !HELP.has(a))));
    return;
  }
  if (command === 'export' && rest.some((a) => HELP.has(a))) {
    process.stdout.write(EXPORT_USAGE);
    return;
  }
  if (command === 'mcp' && rest.some((a) => HELP.has(a))) {
    process.stdout.write(MCP_USAGE);
    return;
  }
  if (command === 'openapi') {
    process.stdout.write(`${JSON.stringify(buildOpenApi(), null, 2)}\n`);
    return;
  }
  const config = parseConfig(process.env);
  if (command === 'serve' || command === undefined) return serve(config);
  if (command === 'admin') return admin(config, rest);
  if (command === 'export') {
    process.exitCode = await exportCommand(config, rest);
    return;
  }
  if (command === 'mcp') return mcpCommand(config, process.env);
  process.stderr.write(`unknown command "${command}"\n\n${USAGE}`);
  process.exit(2);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof ExportUsageError || err instanceof McpUsageError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  }
  if (err instanceof DomainError) {
    process.stderr.write(`${JSON.stringify({ error: err.message, ...(err.details ? { details: err.details } : {}) }, null, 2)}\n`);
    process.exit(1);
  }
  process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
  process.exit(1);
});
