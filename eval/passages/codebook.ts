/**
 * What a researcher sees of a codebook (issue 42), per study: the share of category names that
 * are a lone word, the study's own subject, or a day, a person, a place, a laugh, a filler or a
 * relative; the share of categories that are mostly small talk; the share of insights whose
 * quotes mix gold labels (an on-topic sentence bundled with asides, or two themes in one point);
 * beside mean F1 and themes found.
 *
 *   npx tsx eval/passages/codebook.ts                 # every study, house layout, seed 42
 *   SPLIT=development NAMES=1 npx tsx eval/passages/codebook.ts   # and each category's name with what is wrong with it
 *   LAYOUT=otter SEEDS=1,2,3 npx tsx eval/passages/codebook.ts
 *   PARAMS=experiment.json npx tsx eval/passages/codebook.ts        # thresholds other than params.ts's defaults
 *   SPLIT=development MODEL=coder npx tsx eval/passages/codebook.ts # the model path: each analysis reviewed by the
 *                                                   # simulated coder (accuracy 0.85; it knows the gold: development only)
 *
 * Names are judged by rules written before the engine was changed against them, not by the
 * engine's own lists: compromise's tags for days, months, people and places, fixed lists of laughs,
 * fillers and relatives, and the study's subject read from the gold (a word in the passages of
 * more than half of its real themes and in most of its transcripts).
 */
import fs from 'node:fs';
import nlp from 'compromise';
import type { ParamsOverride } from '../../src/engine/analysis/params.js';
import { automaticAnalysis } from '../../src/engine/analysis/index.js';
import type { AutomaticResult } from '../../src/engine/analysis/types.js';
import { terms } from '../../src/engine/text/index.js';
import { inLayout, LAYOUTS, type Layout } from './layouts.js';
import { documentsOf, loadStudies, type Study } from './load.js';
import { bestCategories, coverage, smallTalkCategories } from './score.js';
import { reviewBySimulatedCoder } from './coder-figures.js';

const LAUGHS = /^(laugh\w*|haha\w*|hehe\w*|lol|rire\w*|lachen\w*|lacht)$/i;
const FILLERS = new Set(
  'um umm uh uhm er erm hmm mm yeah yes yep no nope okay ok like well right sorry thanks thank cheers actually basically literally anyway sure oh ah ja nein genau halt also naja äh ähm ouais euh bah bon voilà merci danke bitte'.split(
    ' ',
  ),
);
const RELATIVES = new Set(
  'mum mom mummy mother dad daddy father wife husband son daughter sister brother nan nana gran granny grandma grandad grandpa grandmother grandfather auntie aunt uncle cousin niece nephew partner boyfriend girlfriend mama papa mutter vater oma opa sohn tochter schwester bruder ehemann ehefrau maman mère père fils fille mari femme sœur frère mamie papi'.split(
    ' ',
  ),
);

export interface NameFlags {
  lone: boolean;
  subject: boolean;
  /** Days, people, places, laughs, fillers, relatives: what the name holds of them. */
  incidental: string[];
}

/** The stems that run through a study: in the passages of more than half its real themes and in three quarters of its transcripts. */
export function subjectStems(study: Study): Set<string> {
  const real = study.themes.filter((t) => !t.distractor);
  const inThemes = new Map<string, number>();
  for (const theme of real) {
    const own = new Set<string>();
    for (const t of study.transcripts)
      t.units.forEach((u) => {
        if (u.themes.includes(theme.id)) for (const w of terms(t.text.slice(u.start, u.end), study.locale)) own.add(w);
      });
    for (const w of own) inThemes.set(w, (inThemes.get(w) ?? 0) + 1);
  }
  const inTranscripts = new Map<string, number>();
  for (const t of study.transcripts) for (const w of new Set(terms(t.text, study.locale))) inTranscripts.set(w, (inTranscripts.get(w) ?? 0) + 1);
  return new Set([...inThemes].filter(([w, n]) => n * 2 > real.length && (inTranscripts.get(w) ?? 0) * 4 >= study.transcripts.length * 3).map(([w]) => w));
}

/** A list of key phrases ("swaps · short notice · cover") is judged phrase by phrase. */
export function nameFlags(name: string, study: Study, subject: Set<string>, people: Set<string>): NameFlags {
  const parts = name.split(/\s+·\s+/);
  const words = name.split(/[\s·]+/).filter((w) => /\p{L}/u.test(w));
  const incidental = new Set<string>();
  const doc = nlp(name);
  for (const [tag, what] of [
    ['#WeekDay', 'day'],
    ['#Month', 'day'],
    ['#Person', 'person'],
    ['#Place', 'place'],
  ] as const)
    if (doc.has(tag)) incidental.add(what);
  for (const w of words) {
    const lower = w.toLowerCase().replace(/[^\p{L}'’-]/gu, '');
    if (people.has(lower)) incidental.add('person');
    if (LAUGHS.test(lower)) incidental.add('laugh');
    if (FILLERS.has(lower)) incidental.add('filler');
    if (RELATIVES.has(lower)) incidental.add('relative');
  }
  const own = terms(name, study.locale);
  return {
    lone: parts.length === 1 && words.length === 1,
    subject:
      parts.every((p) => {
        const t = terms(p, study.locale);
        return t.length > 0 && t.every((w) => subject.has(w));
      }) ||
      (own.length > 0 && own.every((w) => subject.has(w))),
    incidental: [...incidental],
  };
}

/** The people a study's transcripts name by label (lower case): a name made of one names a person. */
function labelledPeople(study: Study): Set<string> {
  const out = new Set<string>();
  for (const t of study.transcripts)
    for (const turn of t.source.turns) for (const w of turn.speaker.split(/\s+/)) if (/^\p{Lu}\p{Ll}+$/u.test(w)) out.add(w.toLowerCase());
  for (const w of ['speaker', 'interviewer', 'moderator', 'respondent', 'participant']) out.delete(w);
  return out;
}

/** Insights whose quotes cover participant sentences that share no gold label (no theme counting as a label of its own). */
export function mixedInsights(study: Study, result: AutomaticResult): { mixed: number; of: number } {
  const byId = new Map(study.transcripts.map((t) => [t.id, t]));
  let mixed = 0;
  let of = 0;
  for (const ins of result.insights) {
    const t = byId.get(ins.documentId);
    if (!t) continue;
    const labels: Set<string>[] = [];
    for (const q of ins.quotes) {
      const at = t.text.indexOf(q);
      if (at < 0) continue;
      const end = at + q.length;
      for (const u of t.units) {
        if (u.role !== 'participant') continue;
        const overlap = Math.min(end, u.end) - Math.max(at, u.start);
        if (overlap * 2 >= u.end - u.start) labels.push(new Set(u.themes.length ? u.themes : ['']));
      }
    }
    if (labels.length === 0) continue;
    of++;
    const shared = [...labels[0]!].filter((l) => labels.every((s) => s.has(l)));
    if (shared.length === 0) mixed++;
  }
  return { mixed, of };
}

export interface CodebookFigures {
  study: string;
  split: string;
  categories: number;
  lone: number;
  subject: number;
  incidental: number;
  smallTalk: number;
  holding: number;
  mixed: number;
  insights: number;
  meanF1: number;
  found: number;
  themes: number;
  names: { name: string; top: boolean; matched: string | null; flags: NameFlags }[];
}

export function codebookFigures(study: Study, result: AutomaticResult): CodebookFigures {
  const subject = subjectStems(study);
  const people = labelledPeople(study);
  const covered = coverage(study, result.insights).covered;
  const best = bestCategories(study, result.categories, covered);
  const matched = new Map(best.filter((b) => b.category !== '—').map((b) => [b.category, b.theme]));
  const holdingKeys = new Set(result.insights.flatMap((i) => i.categoryKeys));
  const shown = result.categories.filter((c) => holdingKeys.has(c.key) || result.categories.some((x) => x.parentKey === c.key));
  const names = shown.map((c) => ({ name: c.name, top: !c.parentKey, matched: matched.get(c.name) ?? null, flags: nameFlags(c.name, study, subject, people) }));
  const talk = smallTalkCategories(study, result.categories, covered);
  const { mixed, of } = mixedInsights(study, result);
  return {
    study: study.name,
    split: study.split,
    categories: names.length,
    lone: names.filter((n) => n.flags.lone).length,
    subject: names.filter((n) => n.flags.subject).length,
    incidental: names.filter((n) => n.flags.incidental.length > 0).length,
    smallTalk: talk.smallTalk.length,
    holding: talk.holding,
    mixed,
    insights: of,
    meanF1: best.reduce((s, b) => s + b.f1, 0) / best.length,
    found: best.filter((b) => b.f1 >= 0.5).length,
    themes: best.length,
    names,
  };
}

const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)}%` : '—');

/** The table's row, and the names with what is wrong with them. */
export function printCodebook(rows: CodebookFigures[], withNames: boolean): void {
  console.log(
    '| study | layout | split | categories | lone word | subject | day, person, place, laugh, filler, relative | small-talk categories | insights mixing labels | mean F1 | themes found |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows as (CodebookFigures & { layout?: string })[])
    console.log(
      `| ${r.study} | ${r.layout ?? 'house'} | ${r.split} | ${r.categories} | ${pct(r.lone, r.categories)} | ${pct(r.subject, r.categories)} | ${pct(r.incidental, r.categories)} | ${r.smallTalk}/${r.holding} (${pct(r.smallTalk, r.holding)}) | ${r.mixed}/${r.insights} (${pct(r.mixed, r.insights)}) | ${r.meanF1.toFixed(3)} | ${r.found}/${r.themes} |`,
    );
  const sum = (f: (r: CodebookFigures) => number) => rows.reduce((s, r) => s + f(r), 0);
  console.log(
    `| all | | | ${sum((r) => r.categories)} | ${pct(
      sum((r) => r.lone),
      sum((r) => r.categories),
    )} | ${pct(
      sum((r) => r.subject),
      sum((r) => r.categories),
    )} | ${pct(
      sum((r) => r.incidental),
      sum((r) => r.categories),
    )} | ${pct(
      sum((r) => r.smallTalk),
      sum((r) => r.holding),
    )} | ${pct(
      sum((r) => r.mixed),
      sum((r) => r.insights),
    )} | ${(sum((r) => r.meanF1) / rows.length).toFixed(3)} | ${sum((r) => r.found)}/${sum((r) => r.themes)} |`,
  );
  if (!withNames) return;
  for (const r of rows) {
    console.log(`\n${r.study}:`);
    for (const n of r.names) {
      const wrong = [n.flags.lone && 'lone word', n.flags.subject && 'subject', ...n.flags.incidental].filter(Boolean).join(', ');
      console.log(`  ${n.top ? '' : '  └ '}${n.name}${n.matched ? `  ⇒ ${n.matched}` : ''}${wrong ? `   [${wrong}]` : ''}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const split = process.env.SPLIT;
  const only = process.env.STUDY;
  const layouts = (process.env.LAYOUT === 'all' ? LAYOUTS : (process.env.LAYOUT ?? 'house').split(',')) as Layout[];
  const seeds = (process.env.SEEDS ?? '42').split(',').map(Number);
  const params = process.env.PARAMS ? (JSON.parse(fs.readFileSync(process.env.PARAMS, 'utf8')) as ParamsOverride) : undefined;
  const rows: (CodebookFigures & { layout: string })[] = [];
  for (const layout of layouts)
    for (const study of loadStudies().filter((s) => (!split || s.split === split) && (!only || s.name === only))) {
      const laidOut = layout === 'house' ? study : await inLayout(study, layout);
      for (const seed of seeds) {
        const offline = automaticAnalysis(documentsOf(laidOut), {
          locale: study.locale,
          granularity: 'default',
          strictMode: false,
          existingCategories: [],
          seed,
          params,
        });
        const result = process.env.MODEL === 'coder' ? (await reviewBySimulatedCoder(laidOut, 0.85, seed, offline)).reviewed : offline;
        rows.push({ ...codebookFigures(laidOut, result), layout: seeds.length > 1 ? `${layout} ${seed}` : layout });
      }
    }
  printCodebook(rows, process.env.NAMES === '1');
}
