import type { Study, Transcript } from './load.js';

/**
 * Passage-level scoring. A category covers a participant sentence of the gold (a unit) when one
 * of its quotes overlaps at least half of the sentence; precision and recall are counted over
 * the participant sentences of all transcripts.
 */
export interface Quoted {
  documentId: string;
  quotes: string[];
  categoryKeys: string[];
}
export interface Category {
  key: string;
  name: string;
  parentKey: string | null;
}

export const unitKey = (t: Transcript, i: number) => `${t.id}#${i}`;

/** Participant units each quote covers, by transcript, with quotes that fall on a header or an interviewer turn. */
export function coverage(study: Study, insights: Quoted[]) {
  const byId = new Map(study.transcripts.map((t) => [t.id, t]));
  const covered = new Map<string, Set<string>>();
  let quotes = 0;
  let verbatim = 0;
  let misplaced = 0;
  for (const ins of insights) {
    const t = byId.get(ins.documentId)!;
    for (const q of ins.quotes) {
      quotes++;
      const at = t.text.indexOf(q);
      if (at < 0) continue;
      verbatim++;
      const end = at + q.length;
      if (t.units.some((u) => u.role !== 'participant' && u.start < end && at < u.end)) misplaced++;
      t.units.forEach((u, i) => {
        if (u.role !== 'participant') return;
        const overlap = Math.min(end, u.end) - Math.max(at, u.start);
        if (overlap * 2 < u.end - u.start) return;
        for (const k of ins.categoryKeys) {
          const set = covered.get(k) ?? new Set<string>();
          set.add(unitKey(t, i));
          covered.set(k, set);
        }
      });
    }
  }
  return { covered, quotes, verbatim, misplaced };
}

export function goldUnits(study: Study, themeId: string): Set<string> {
  return new Set(study.transcripts.flatMap((t) => t.units.flatMap((u, i) => (u.themes.includes(themeId) ? [unitKey(t, i)] : []))));
}

export function prf(predicted: Set<string>, gold: Set<string>) {
  let tp = 0;
  for (const k of predicted) if (gold.has(k)) tp++;
  const p = predicted.size ? tp / predicted.size : 0;
  const r = gold.size ? tp / gold.size : 0;
  return { p, r, f1: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
}

/** A category's units with those of its sub-categories. */
export function withChildren(categories: Category[], covered: Map<string, Set<string>>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const c of categories) {
    const set = new Set(covered.get(c.key) ?? []);
    for (const child of categories.filter((x) => x.parentKey === c.key)) for (const k of covered.get(child.key) ?? []) set.add(k);
    out.set(c.key, set);
  }
  return out;
}

export interface ThemeScore {
  theme: string;
  category: string;
  p: number;
  r: number;
  f1: number;
}

/**
 * For each real gold theme, the category (alone, or with its sub-categories) matched to it, one
 * to one: a category counts for one theme at most (a parent and its child are two candidates),
 * the matching that maximises the sum of F1 (exact, by dynamic programming over the few themes).
 */
export function bestCategories(study: Study, categories: Category[], covered: Map<string, Set<string>>): ThemeScore[] {
  const candidates = [...new Map([...covered, ...withChildren(categories, covered)])];
  const nameOf = new Map(categories.map((c) => [c.key, c.name]));
  const themes = study.themes.filter((t) => !t.distractor);
  const scores = candidates.map(([, units]) => themes.map((t) => prf(units, goldUnits(study, t.id))));
  // best[mask]: the highest sum of F1 with the themes in `mask` matched, and who to.
  let best = new Map<number, { sum: number; pick: number[] }>([[0, { sum: 0, pick: themes.map(() => -1) }]]);
  scores.forEach((row, c) => {
    const next = new Map(best);
    for (const [mask, b] of best)
      row.forEach((s, t) => {
        if (mask & (1 << t) || s.f1 === 0) return;
        const m = mask | (1 << t);
        const sum = b.sum + s.f1;
        if ((next.get(m)?.sum ?? -1) < sum) next.set(m, { sum, pick: b.pick.map((x, i) => (i === t ? c : x)) });
      });
    best = next;
  });
  const top = [...best.values()].sort((a, b) => b.sum - a.sum)[0]!;
  return themes.map((theme, t) => {
    const c = top.pick[t]!;
    if (c < 0) return { theme: theme.name, category: '—', p: 0, r: 0, f1: 0 };
    const key = candidates[c]![0];
    return { theme: theme.name, category: nameOf.get(key) ?? key, ...scores[c]![t]! };
  });
}

/** Whether a top-level category is mostly the distractor's passages. */
export function distractorPromoted(study: Study, categories: Category[], covered: Map<string, Set<string>>): boolean {
  const distractors = study.themes.filter((t) => t.distractor).map((t) => goldUnits(study, t.id));
  const tops = withChildren(categories, covered);
  return categories
    .filter((c) => !c.parentKey)
    .some((c) => {
      const units = tops.get(c.key)!;
      return units.size > 0 && distractors.some((d) => [...units].filter((k) => d.has(k)).length * 2 >= units.size);
    });
}

/** Share of the gold passages (of real themes) that some quote covers. */
export function goldCoverage(study: Study, covered: Map<string, Set<string>>): number {
  const gold = new Set(study.themes.filter((t) => !t.distractor).flatMap((t) => [...goldUnits(study, t.id)]));
  const any = new Set([...covered.values()].flatMap((s) => [...s]));
  return gold.size ? [...gold].filter((k) => any.has(k)).length / gold.size : 0;
}

/**
 * Categories holding insights that are mostly small talk: under 30% of the participant sentences
 * their quotes cover speak to a real theme (a category's own quotes, without its children's).
 */
export function smallTalkCategories(study: Study, categories: Category[], covered: Map<string, Set<string>>): { smallTalk: string[]; holding: number } {
  const onTheme = new Set(study.themes.filter((t) => !t.distractor).flatMap((t) => [...goldUnits(study, t.id)]));
  const holding = categories.filter((c) => (covered.get(c.key)?.size ?? 0) > 0);
  const smallTalk = holding.filter((c) => {
    const units = [...covered.get(c.key)!];
    return units.filter((k) => onTheme.has(k)).length < 0.3 * units.length;
  });
  return { smallTalk: smallTalk.map((c) => c.name), holding: holding.length };
}
