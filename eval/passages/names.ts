/**
 * The blind name check (issue 25): what a reader who has not seen the gold is shown, and the
 * share of names they judged to fit.
 *
 *   npx tsx eval/passages/names.ts show 2026-11-28        # writes names/development-2026-11-28-{shown.md,key.json}
 *   npx tsx eval/passages/names.ts score 2026-11-28       # reads names/development-2026-11-28-verdicts.txt
 *   SPLIT=held-out npx tsx eval/passages/names.ts show 2026-11-30   # the held-out studies: names/held-out-2026-11-30-…
 *   MODEL=coder npx tsx eval/passages/names.ts show 2026-11-30      # the model path: the analysis reviewed by the
 *                                                  # simulated coder (accuracy 0.85; development only): names/development-coder-2026-11-30-…
 *
 * Shown: every study of the split (development by default) in the house layout at seed 42, each category that is
 * top-level or matched one to one to a gold theme and holds insights, in a shuffled order, with
 * its name and five quotes (the first quote of insights from five different interviews). The
 * key says which study each is from and whether it is matched to a theme (`best`). Verdicts are
 * one line a category: `C07 fits — …` or `C07 does not fit — …`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadStudies } from './load.js';
import { analyseStudy } from './figures.js';
import { bestCategories, coverage } from './score.js';
import { reviewBySimulatedCoder } from './coder-figures.js';

const DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'names');
const [mode, stamp] = process.argv.slice(2);
if (!stamp || (mode !== 'show' && mode !== 'score')) throw new Error('usage: names.ts show|score <date-stamp>');
const split = process.env.SPLIT ?? 'development';
const byCoder = process.env.MODEL === 'coder';
if (process.env.MODEL && !byCoder) throw new Error(`MODEL must be "coder", got "${process.env.MODEL}"`);
const file = (kind: string) => path.join(DIR, `${split}${byCoder ? '-coder' : ''}-${stamp}-${kind}`);

interface Shown {
  id: string;
  study: string;
  name: string;
  best: boolean;
  quotes: string[];
}

/** A seeded shuffle (mulberry32), so that the order shown is the same on every machine. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function show(): Promise<void> {
  const shown: Omit<Shown, 'id'>[] = [];
  for (const study of loadStudies().filter((s) => s.split === split)) {
    const offline = analyseStudy(study, 42).auto;
    const auto = byCoder ? (await reviewBySimulatedCoder(study, 0.85, 42, offline)).reviewed : offline;
    const covered = coverage(study, auto.insights).covered;
    const matched = new Set(bestCategories(study, auto.categories, covered).map((b) => b.category));
    for (const c of auto.categories) {
      const family = new Set([c.key, ...auto.categories.filter((x) => x.parentKey === c.key).map((x) => x.key)]);
      const insights = auto.insights.filter((i) => i.categoryKeys.some((k) => family.has(k)));
      const best = matched.has(c.name);
      if (insights.length === 0 || (c.parentKey && !best)) continue;
      const quotes: string[] = [];
      const seen = new Set<string>();
      for (const i of insights) {
        if (seen.has(i.documentId) || quotes.length === 5) continue;
        seen.add(i.documentId);
        quotes.push(i.quotes[0]!);
      }
      shown.push({ study: study.name, name: c.name, best, quotes });
    }
  }
  const listed = shuffled(shown, 42).map((s, i) => ({ id: `C${String(i + 1).padStart(2, '0')}`, ...s }));
  fs.writeFileSync(file('shown.md'), listed.map((s) => `## ${s.id}\nName: ${s.name}\nQuotes:\n${s.quotes.map((q) => `- ${q}`).join('\n')}\n`).join('\n'));
  fs.writeFileSync(
    file('key.json'),
    `${JSON.stringify(
      listed.map(({ quotes: _, ...k }) => k),
      null,
      1,
    )}\n`,
  );
  console.log(`${listed.length} categories (${listed.filter((s) => s.best).length} matched to a theme) in ${file('shown.md')}`);
}

function score(): void {
  const key = JSON.parse(fs.readFileSync(file('key.json'), 'utf8')) as Omit<Shown, 'quotes'>[];
  const fits = new Map<string, boolean>();
  for (const line of fs.readFileSync(file('verdicts.txt'), 'utf8').split('\n')) {
    const m = /^(C\d+)\s+(fits|does not fit)/.exec(line.trim());
    if (m) fits.set(m[1]!, m[2] === 'fits');
  }
  const share = (rows: Omit<Shown, 'quotes'>[]) => `${rows.filter((r) => fits.get(r.id)).length} of ${rows.length}`;
  console.log(`all: ${share(key)}; matched to a theme: ${share(key.filter((k) => k.best))}`);
  for (const k of key.filter((x) => x.best)) console.log(`  ${fits.get(k.id) ? 'fits' : 'no  '}  ${k.study}: ${k.name}`);
}

if (mode === 'show') await show();
else score();
