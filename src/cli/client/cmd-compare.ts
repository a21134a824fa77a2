import type { ActionAnswer } from '@sift/client';
import type { Command } from './commands.js';
import type { Session } from './session.js';
import { CliError, EXIT, plural, result, table, usageError } from './output.js';

const USAGE = `Usage: sift compare --a <run|manual> --b <run|manual> [--pair "<code of a>=<code of b>"]…
                    [--document <D… id>]… [--passages <n>] [--csv] [--project <id or name>] [--json]

Compares two codings of the project's documents sentence by sentence: per code, the sentences
both coded, only a, only b, neither, percent agreement, Cohen's kappa and Krippendorff's alpha;
the overall figures; then the disagreeing passages (the first 20, --passages for more). A coding
is a run (its id, as sift status lists them, or with an account key its name) or "manual": the
codes made by hand or imported from a REFI-QDA project. Codes pair by name unless --pair gives
the pairs. --csv prints the whole comparison, every passage, as CSV (one table; its row column
says what each line is).`;

type Answer = ActionAnswer<'read', 'compare_codings'>;
type Coding = { analysisId: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `manual`, a run's UUID, or (with an account key, which lists the runs) a run's name. */
async function codingOf(s: Session, value: string, flag: string): Promise<Coding> {
  if (value === 'manual') return { analysisId: null };
  if (UUID.test(value)) return { analysisId: value };
  if ((await s.keyKind()) !== 'account')
    throw usageError(`--${flag}: with a project key, name a run by its id (sift status with an account key lists them) or say manual`, USAGE);
  const project = await s.project();
  const runs = (await s.client().account.get_project_status({ projectId: project.id })).analyses;
  const exact = runs.filter((r) => r.name === value);
  const found = exact.length > 0 ? exact : runs.filter((r) => r.name.toLowerCase() === value.toLowerCase());
  if (found.length === 0) throw new CliError(`--${flag}: no run of "${project.name}" is named "${value}" (sift status lists them)`, EXIT.conflict, 'not_found');
  if (found.length > 1) throw usageError(`--${flag}: ${found.length} runs are named "${value}": name one by its id`, USAGE);
  return { analysisId: found[0]!.id };
}

/** `--pair "Fees=Pricing"`: the code of a, then the code of b, cut at the first `=` (a code's name may hold one only in b). */
function pairsOf(values: string[] | undefined): { a: string; b: string }[] | undefined {
  if (!values) return undefined;
  return values.map((v) => {
    const at = v.indexOf('=');
    if (at <= 0 || at === v.length - 1) throw usageError(`--pair "${v}": write it as "<code of a>=<code of b>"`, USAGE);
    return { a: v.slice(0, at), b: v.slice(at + 1) };
  });
}

const figure = (x: number | null) => (x === null ? '–' : x.toFixed(3));
const percent = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)} %`);
const oneLine = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function report(answer: Answer): string[] {
  const side = (label: string, s: Answer['a']) =>
    `${label}: ${s.name}${s.type ? ` (${s.type}, ${s.status})` : ''}, ${plural(s.documents, 'document')}${s.unplacedQuotes ? `, ${plural(s.unplacedQuotes, 'quote')} not found in the text` : ''}`;
  const lines = [side('a', answer.a), side('b', answer.b), `Compared ${plural(answer.documents, 'document')}, ${plural(answer.units, 'sentence')}.`, ''];
  if (answer.codes.length === 0) return [...lines, 'Neither coding applied a code to these sentences.'];
  const { mean, pooled } = answer.overall;
  const p = pooled.counts;
  lines.push(
    ...table([
      ['CODE A', 'CODE B', 'BOTH', 'ONLY A', 'ONLY B', 'NEITHER', 'AGREEMENT', 'KAPPA', 'ALPHA'],
      ...answer.codes.map((c) => [
        c.codeA,
        c.codeB,
        String(c.counts.both),
        String(c.counts.onlyA),
        String(c.counts.onlyB),
        String(c.counts.neither),
        percent(c.percentAgreement),
        figure(c.kappa),
        figure(c.alpha),
      ]),
      ['mean', '', '', '', '', '', percent(mean.percentAgreement), figure(mean.kappa), figure(mean.alpha)],
      [
        'pooled',
        '',
        String(p.both),
        String(p.onlyA),
        String(p.onlyB),
        String(p.neither),
        percent(pooled.percentAgreement),
        figure(pooled.kappa),
        figure(pooled.alpha),
      ],
    ]),
  );
  if (answer.unpairedA.length) lines.push(`Codes of a in no pair: ${answer.unpairedA.join(', ')}`);
  if (answer.unpairedB.length) lines.push(`Codes of b in no pair: ${answer.unpairedB.join(', ')}`);
  if (answer.totalPassages === 0) return [...lines, '', 'No disagreements.'];
  lines.push(
    '',
    `${plural(answer.totalPassages, 'disagreement')}${answer.totalPassages > answer.passages.length ? ` (${answer.passages.length} shown; --passages for more, --csv for all)` : ''}:`,
  );
  for (const x of answer.passages) {
    const code = x.codeA === x.codeB ? x.codeA : `${x.codeA} / ${x.codeB}`;
    lines.push(`  ${code} — only ${x.appliedBy} · ${x.documentId} ${x.filename}`, `    “${oneLine(x.text)}”`);
  }
  return lines;
}

export const compare: Command = {
  usage: USAGE,
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    pair: { type: 'string', multiple: true },
    document: { type: 'string', multiple: true },
    passages: { type: 'string' },
    csv: { type: 'boolean' },
  },
  positionals: false,
  project: true,
  async run({ io, values, session }) {
    if (typeof values.a !== 'string' || typeof values.b !== 'string') throw usageError('give both codings: --a <run|manual> --b <run|manual>', USAGE);
    if (values.csv && io.json) throw usageError('--csv and --json are two formats: choose one', USAGE);
    const passages = values.passages === undefined ? 20 : Number(values.passages);
    if (!Number.isInteger(passages) || passages < 1 || passages > 200) throw usageError('--passages is a whole number from 1 to 200', USAGE);
    const s = session();
    const a = await codingOf(s, values.a, 'a');
    const b = await codingOf(s, values.b, 'b');
    const pairs = pairsOf(values.pair as string[] | undefined);
    const documentIds = values.document as string[] | undefined;
    if (values.csv) {
      const csv = await s.reading((reader) =>
        reader.agreementCsv({
          a: a.analysisId ?? 'manual',
          b: b.analysisId ?? 'manual',
          ...(pairs ? { pairs } : {}),
          ...(documentIds ? { documentIds } : {}),
        }),
      );
      process.stdout.write(csv);
      return EXIT.ok;
    }
    const answer = await s.reading((reader) =>
      reader.read.compare_codings({ a, b, limit: passages, ...(pairs ? { pairs } : {}), ...(documentIds ? { documentIds } : {}) }),
    );
    result(io, answer, () => report(answer));
    return EXIT.ok;
  },
};
