import { askedAbout, questionIndex } from '../asked.js';
import { capitalised, describeTheme, listName, nameTheme } from '../naming.js';
import type { AutomaticParams } from '../params.js';
import type { Stage } from '../stage.js';
import type { CategoryDraft } from '../types.js';
import { contentTerms, cosine } from '../vectors.js';
import { clearest } from './clearest.js';
import type { Filed, Theme } from './existing.js';
import type { Groups } from './group.js';
import type { Words } from './words.js';

/** Every theme of the analysis, the project's categories first, with the sentences filed in each. */
export interface Named {
  themes: Theme[];
  /** The new top-level categories, most documents first. */
  categories: CategoryDraft[];
  /** Each new category's keywords, which its description lists. */
  keywordsOf: Map<string, string[]>;
  /** Which of `themes` are new. */
  fresh: Set<number>;
  /** Stems that name no theme here: those that run through most of the project's themes (its subject), and the people its transcripts label. */
  unnamed: Set<string>;
  /** Each sentence's theme (an index into `themes`), null for none, and how close it is to it. */
  themeOf: (number | null)[];
  strength: number[];
}

/** The stems said in `subjectThemes` of the project's themes or more (twice at least in each): the project's subject. */
function subjectOf(groups: Groups, kept: number[], words: Words, P: AutomaticParams): Set<string> {
  if (kept.length < P.subjectFromThemes) return new Set();
  const themesWith = new Map<string, number>();
  for (const j of kept) {
    const count = new Map<string, number>();
    for (const i of groups.members[j]!) for (const t of new Set(words.terms[i]!)) count.set(t, (count.get(t) ?? 0) + 1);
    for (const [t, n] of count) if (n >= 2) themesWith.set(t, (themesWith.get(t) ?? 0) + 1);
  }
  return new Set([...themesWith].filter(([, n]) => n >= P.subjectThemes * kept.length).map(([t]) => t));
}

/**
 * A theme asked about in a word ("What about the price?") is named by the theme's phrase that
 * holds the word ("Price rise"), or by the word with the theme's key phrases.
 */
function askedName(asked: string, named: ReturnType<typeof nameTheme>, locale: string): string {
  if (asked.includes(' ')) return asked;
  const own = contentTerms(asked, locale);
  const holding = named.phrases.find((e) => e.stems.length >= 2 && e.documents >= 2 && own.every((t) => e.stems.includes(t)));
  if (holding) return capitalised(holding.words);
  const others = named.keywords.filter((k) => !contentTerms(k, locale).some((t) => own.includes(t)));
  return listName([asked, ...others].slice(0, 3));
}

/**
 * Each theme is named by what the interviewer asked before its passages where a question phrase
 * stands out (asked.ts), by the noun phrases of its clearest sentences otherwise (naming.ts). A
 * new theme close to an existing category's quotes as a whole is filed in it rather than beside it.
 */
export const themeNamer: Stage<{ words: Words; filed: Filed; groups: Groups; kept: number[] }, Named> = {
  run({ words, filed, groups, kept }, { locale, params }) {
    const P = params.automatic;
    const { sentences, vecs, forms } = words;
    const themes: Theme[] = filed.themes.map((t) => ({ ...t, sentences: [] }));
    const categories: CategoryDraft[] = [];
    const keywordsOf = new Map<string, string[]>();
    const fresh = new Set<number>();
    const slot = new Map<number, number>();
    const questions = kept.length > 0 ? questionIndex(sentences, locale) : new Map();
    // The people the transcripts label ("Priya", "Dean") are as incidental as a relative.
    const speakers = new Set(sentences.map((x) => x.speaker).filter((x): x is string => x !== null));
    const unnamed = new Set([...subjectOf(groups, kept, words, P), ...[...speakers].flatMap((x) => contentTerms(x, locale))]);
    for (const j of kept) {
      const component = groups.components[j]!;
      const same = filed.themes
        .map((t, e) => ({ e, sim: cosine(component, t.component) }))
        .filter((x) => x.sim >= P.sameTheme)
        .sort((a, b) => b.sim - a.sim)[0];
      if (same) {
        slot.set(j, same.e);
        continue;
      }
      const naming = clearest(groups.members[j]!, component, vecs, P.namingSentences);
      const named = nameTheme(
        component,
        naming.map((i) => sentences[i]!.text),
        forms,
        locale,
        unnamed,
        naming.map((i) => sentences[i]!.documentId),
        P,
      );
      const asked = askedAbout(
        groups.members[j]!.map((i) => sentences[i]!),
        questions,
        locale,
        (stem) => forms.of(stem),
        P,
        unnamed,
      );
      const key = `new:${categories.length}`;
      const name = asked ? askedName(asked, named, locale) : named.name;
      categories.push({ key, name, description: describeTheme(named.keywords, locale), parentKey: null });
      keywordsOf.set(key, named.keywords);
      slot.set(j, themes.length);
      fresh.add(themes.length);
      themes.push({ key, name, component, sentences: [] });
    }
    const themeOf = [...filed.themeOf];
    const strength = [...filed.strength];
    groups.proposed.forEach((j, i) => {
      if (j === null || !slot.has(j)) return;
      themeOf[i] = slot.get(j)!;
      strength[i] = cosine(vecs[i]!, groups.components[j]!);
    });
    for (const [i, t] of themeOf.entries()) if (t !== null) themes[t]!.sentences.push(i);
    return { themes, categories, keywordsOf, fresh, unnamed, themeOf, strength };
  },
};
