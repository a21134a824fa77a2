import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { openStore } from '../store/store.js';
import { findProject } from '../domain/projects.js';
import { exportQdpx } from '../domain/refi-export.js';
import { DomainError } from '../domain/errors.js';

export const EXPORT_USAGE =
  'Usage: sift admin export --format qdpx --project <id> [--analysis <run id>] [--out <file.qdpx>]   (reads the configured store; `sift export` goes through the API)\n';

/** Exit codes: 0 written, 2 bad arguments, 1 no such project (or no such run of it). */
export class ExportUsageError extends Error {}

/**
 * `sift admin export`: a project of the configured store as a REFI-QDA archive, to a file or to
 * standard output (not a terminal); with `--analysis`, one run's categories and insights.
 */
export async function exportCommand(config: Config, args: string[]): Promise<number> {
  let values: { format?: string; project?: string; analysis?: string; out?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { format: { type: 'string' }, project: { type: 'string' }, analysis: { type: 'string' }, out: { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    throw new ExportUsageError(`${(err as Error).message}\n${EXPORT_USAGE}`);
  }
  if (values.format !== 'qdpx') throw new ExportUsageError(`--format qdpx is the format sift writes\n${EXPORT_USAGE}`);
  if (!values.project) throw new ExportUsageError(`--project is required\n${EXPORT_USAGE}`);
  if (!values.out && process.stdout.isTTY)
    throw new ExportUsageError(`the archive is binary: give --out <file.qdpx> or redirect standard output\n${EXPORT_USAGE}`);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const project = await findProject(store.db, values.project);
    if (!project) {
      process.stderr.write(`no project ${values.project}\n`);
      return 1;
    }
    let archive: Readable;
    try {
      archive = await exportQdpx(store, project, values.analysis === undefined ? {} : { analysisId: values.analysis });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      process.stderr.write(`no run ${values.analysis} in project ${values.project}\n`);
      return 1;
    }
    await pipeline(archive, values.out ? fs.createWriteStream(values.out) : process.stdout);
    return 0;
  } finally {
    await store.close();
  }
}
