import type { ActionAnswer, ProjectStatus, SiftClient } from '@sift/client';
import type { Command } from './commands.js';
import { CliError, EXIT, plural, result, table, type Io } from './output.js';
import { progressBar } from './progress.js';
import { askYesNo } from './prompt.js';

const STATUS_USAGE = `Usage: sift status [--project <id or name>] [--wait] [--json]

The project's documents with their status and price, what awaits confirmation, the credit
balance and the analyses. --wait first waits until no document is being extracted (pending)
or processed (confirmed, not yet ready), with a progress bar on a terminal.`;

const CONFIRM_USAGE = `Usage: sift confirm [--project <id or name>] [--yes] [--wait] [--json]

Shows what the documents awaiting confirmation cost and asks before charging the credits (one
question per pipeline batch); --yes confirms without asking, and is needed when standard input
is not a terminal. Waits first for documents still being priced. --wait then waits until the
confirmed documents are ready. A price that changed meanwhile is refused (exit code 4), nothing
charged; not enough credits is exit code 5; declining is exit code 1.`;

/** Waits until no document (of `documentIds`, or of the project) is at work, with progress. */
export async function waitWithProgress(io: Io, client: SiftClient, projectId: string, label: 'pricing' | 'processing' | 'documents', documentIds?: string[]) {
  const bar = progressBar(io, label.padEnd(10));
  try {
    return await client.waitForReady(projectId, {
      ...(documentIds ? { documentIds } : {}),
      onProgress: (p) => bar.update(p.total - p.working, p.total, `${p.total - p.working} of ${p.total} done`),
    });
  } finally {
    bar.stop();
  }
}

const pct = (n: number | undefined) => `${Math.round((n ?? 0) * 100)}%`;

function describe(status: ProjectStatus, project: { name: string; shortId: string }): string[] {
  const counts = new Map<string, number>();
  for (const d of status.documents) counts.set(d.status, (counts.get(d.status) ?? 0) + 1);
  const lines = [
    `Project "${project.name}" (${project.shortId}): ${plural(status.documents.length, 'document')}${
      counts.size ? ` (${[...counts].map(([s, n]) => `${n} ${s.replace(/_/g, ' ')}`).join(', ')})` : ''
    }`,
  ];
  if (status.documents.length > 0) {
    lines.push(
      ...table([
        ['  FILE', 'STATUS', 'CREDITS', ''],
        ...status.documents.map((d) => [`  ${d.filename}`, d.status, d.creditCost === null ? '' : String(d.creditCost), d.error ?? '']),
      ]),
    );
  }
  if (status.pendingExtractionCount > 0) lines.push(`Being priced: ${plural(status.pendingExtractionCount, 'document')} (sift status --wait)`);
  if (status.confirmableCreditCost > 0 || status.confirmableBatches.length > 0) {
    const n = status.confirmableBatches.reduce((sum, b) => sum + b.documentIds.length, 0);
    lines.push(`Awaiting confirmation: ${plural(n, 'document')} for ${plural(status.confirmableCreditCost, 'credit')}: sift confirm`);
  }
  if (status.analyses.length > 0) {
    lines.push(
      'Analyses:',
      ...table([
        ['  ID', 'TYPE', 'STATUS', 'PROGRESS', 'CREATED'],
        ...status.analyses.map((a) => [`  ${a.id}`, a.type, a.status, pct(a.progress), (a.createdAt ?? '').replace('T', ' ').slice(0, 16)]),
      ]),
    );
  }
  lines.push(`Credit balance: ${status.creditBalance}`);
  return lines;
}

export const status: Command = {
  usage: STATUS_USAGE,
  options: { wait: { type: 'boolean' } },
  positionals: false,
  project: true,
  async run({ io, values, session }) {
    const s = session();
    const client = await s.accountClient('the project status');
    const project = await s.project();
    const answer = values.wait ? await waitWithProgress(io, client, project.id, 'documents') : await client.projectStatus(project.id);
    result(io, { project, ...answer }, () => describe(answer, project));
    return EXIT.ok;
  },
};

export const confirm: Command = {
  usage: CONFIRM_USAGE,
  options: { yes: { type: 'boolean', short: 'y' }, wait: { type: 'boolean' } },
  positionals: false,
  project: true,
  async run({ io, values, session }) {
    const s = session();
    const client = await s.accountClient('confirming');
    const project = await s.project();
    let current = await client.projectStatus(project.id);
    if (current.pendingExtractionCount > 0) {
      const pending = current.documents.filter((d) => d.status === 'pending').map((d) => d.id);
      current = await waitWithProgress(io, client, project.id, 'pricing', pending);
    }
    if (current.confirmableBatches.length === 0) {
      result(io, { project, confirmed: [], creditBalance: current.creditBalance }, () => 'Nothing awaits confirmation.');
      return EXIT.ok;
    }
    const confirmed: ActionAnswer<'account', 'confirm_documents'>[] = [];
    let balance = current.creditBalance;
    for (const batch of current.confirmableBatches) {
      const names = current.documents.filter((d) => batch.documentIds.includes(d.id)).map((d) => d.filename);
      const what = `${plural(batch.documentIds.length, 'document')}${current.confirmableBatches.length > 1 ? ` of the ${batch.pipeline} pipeline` : ''} for ${plural(batch.creditCost, 'credit')}`;
      if (!values.yes) {
        if (!io.interactive)
          throw new CliError(
            `${what} await confirmation, which charges the credits: run sift confirm --yes to confirm without a question`,
            EXIT.usage,
            'usage',
          );
        io.err(`${names.map((n) => `  ${n}`).join('\n')}\nCredit balance: ${balance}; after confirming: ${balance - batch.creditCost}.`);
        if (!(await askYesNo(`Confirm ${what}?`))) {
          result(io, { project, confirmed, declined: batch }, () => 'Not confirmed: nothing was charged for these.');
          return EXIT.failed;
        }
      }
      // Named documents and their price as shown: a price that changed meanwhile is refused, never charged.
      const answer = await client.account.confirm_documents({
        projectId: project.id,
        expectedCreditCost: batch.creditCost,
        documentIds: batch.documentIds,
      });
      confirmed.push(answer);
      balance = answer.creditBalance;
      if (!io.json) io.err(`Confirmed ${what}.`);
    }
    const ids = confirmed.flatMap((c) => c.confirmedDocumentIds);
    const after = values.wait ? await waitWithProgress(io, client, project.id, 'processing', ids) : undefined;
    const failed = after?.documents.filter((d) => ids.includes(d.id) && d.status === 'failed') ?? [];
    result(io, { project, confirmed, creditBalance: balance, ...(after ? { documents: after.documents.filter((d) => ids.includes(d.id)) } : {}) }, () => [
      `Charged ${plural(
        confirmed.reduce((sum, c) => sum + c.creditsCharged, 0),
        'credit',
      )} for ${plural(ids.length, 'document')}; balance ${balance}.`,
      after
        ? `${ids.length - failed.length} ready${failed.length ? `, ${failed.length} failed: ${failed.map((d) => `${d.filename} (${d.error ?? 'failed'})`).join(', ')}` : ''}.`
        : 'They are being processed: sift status --wait.',
    ]);
    return failed.length > 0 ? EXIT.failed : EXIT.ok;
  },
};
