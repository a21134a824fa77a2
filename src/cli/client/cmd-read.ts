import type { ActionAnswer } from '@sift/client';
import type { Command } from './commands.js';
import { EXIT, plural, result, usageError } from './output.js';

const SEARCH_USAGE = `Usage: sift search "<query>" [--project <id or name>] [--top <1-50>] [--offset <n>] [--insights-only]
                   [--participants-only] [--analysis <run id>] [--json]

Searches the project's documents and insights (hybrid: words and meaning), best first. A passage
of a transcript is one speaker's words, shown after the speaker. --participants-only leaves out
what interviewers said (--json gives each passage's role). "Quoted words" must stand in that
order. With --analysis, the insights are that run's alone (--json gives each insight's run,
analysisId).`;

const INSIGHTS_USAGE = `Usage: sift insights [--project <id or name>] [--category <name or id>]… [--tag <name or id>]…
                     [--document <D… id>]… [--json]

The project's insights with their categories and quotes; the filters of one kind are OR-ed,
kinds AND-ed.`;

type SearchView = ActionAnswer<'read', 'search'>['results'][number];

export type InsightView = NonNullable<ActionAnswer<'read', 'get_insights'>['insights']>[number];

const oneLine = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * A result's snippet on one line, its matched words in bold on a terminal and between asterisks
 * in a pipe (where they can still be seen, and grepped).
 */
function marked(snippet: SearchView['snippet'], bold: boolean): string {
  let out = '';
  let at = 0;
  for (const h of [...snippet.highlights].sort((a, b) => a.start - b.start)) {
    if (h.start < at) continue;
    const word = snippet.text.slice(h.start, h.end);
    out += snippet.text.slice(at, h.start) + (bold ? `\x1b[1m${word}\x1b[22m` : `*${word}*`);
    at = h.end;
  }
  return oneLine(out + snippet.text.slice(at), 400);
}

const count = (raw: unknown, name: string, min: number, max: number): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw usageError(`--${name} is a whole number from ${min} to ${max}`, SEARCH_USAGE);
  return n;
};

export const search: Command = {
  usage: SEARCH_USAGE,
  options: {
    top: { type: 'string' },
    offset: { type: 'string' },
    'insights-only': { type: 'boolean' },
    'participants-only': { type: 'boolean' },
    analysis: { type: 'string' },
  },
  positionals: true,
  project: true,
  async run({ io, values, positionals, session }) {
    const query = positionals.join(' ').trim();
    if (!query) throw usageError('give a query', SEARCH_USAGE);
    const topK = count(values.top, 'top', 1, 50);
    const offset = count(values.offset, 'offset', 0, 1_000_000);
    const answer = await session().reading((reader) =>
      reader.read.search({
        query,
        ...(topK ? { topK } : {}),
        ...(offset ? { offset } : {}),
        ...(values['insights-only'] ? { onlyInsights: true } : {}),
        ...(values['participants-only'] ? { participantsOnly: true } : {}),
        ...(values.analysis ? { analysisId: values.analysis as string } : {}),
      }),
    );
    const results = answer.results;
    result(io, answer, () =>
      results.length === 0
        ? `Nothing found for "${query}".`
        : [
            `${plural(answer.total, 'result')} for "${query}"${
              answer.total > results.length ? ` (${answer.offset + 1}-${answer.offset + results.length} shown; --offset and --top for others)` : ''
            }:`,
            ...results.map((r, i) => {
              const where = r.type === 'insight' ? `${r.id}${r.documentId ? ` · ${r.documentId}` : ''}` : r.id;
              return `${String(i + 1 + (offset ?? 0)).padStart(3)}. [${where}] ${r.speaker ? `${r.speaker}: ` : ''}${marked(r.snippet, io.bold)}  (${Math.round(r.score * 100)}% by ${r.matchedBy === 'both' ? 'words and meaning' : r.matchedBy})`;
            }),
          ],
    );
    return EXIT.ok;
  },
};

export const insights: Command = {
  usage: INSIGHTS_USAGE,
  options: { category: { type: 'string', multiple: true }, tag: { type: 'string', multiple: true }, document: { type: 'string', multiple: true } },
  positionals: false,
  project: true,
  async run({ io, values, session }) {
    const filters = {
      ...(values.category ? { categories: values.category as string[] } : {}),
      ...(values.tag ? { tags: values.tag as string[] } : {}),
      ...(values.document ? { documentIds: values.document as string[] } : {}),
    };
    const answer = await session().reading((reader) => reader.read.get_insights(Object.keys(filters).length ? { filters } : {}));
    const list = answer.insights ?? [];
    result(io, answer, () =>
      list.length === 0
        ? 'No insights (sift analyze automatic --wait finds some).'
        : [
            `${plural(list.length, 'insight')}:`,
            ...list.flatMap((i) => [
              `${i.id}  ${oneLine(i.text, 300)}`,
              `    ${[i.categories.map((c) => c.text).join(', ') || 'no category', i.documentId].filter(Boolean).join(' · ')}`,
              ...i.quotes.map((q) => `    “${oneLine(q, 300)}”`),
            ]),
          ],
    );
    return EXIT.ok;
  },
};
