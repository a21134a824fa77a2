import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * Where `scripts/build-console.mjs` writes the bundle: `dist/console` at the package's root,
 * found the same way from `src/http/console` (tests, tsx) and from `dist/http/console` (npm start).
 */
export const CONSOLE_ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/console');

const FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/console/app.js': { file: 'app.js', type: 'text/javascript; charset=utf-8' },
  '/console/app.css': { file: 'app.css', type: 'text/css; charset=utf-8' },
};

const NOT_BUILT = 'The sift console is not built in this checkout: run `npm run build` (npm start does it), then reload.\n';

/** The page and its two files, read from disk on each request (a rebuild shows at the next reload). */
export function registerConsoleAssets(app: FastifyInstance, dir = CONSOLE_ASSETS_DIR): void {
  for (const [url, { file, type }] of Object.entries(FILES)) {
    app.get(url, async (_req, reply) => {
      let body: Buffer;
      try {
        body = await fs.readFile(path.join(dir, file));
      } catch {
        return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      }
      return reply.type(type).header('Cache-Control', 'no-cache').send(body);
    });
  }
}
