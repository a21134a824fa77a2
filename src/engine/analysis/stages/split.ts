import { findThemes, strongest } from '../themes.js';
import { nameTheme, topTerms } from '../naming.js';
import type { AnalysisContext, Stage } from '../stage.js';
import type { CategoryDraft } from '../types.js';
import { contentTerms, type Vec } from '../vectors.js';
import { clearest } from './clearest.js';
import type { Theme } from './existing.js';
import type { Named } from './name.js';
import { overviewChunks, sectionOf, sectionsOf } from './overview.js';
import { openingSentences } from './places.js';
import type { Words } from './words.js';

/** A large theme's parts: categories under it, and which documents' passages each holds. */
export interface SubThemes {
  categories: CategoryDraft[];
  /** Each sub-theme's keywords, which its description lists. */
  keywordsOf: Map<string, string[]>;
  /** Each document's sub-theme. */
  of: Map<string, { key: string; name: string; component: Vec }>;
}

/** Each theme's passages by document, and its sub-themes. */
export interface Split {
  /** Each theme's sentences by document (`overview`: those in each document's best sections). */
  perDoc: Map<string, number[]>[];
  /** Each theme's sub-themes, null where it has none. */
  children: (SubThemes | null)[];
}

/** A new theme that holds many documents is factorised once more into sub-themes (`subthemeMinDocuments`). */
export const subThemeSplitter: Stage<{ words: Words; named: Named }, Split> = {
  run({ words, named }, ctx) {
    const P = ctx.params.automatic;
    const { sentences } = words;
    const sections = ctx.granularity === 'overview' ? sectionsOf(words.docs, P.overviewWords) : null;
    const shown = sections ? overviewChunks(sentences, named.themeOf, named.strength, P.overviewChunks, sections) : null;
    const { opening } = openingSentences(sentences, P);
    const perDoc = named.themes.map((theme) => {
      const out = new Map<string, number[]>();
      for (const i of theme.sentences) {
        const s = sentences[i]!;
        if (shown && !shown.has(sectionOf(sections!, s))) continue;
        const list = out.get(s.documentId);
        if (list) list.push(i);
        else out.set(s.documentId, [i]);
      }
      return out;
    });
    const children = named.themes.map((theme, t) =>
      named.fresh.has(t) && perDoc[t]!.size >= P.subthemeMinDocuments ? subThemes(theme, perDoc[t]!, words, opening, named.unnamed, ctx) : null,
    );
    return { perDoc, children };
  },
};

/**
 * A large theme's documents, split by a second factorisation of what they say in it. A
 * sub-theme needs `subthemeDocuments`; documents of a smaller one stay in the theme itself, and a
 * split is into two sub-themes at least.
 */
function subThemes(
  theme: Theme,
  perDoc: Map<string, number[]>,
  words: Words,
  opening: Set<number>,
  unnamed: Set<string>,
  ctx: AnalysisContext,
): SubThemes | null {
  const P = ctx.params.automatic;
  const docIds = [...perDoc.keys()];
  const docVecs = docIds.map((d) => words.vectorizer.vector(perDoc.get(d)!.flatMap((i) => words.terms[i]!)));
  const parentTop = new Set(topTerms(theme.component, 1));
  const vocab = words.vectorizer.vocabulary(P.vocabulary).filter((t) => !parentTop.has(t));
  const most = Math.min(P.maxSubthemes, Math.floor(docIds.length / P.documentsPerSubtheme));
  const found = findThemes(docVecs, vocab, { min: 2, max: most }, ctx.seed, ctx.params);
  const members = found.components.map((_, j) => docIds.filter((_, n) => strongest(found.loadings[n]!) === j));
  // A sub-theme made of what participants say in their interviews' opening turns (who they are, their work, their family) is their introductions, not a part of the theme.
  const openingShare = (m: string[]) => {
    const idx = m.flatMap((d) => perDoc.get(d)!);
    return idx.filter((i) => opening.has(i)).length / Math.max(1, idx.length);
  };
  const kept = members.map((m, j) => ({ m, j })).filter(({ m }) => m.length >= P.subthemeDocuments && openingShare(m) < P.openingShare);
  if (kept.length < 2) return null;
  const categories: CategoryDraft[] = [];
  const keywordsOf = new Map<string, string[]>();
  const of = new Map<string, { key: string; name: string; component: Vec }>();
  for (const { m, j } of kept) {
    const component = found.components[j]!;
    const naming = clearest(
      m.flatMap((d) => perDoc.get(d)!),
      component,
      words.vecs,
      P.namingSentences,
    );
    const { name, keywords } = nameTheme(
      component,
      naming.map((i) => words.sentences[i]!.text),
      words.forms,
      ctx.locale,
      // A sub-theme is not named by its parent's words ("Sonnenblume" under "Sonnenblume").
      new Set([...parentTop, ...contentTerms(theme.name, ctx.locale), ...unnamed]),
      naming.map((i) => words.sentences[i]!.documentId),
      P,
    );
    const key = `${theme.key}:${j}`;
    categories.push({ key, name, description: `${theme.name}: ${keywords.join(', ')}.`, parentKey: theme.key });
    keywordsOf.set(key, keywords);
    for (const d of m) of.set(d, { key, name, component });
  }
  return { categories, keywordsOf, of };
}
