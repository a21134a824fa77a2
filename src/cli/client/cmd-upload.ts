import fs from 'node:fs';
import path from 'node:path';
import type { ProjectStatus } from '@sift/client';
import type { Command } from './commands.js';
import { waitWithProgress } from './cmd-documents.js';
import { CliError, EXIT, plural, result, table, usageError } from './output.js';
import { uploadBars } from './progress.js';

const USAGE = `Usage: sift upload <file or folder>… [--project <id or name>] [--wait] [--json]

Uploads files (a folder: every file under it, hidden ones left out) in requests of at most 20
files, 50 MB each, with a progress bar per file on a terminal. The documents land pending and
uncharged; the server extracts their text and prices them. --wait waits for the prices, then
sift confirm charges them.`;

/** The files named, folders walked in name order; hidden files and folders are left out of a walk. */
export function expandPaths(args: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  for (const arg of args) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(arg);
    } catch {
      throw new CliError(`no such file or folder: ${arg}`, EXIT.usage, 'usage');
    }
    if (stat.isDirectory()) walk(arg);
    else files.push(arg);
  }
  return files;
}

export const upload: Command = {
  usage: USAGE,
  options: { wait: { type: 'boolean' } },
  positionals: true,
  project: true,
  async run({ io, values, positionals, session }) {
    if (positionals.length === 0) throw usageError('name the files or folders to upload', USAGE);
    const files = expandPaths(positionals);
    if (files.length === 0) throw usageError(`no files in ${positionals.join(', ')}`, USAGE);
    const s = session();
    const client = await s.accountClient('uploading');
    const project = await s.project();
    const bars = uploadBars(io);
    let answer: Awaited<ReturnType<typeof client.upload>>;
    try {
      answer = await client.upload(project.id, files, { onProgress: (p) => bars.update(p) });
    } finally {
      bars.stop();
    }
    let status: ProjectStatus | undefined;
    if (values.wait) {
      status = await waitWithProgress(
        io,
        client,
        project.id,
        'pricing',
        answer.documents.map((d) => d.id),
      );
    }
    const priced = status ? new Map(status.documents.map((d) => [d.id, d])) : null;
    result(io, { project, documents: answer.documents.map((d) => priced?.get(d.id) ?? d) }, () => [
      `Uploaded ${plural(answer.documents.length, 'file')} to "${project.name}" (${project.shortId}):`,
      ...table(
        answer.documents.map((d, i) => {
          const now = priced?.get(d.id);
          const state = now
            ? `${now.status}${now.creditCost !== null && now.status === 'awaiting_confirmation' ? ` (${plural(now.creditCost, 'credit')})` : ''}`
            : d.status;
          const earlier = d.duplicateOf ? (status?.documents.find((x) => x.id === d.duplicateOf)?.filename ?? 'an earlier document') : null;
          return [`  ${files[i] ?? d.filename}`, state, now?.error ?? (earlier ? `same content as ${earlier}` : '')];
        }),
      ),
      status
        ? status.confirmableCreditCost > 0
          ? `Ready to confirm: ${plural(status.confirmableCreditCost, 'credit')} (balance ${status.creditBalance}): sift confirm`
          : 'Nothing to confirm.'
        : 'The server is extracting and pricing them: sift status --wait, then sift confirm.',
    ]);
    return EXIT.ok;
  },
};
