import 'dotenv/config';
import { parseArgs } from 'node:util';
import { parseConfig, ConfigError, type Config } from '../config.js';
import { DomainError } from '../domain/errors.js';

/**
 * The commands that work on the configured store itself (`serve`, `admin`, `mcp`, `openapi`):
 * loaded only when one of them runs, so that the client commands start without the server's
 * modules, and each loads only what it needs. Configuration comes from the environment or a
 * `.env` file.
 */
class ServeUsageError extends Error {}
/** A start that cannot listen (the port taken): a sentence, not a stack. */
class ServeStartError extends Error {}

/** `--workers <n>` overrides SIFT_WORKERS for this process. */
function serveFlags(config: Config, args: string[]): Config {
  let values: { workers?: string };
  try {
    ({ values } = parseArgs({ args, options: { workers: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new ServeUsageError((err as Error).message);
  }
  if (values.workers === undefined) return config;
  const workers = Number(values.workers);
  if (!/^\d+$/.test(values.workers) || workers > 64) throw new ServeUsageError('--workers must be an integer from 0 to 64');
  return { ...config, workers };
}

async function serve(config: Config) {
  const { createApp } = await import('../app.js');
  const { bootstrapIfEmpty, describeDemo } = await import('./bootstrap.js');
  // Silent is no logger at all: Fastify would still make a child logger for every request.
  const app = await createApp(config, { logger: config.logLevel === 'silent' ? false : { level: config.logLevel }, warmsBeforeReady: true });
  let address: string;
  try {
    address = await app.server.listen({ port: config.port, host: config.host });
    // Search's language data and recent projects load now, /readyz saying ready once they are loaded.
    void app.warm();
    await (await import('../http/metrics-route.js')).listenMetrics(app.server, config).catch((err: Error) => Promise.reject(new ServeStartError(err.message)));
  } catch (err) {
    await app.close();
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL')
      throw new ServeStartError(
        code === 'EADDRINUSE'
          ? `sift: port ${config.port} on ${config.host} is in use by another program: stop it, or start sift on another port (PORT=8081 npm start)`
          : `sift: cannot listen on ${config.host}:${config.port} (${code}): choose another HOST or PORT`,
      );
    throw err;
  }
  // The demo keys are made only once the server listens, so that a start that fails never makes keys it cannot show.
  const demo = await bootstrapIfEmpty(app.store);
  const base = address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '127.0.0.1');
  if (demo) process.stdout.write(`${describeDemo(demo, base)}\n`);
  // The surfaces' validators compile once the server listens (validate.ts), while no request is being answered.
  (await import('../schema/validate.js')).warmValidators((await import('../http/quiet.js')).whenQuiet);
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
  const { parseAdminArgs } = await import('./admin-args.js');
  const { openStore } = await import('../store/store.js');
  const { adminOps } = await import('../domain/admin.js');
  const body = parseAdminArgs(args);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const op = adminOps[body.action as keyof typeof adminOps] as (s: typeof store, b: unknown) => Promise<unknown>;
    process.stdout.write(`${JSON.stringify(await op(store, body), null, 2)}\n`);
  } finally {
    await store.close();
  }
}

/** A command's own usage error (its module is loaded already when it threw one). */
async function isUsageError(command: string, err: unknown): Promise<boolean> {
  if (command === 'admin') return err instanceof (await import('./export.js')).ExportUsageError;
  if (command === 'mcp') return err instanceof (await import('../mcp/stdio.js')).McpUsageError;
  if (command === 'worker') return err instanceof (await import('./worker.js')).WorkerUsageError;
  if (command === 'serve') return err instanceof ServeUsageError;
  return false;
}

/** Runs a server command; answers the exit code (`serve` keeps the process alive after answering 0). */
export async function runServerCommand(command: 'serve' | 'worker' | 'admin' | 'mcp' | 'openapi', args: string[]): Promise<number> {
  try {
    if (command === 'openapi') {
      const { buildOpenApi } = await import('../schema/openapi.js');
      process.stdout.write(`${JSON.stringify(buildOpenApi(), null, 2)}\n`);
      return 0;
    }
    const config = parseConfig(process.env);
    if (command === 'serve') await serve(serveFlags(config, args));
    else if (command === 'worker') {
      await (await import('./worker.js')).workerCommand(config, args);
      process.exit(0);
    } else if (command === 'admin' && args[0] === 'export') return await (await import('./export.js')).exportCommand(config, args.slice(1));
    else if (command === 'admin') await admin(config, args);
    else await (await import('../mcp/stdio.js')).mcpCommand(config, process.env);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || (await isUsageError(command, err))) {
      process.stderr.write(`${(err as Error).message}\n`);
      return 2;
    }
    if (err instanceof ServeStartError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    if (err instanceof DomainError) {
      process.stderr.write(`${JSON.stringify({ error: err.message, ...(err.details ? { details: err.details } : {}) }, null, 2)}\n`);
      return 1;
    }
    throw err;
  }
}
