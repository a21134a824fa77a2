import fs from 'node:fs';
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from '../config.js';
import { openStore } from '../store/store.js';
import { authProjectKey } from '../http/auth.js';
import { AuthCache } from '../http/auth-cache.js';
import { createLlmProvider } from '../engine/llm/provider.js';
import type { ProjectScope } from '../domain/context.js';
import { createMcpServer } from './server.js';

export const MCP_USAGE = 'Usage: SIFT_API_KEY=<read key> sift mcp   (MCP over standard input and output, against the configured store)\n';

/** A missing key: exit code 2 with usage, as for other bad invocations. */
export class McpUsageError extends Error {}

/**
 * `sift mcp`: the read tools over MCP's stdio transport, for a desktop agent that starts sift
 * itself. It opens the configured store directly (as `sift admin` does) and acts as the
 * project key in `SIFT_API_KEY`, checked at start and again (through the same brief cache as
 * the server's) on every call, so a revoked key stops working. Standard output carries the
 * protocol only; anything logged goes to standard error.
 */
export async function mcpCommand(config: Config, env: NodeJS.ProcessEnv): Promise<void> {
  const key = env.SIFT_API_KEY?.trim();
  if (!key) throw new McpUsageError(`SIFT_API_KEY must hold a read (or edit) project key\n${MCP_USAGE}`);
  // Whatever a dependency prints must not corrupt the JSON-RPC stream.
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;

  // Run from another folder, the default data folder is another (empty) store, where every key is unknown.
  const file = path.join(config.dataDir, 'sift.db');
  if (!config.databaseUrl && !fs.existsSync(file))
    throw new McpUsageError(
      `sift mcp: no sift store at ${file}: set SIFT_DATA_DIR to the folder of the server's data (or DATABASE_URL to its database), or run sift mcp in the folder where the server runs\n${MCP_USAGE}`,
    );
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const cache = new AuthCache<unknown>(config.authCacheMs);
  const llm = createLlmProvider(config.llm);
  const scope = async (): Promise<ProjectScope> => {
    const p = await authProjectKey(store, key, cache);
    return { store, project: p.project, userId: p.userId, llm };
  };
  let first: ProjectScope;
  try {
    first = await scope();
  } catch (err) {
    await store.close();
    throw err;
  }

  const server = createMcpServer(scope, (err) => process.stderr.write(`sift mcp: tool failed: ${(err as Error)?.stack ?? String(err)}\n`));
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    await store.close();
    process.exit(0);
  };
  transport.onerror = (err) => process.stderr.write(`sift mcp: ${err.message}\n`);
  process.stdin.on('end', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await server.connect(transport);
  process.stderr.write(`sift mcp: serving project ${first.project.shortId} (${first.project.name}) over stdio\n`);
}
