import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Command } from './commands.js';
import { CliError, EXIT, bytes, result, usageError } from './output.js';
import { reportCsv, reportJson, reportMarkdown, type Report } from './report.js';

const FORMATS = ['json', 'csv', 'md', 'qdpx'] as const;

const USAGE = `Usage: sift export --format json|csv|md|qdpx [--project <id or name>] [--out <file>] [--json]

The project through the API: json (project, documents, categories and insights), csv (one row
per insight), md (a report: the categories as headings, their insights with quotes and sources)
or qdpx (a REFI-QDA archive for NVivo, ATLAS.ti, MAXQDA, QualCoder). Written to --out, or to
standard output (qdpx only when it is not a terminal). With --out, --json prints
{format, out, bytes}. An operator exports from the store itself with sift admin export.`;

export const exportProject: Command = {
  usage: USAGE,
  options: { format: { type: 'string', short: 'f' }, out: { type: 'string', short: 'o' } },
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
      if (format === 'qdpx') {
        const archive = Readable.fromWeb((await reader.exportQdpx()) as NodeReadableStream<Uint8Array>);
        archive.on('data', (chunk: Buffer) => {
          written += chunk.length;
        });
        await pipeline(archive, out ? fs.createWriteStream(out) : process.stdout);
        return;
      }
      const [project, documents, categories, insights] = await Promise.all([
        reader.read.get_project(),
        reader.read.get_documents(),
        reader.read.get_categories(),
        reader.read.get_insights(),
      ]);
      const report: Report = {
        project: project.project,
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
