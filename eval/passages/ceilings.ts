/**
 * What the passage benchmark's gold says the current way of working can reach, on the
 * development studies only (it reads the gold, so it is a diagnostic, never a score):
 *   npx tsx eval/passages/ceilings.ts
 *
 * - turn ceiling: every participant sentence of a turn filed under the theme most of the turn's
 *   marked sentences speak to, as a perfect grouping of whole turns would (the unit automatic
 *   analysis groups); then the same with the sentences that speak to no theme left out;
 * - sift: mean best-category F1 over seeds 1, 2, 3 and 42, and the same with every quoted sentence
 *   that speaks to no theme removed from its category (what a perfect filter of asides would add);
 * - categories to themes: each of sift's categories (seed 42) given wholesale to the gold theme most
 *   of its passages speak to, when they outnumber half its passages of no theme: what predefined
 *   analysis could reach by finding the right categories among those automatic analysis makes.
 */
import { automaticAnalysis } from '../../src/engine/analysis/index.js';
import { documentsOf, loadStudies, type Study, type Transcript } from './load.js';
import { bestCategories, coverage, goldUnits, prf, unitKey } from './score.js';

const SEEDS = [1, 2, 3, 42];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** Each transcript's participant turns, as the indices of their sentence units. */
function turns(t: Transcript): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  t.units.forEach((u, i) => {
    if (u.role === 'participant') current.push(i);
    else if (current.length) {
      out.push(current);
      current = [];
    }
  });
  if (current.length) out.push(current);
  return out;
}

function turnCeiling(study: Study, dropUnmarked: boolean): number {
  const real = study.themes.filter((t) => !t.distractor);
  const predicted = new Map(real.map((t) => [t.id, new Set<string>()]));
  for (const t of study.transcripts) {
    for (const turn of turns(t)) {
      const count = new Map<string, number>();
      for (const i of turn) for (const id of t.units[i]!.themes) count.set(id, (count.get(id) ?? 0) + 1);
      const majority = [...count].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
      const set = majority ? predicted.get(majority) : undefined;
      if (!set) continue;
      for (const i of turn) if (!dropUnmarked || t.units[i]!.themes.length > 0) set.add(unitKey(t, i));
    }
  }
  return mean(real.map((t) => prf(predicted.get(t.id)!, goldUnits(study, t.id)).f1));
}

function siftFigures(study: Study): { f1: number; withoutAsides: number; categoriesToThemes: number } {
  const docs = documentsOf(study);
  const real = study.themes.filter((t) => !t.distractor);
  const gold = real.map((t) => goldUnits(study, t.id));
  const marked = new Set(study.themes.flatMap((t) => [...goldUnits(study, t.id)]));
  const f1: number[] = [];
  const withoutAsides: number[] = [];
  let categoriesToThemes = 0;
  for (const seed of SEEDS) {
    const auto = automaticAnalysis(docs, { locale: study.locale, granularity: 'default', strictMode: false, existingCategories: [], seed });
    const { covered } = coverage(study, auto.insights);
    const meanBest = (c: Map<string, Set<string>>) => mean(bestCategories(study, auto.categories, c).map((b) => b.f1));
    f1.push(meanBest(covered));
    withoutAsides.push(meanBest(new Map([...covered].map(([k, s]) => [k, new Set([...s].filter((u) => marked.has(u)))]))));
    if (seed !== 42) continue;
    const predicted = real.map(() => new Set<string>());
    for (const units of covered.values()) {
      const counts = gold.map((g) => [...units].filter((k) => g.has(k)).length);
      const unmarked = [...units].filter((k) => !marked.has(k)).length;
      const best = counts.indexOf(Math.max(...counts));
      if (counts[best]! > unmarked / 2) for (const k of units) predicted[best]!.add(k);
    }
    categoriesToThemes = mean(real.map((_, t) => prf(predicted[t]!, gold[t]!).f1));
  }
  return { f1: mean(f1), withoutAsides: mean(withoutAsides), categoriesToThemes };
}

console.log('| study | turn ceiling | turn ceiling, asides left out | sift | sift, asides left out | categories to themes (seed 42) |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const study of loadStudies().filter((s) => s.split === 'development')) {
  const s = siftFigures(study);
  const cells = [turnCeiling(study, false), turnCeiling(study, true), s.f1, s.withoutAsides, s.categoriesToThemes].map((x) => x.toFixed(3));
  console.log(`| ${study.name} | ${cells.join(' | ')} |`);
}
