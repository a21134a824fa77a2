import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { ActionAnswer } from '@sift/client';
import type { Command } from './commands.js';
import { CliError, EXIT, bytes, result, usageError } from './output.js';
import { reportCsv, reportJson, reportMarkdown, type Report } from './report.js';

const FORMATS = ['json', 'csv', 'md', 'qdpx'] as const;

const USAGE = `Usage: sift export --format json|csv|md|qdpx [--project <id or name>] [--analysis <run id or name>]
                   [--out <file>] [--json]

The project through the API: json (project, runs, documents, categories and insights), csv (one
row per insight), md (a report: the categories as headings, their insights with quotes and
sources) or qdpx (a REFI-QDA archive for NVivo, ATLAS.ti, MAXQDA, QualCoder). With --analysis,
one run's categories and insights (sift status lists the runs); without it every run's, each item
with its run (csv: the analysis_id and analysis columns; md and qdpx: a section or a code per run
where there are several). Written to --out, or to standard output (qdpx only when it is not a
terminal). With --out, --json prints {format, out, bytes}. An operator exports from the store
itself with sift admin export.`;

type Runs = ActionAnswer<'read', 'get_project'>['analyses'];

/** `--analysis`: a run's id, or its name (exact, else in any case) among the runs `get_project` lists. */
function runNamed(runs: Runs, value: string): string {
  const exact = runs.filter((r) => r.id === value || r.name === value);
  const found = exact.length > 0 ? exact : runs.filter((r) => r.name.toLowerCase() === value.toLowerCase());
  if (found.length === 0) throw new CliError(`--analysis: the project has no run "${value}" (sift status lists them)`, EXIT.conflict, 'not_found');
  if (found.length > 1) throw usageError(`--analysis: ${found.length} runs are named "${value}": name one by its id`, USAGE);
  return found[0]!.id;
}

export const exportProject: Command = {
  usage: USAGE,
  options: { format: { type: 'string', short: 'f' }, out: { type: 'string', short: 'o' }, analysis: { type: 'string' } },
  positionals: false,
  project: true,
  async run({ io, values, session }) {
    const format = values.format as (typeof FORMATS)[number] | undefined;
    if (!format || !FORMATS.includes(format)) throw usageError(`--format is one of ${FORMATS.join(', ')}`, USAGE);
    const out = values.out as string | undefined;
    if (format === 'qdpx' && !out && process.stdout.isTTY) throw usageError('the archive is binary: give --out <file.qdpx> or redirect standard output', USAGE);
    const s = session();
    let written = 0;
    await s.reading(async (reader) => {
      const project = await reader.read.get_project();
      const named = values.analysis as string | undefined;
      const analysisId = named === undefined ? undefined : runNamed(project.analyses, named);
      const run = analysisId === undefined ? {} : { analysisId };
      if (format === 'qdpx') {
        const archive = Readable.fromWeb((await reader.exportQdpx(run)) as NodeReadableStream<Uint8Array>);
        archive.on('data', (chunk: Buffer) => {
          written += chunk.length;
        });
        await pipeline(archive, out ? fs.createWriteStream(out) : process.stdout);
        return;
      }
      const [documents, categories, insights] = await Promise.all([
        reader.read.get_documents(),
        reader.read.get_categories(run),
        reader.read.get_insights(run),
      ]);
      const report: Report = {
        project: project.project,
        analyses: project.analyses.map((a) => ({ id: a.id, name: a.name })),
        documents: documents.documents ?? [],
        categories: categories.categories ?? [],
        insights: insights.insights ?? [],
      };
      const text = format === 'json' ? reportJson(report) : format === 'csv' ? reportCsv(report) : reportMarkdown(report);
      written = Buffer.byteLength(text);
      if (out) fs.writeFileSync(out, text);
      else process.stdout.write(text);
    });
    if (out) result(io, { format, out, bytes: written }, () => `Wrote ${out} (${bytes(written)}).`);
    else if (written === 0) throw new CliError('the export was empty', EXIT.failed);
    return EXIT.ok;
  },
};
