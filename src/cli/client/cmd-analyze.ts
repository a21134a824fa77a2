import fs from 'node:fs';
import type { ActionRequest, AnalysisRun } from '@sift/client';
import type { Command } from './commands.js';
import { CliError, EXIT, result, usageError } from './output.js';
import { progressBar } from './progress.js';

const TYPES = ['automatic', 'predefined', 'summaries', 'metadata_summaries'] as const;
const GRANULARITIES = ['default', 'inclusive', 'overview'] as const;

const USAGE = `Usage: sift analyze automatic|predefined|summaries|metadata_summaries [--project <id or name>]
         [--wait] [--granularity default|inclusive|overview] [--reconsider-skipped]
         [--category "<name>[: <description>]"]… [--categories <file.json>] [--json]

Starts an analysis of the project's ready documents in the background. --wait follows it to
the end with a progress bar on a terminal (exit code 1 if it fails); sift insights then lists
what it found. predefined takes its categories from --category (repeatable) or from a JSON
file holding an array of {name, description?, instructions?, examples?}.
--reconsider-skipped (automatic only) tries the documents an earlier run skipped or failed again.`;

type Categories = ActionRequest<'account', 'start_analysis'>['categories'];

function categoriesFrom(values: Record<string, unknown>): Categories {
  const inline = ((values.category as string[] | undefined) ?? []).map((c) => {
    const at = c.indexOf(':');
    const name = (at < 0 ? c : c.slice(0, at)).trim();
    const description = at < 0 ? '' : c.slice(at + 1).trim();
    return description ? { name, description } : { name };
  });
  const file = values.categories as string | undefined;
  if (!file) return inline;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new CliError(`cannot read categories from ${file}: ${(err as Error).message}`, EXIT.usage, 'usage');
  }
  if (!Array.isArray(parsed)) throw new CliError(`${file} must hold a JSON array of categories`, EXIT.usage, 'usage');
  return [...inline, ...(parsed as NonNullable<Categories>)];
}

export const analyze: Command = {
  usage: USAGE,
  options: {
    wait: { type: 'boolean' },
    granularity: { type: 'string' },
    'reconsider-skipped': { type: 'boolean' },
    category: { type: 'string', multiple: true },
    categories: { type: 'string' },
  },
  positionals: true,
  project: true,
  async run({ io, values, positionals, session }) {
    const [type, ...extra] = positionals;
    if (!type || !(TYPES as readonly string[]).includes(type) || extra.length > 0) throw usageError(`name one analysis type: ${TYPES.join(', ')}`, USAGE);
    const granularity = values.granularity as string | undefined;
    if (granularity && !(GRANULARITIES as readonly string[]).includes(granularity))
      throw usageError(`--granularity is one of ${GRANULARITIES.join(', ')}`, USAGE);
    const categories = categoriesFrom(values);
    if (type === 'predefined' && categories?.length === 0) throw usageError('predefined needs --category or --categories', USAGE);
    if (type !== 'predefined' && categories?.length) throw usageError('--category and --categories go with predefined only', USAGE);
    if (values['reconsider-skipped'] && type !== 'automatic') throw usageError('--reconsider-skipped goes with automatic only', USAGE);

    const s = session();
    const client = await s.accountClient('starting an analysis');
    const project = await s.project();
    const started = await client.account.start_analysis({
      projectId: project.id,
      type: type as (typeof TYPES)[number],
      ...(type === 'predefined' ? { categories } : {}),
      ...(granularity ? { analysisGranularity: granularity as (typeof GRANULARITIES)[number] } : {}),
      ...(values['reconsider-skipped'] ? { reconsiderSkipped: true } : {}),
    });
    if (!values.wait) {
      result(io, started, () => `Started the ${type} analysis ${started.analysis.id} of "${project.name}": sift status shows its progress (or use --wait).`);
      return EXIT.ok;
    }
    const bar = progressBar(io, type);
    let run: AnalysisRun;
    try {
      run = await client.waitForRun(project.id, started.analysis.id, {
        onProgress: (r) => bar.update(Math.round((r.progress ?? 0) * 100), 100, r.status),
      });
    } finally {
      bar.stop();
    }
    const coverage = run.coverage ? Object.entries(run.coverage).map(([verdict, n]) => `${n} ${verdict}`) : [];
    result(io, { ...started, analysis: run }, () => [
      `The ${type} analysis ${run.id} completed${coverage.length ? ` (documents: ${coverage.join(', ')})` : ''}.`,
      ...(run.note ? [run.note] : []),
      'sift insights lists the insights.',
    ]);
    return EXIT.ok;
  },
};
