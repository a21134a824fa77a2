import type { AnalysisDocument, CategoryDraft, ExistingCategory, Granularity, InsightDraft, Verdict } from './types.js';
import { evidence, groupUnits, withoutOtherMaterial, type Sentence, type Unit } from './evidence.js';
import { centroid, contentTerms, cosine, Vectorizer, type Vec } from './vectors.js';
import { describeTheme, nameTheme, SurfaceForms, topTerms } from './naming.js';
import { insightFrom, pointsOf } from './insight.js';
import { askedAbout, questionIndex } from './asked.js';
import { asksBackground } from './background-questions.js';
import { automaticParams, type AutomaticParams, type ParamsOverride } from './params.js';
import { closest, eligible, findThemes, strongest } from './themes.js';
import { denseThemes } from './dense-themes.js';
import { unitMeaning } from './unit-meaning.js';
import { offTheme } from './embedded-fit.js';
import type { Embedder } from '../meaning/embedded.js';

/**
 * Inductive analysis. The participants' words are grouped into units (a speaker turn in a
 * transcript, the whole text of a document without turns), the units' TF-IDF rows are
 * factorised (NMF) into as many themes as the eigengap of their similarity graph suggests, and
 * each theme is named by the noun phrases of its clearest sentences. Every sentence of a unit
 * joins the unit's theme (or, where the unit loads almost as much on another, the closer of the
 * two), and each document's sentences in a theme become one insight there, quoting them
 * verbatim. Themes that hold many documents are factorised once more into sub-themes.
 * A project's existing categories come first: a sentence close to one's name or to one of its
 * quotes joins it, and a new theme close to one's quotes as a whole is filed in it rather than
 * beside it, so that documents confirmed later are analysed into the categories already there.
 */
export interface AutomaticOptions {
  locale: string;
  granularity: Granularity;
  strictMode: boolean;
  existingCategories: ExistingCategory[];
  seed: number;
  /** The project's documents of other material (evidence.ts `otherMaterial`, over the whole project); found among `docs` when left out. */
  otherMaterial?: Set<string> | null;
  /** Thresholds other than the defaults (params.ts): an experiment. */
  params?: ParamsOverride;
  /** Vectors of meaning from a provider's embeddings model, in place of the engine's own (meaning/embedded.ts). */
  embedded?: Embedder;
}

/** How close a unit must be to its theme to count as evidence; `inclusive` keeps every unit. */
function relevanceThreshold(p: AutomaticParams, granularity: Granularity, strict: boolean): number {
  if (strict) return p.relevanceStrict;
  return granularity === 'inclusive' ? 0 : p.relevance;
}

/** `overview` keeps only each document's three chunks that bear most on their themes. */
function overviewChunks(sentences: Sentence[], themeOf: (number | null)[], strength: number[]): Set<string> {
  const best = new Map<string, number>();
  sentences.forEach((s, i) => {
    if (themeOf[i] === null) return;
    const key = `${s.documentId}:${s.chunkIdx}`;
    best.set(key, Math.max(best.get(key) ?? 0, strength[i]!));
  });
  const perDoc = new Map<string, [string, number][]>();
  for (const [key, v] of best) {
    const doc = key.slice(0, key.lastIndexOf(':'));
    perDoc.set(doc, [...(perDoc.get(doc) ?? []), [key, v]]);
  }
  return new Set(
    [...perDoc.values()].flatMap((list) =>
      list
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([k]) => k),
    ),
  );
}

/** Each transcript's first and last participant turns (of documents with at least four turns). */
function rapportUnits(units: Unit[]): Set<number> {
  const byDoc = new Map<string, number[]>();
  for (const [n, u] of units.entries()) byDoc.set(u.documentId, [...(byDoc.get(u.documentId) ?? []), n]);
  const out = new Set<number>();
  for (const list of byDoc.values()) {
    if (list.length < 4) continue;
    out.add(list[0]!);
    out.add(list[list.length - 1]!);
  }
  return out;
}

/** Documents a new theme needs: three once a project has ten, two below that (one in a project of one). */
export const minimumDocuments = (docCount: number) => (docCount >= 10 ? 3 : Math.min(2, docCount));

interface Theme {
  key: string;
  name: string;
  component: Vec;
  sentences: number[];
}

const NAMING_SENTENCES = 150;
/** The sentences closest to a theme, clearest first: what names it. */
const clearest = (idx: number[], component: Vec, vecs: Vec[]) =>
  idx
    .map((i) => ({ i, sim: cosine(vecs[i]!, component) }))
    .sort((a, b) => b.sim - a.sim || a.i - b.i)
    .slice(0, NAMING_SENTENCES)
    .map((x) => x.i);

/** A participant: a speaker of one document (a document, where it has no speakers). */
const speakerOf = (s: Sentence) => `${s.documentId}\u0000${s.speaker ?? ''}`;

type AutomaticResult = { categories: CategoryDraft[]; insights: InsightDraft[]; verdicts: Verdict[] };

/** In a project mostly of transcripts, the other material (manuals, reports: evidence.ts) is not analysed. */
export function automaticAnalysis(docs: AnalysisDocument[], opts: AutomaticOptions): AutomaticResult {
  return withoutOtherMaterial(docs, opts.otherMaterial, opts.locale, (transcripts) => analyse(transcripts, opts));
}

function analyse(docs: AnalysisDocument[], opts: AutomaticOptions): AutomaticResult {
  const P = automaticParams(opts.params);
  const verdicts: Verdict[] = [];
  const sentences: Sentence[] = [];
  for (const d of docs) {
    try {
      sentences.push(...evidence(d, opts.locale));
    } catch (err) {
      verdicts.push({ documentId: d.id, verdict: 'failed', reason: `could not read the document: ${(err as Error).message}` });
    }
  }
  const failed = new Set(verdicts.map((v) => v.documentId));
  const all = sentences.map((_, i) => i);
  const termsOf = sentences.map((s) => contentTerms(s.text, opts.locale));
  const unitText = (u: Unit) => [...u.sentences.map((i) => sentences[i]!.text), sentences[u.sentences[0]!]!.prompt ?? ''].join(' ');
  // A turn is read with the question it answers, which often names its subject.
  const promptTerms = new Map<string, string[]>();
  const unitTerms = (u: Unit) => {
    const prompt = sentences[u.sentences[0]!]!.prompt;
    if (prompt && !promptTerms.has(prompt)) promptTerms.set(prompt, contentTerms(prompt, opts.locale));
    return [...u.sentences.flatMap((i) => termsOf[i]!), ...(prompt ? promptTerms.get(prompt)! : [])];
  };
  const vectorizer = new Vectorizer(opts.locale);
  vectorizer.fit(groupUnits(docs, sentences, all).map(unitTerms));
  const forms = new SurfaceForms(opts.locale);
  for (const s of sentences) forms.add(s.text);
  const vecs = termsOf.map((t) => vectorizer.vector(t));

  // Existing categories first: sentences close to one's name or to one of its quotes join it.
  const themes: Theme[] = [];
  const themeOf: (number | null)[] = sentences.map(() => null);
  const strength: number[] = sentences.map(() => 0);
  const examplesOf: Vec[][] = [];
  for (const c of opts.existingCategories) {
    const named = vectorizer.vector(`${c.name} ${c.name} ${c.description}`);
    const examples = (c.examples ?? []).map((q) => vectorizer.vector(q)).filter((v) => v.size > 0);
    themes.push({ key: c.key, name: c.name, component: examples.length ? centroid([named, centroid(examples)]) : named, sentences: [] });
    examplesOf.push([named, ...examples]);
  }
  vecs.forEach((v, i) => {
    examplesOf.forEach((examples, j) => {
      const sim = Math.max(...examples.map((e) => cosine(v, e)));
      if (sim >= (opts.strictMode ? P.existingStrict : P.existing) && sim > strength[i]!) [themeOf[i], strength[i]] = [j, sim];
    });
  });
  const existingCount = themes.length;

  // Each document's participant turns in order, once: its first two are its opening.
  const turnsOf = new Map<string, Set<number>>();
  for (const s of sentences) turnsOf.set(s.documentId, (turnsOf.get(s.documentId) ?? new Set()).add(s.turn));
  const firstTwo = new Map([...turnsOf].map(([d, turns]) => [d, new Set([...turns].sort((a, b) => a - b).slice(0, 2))]));
  const opening = new Set(sentences.flatMap((s, i) => (firstTwo.get(s.documentId)!.has(s.turn) ? [i] : [])));
  // Introductions are the opening of an interview long enough to have more than its opening: in
  // a document of a few turns, the first two are most of what is said.
  const introductions = new Set([...opening].filter((i) => turnsOf.get(sentences[i]!.documentId)!.size >= P.introductionTurns));
  const background = sentences.map((s) => !!s.prompt && asksBackground(s.prompt, opts.locale));

  // New themes among what is left.
  const units = groupUnits(
    docs,
    sentences,
    all.filter((i) => themeOf[i] === null),
  );
  const unitVecs = units.map((u) => vectorizer.vector(unitTerms(u)));
  const vocab = vectorizer.vocabulary(3000);
  const categories: CategoryDraft[] = [];
  const keywordsOf = new Map<string, string[]>();
  const newThemes: number[] = [];
  if (units.length >= 2 && vocab.length > 0) {
    const maxThemes = Math.max(2, Math.min(P.maxThemes, Math.floor(units.length / 3)));
    // Units are grouped by what they share with units of other documents (unit-meaning.ts); a
    // project of a few units, by NMF of its words.
    const texts = units.map(unitText);
    // The provider's vectors of the units, where it has one for each (meaning/embedded.ts).
    const provided = opts.embedded?.(texts) ?? null;
    const meaning =
      units.length >= 6
        ? unitMeaning(units, { texts, terms: units.map(unitTerms), vecs: unitVecs, vocab }, opts.locale, undefined, opts.embedded, P.embeddedWeight)
        : null;
    const found = meaning
      ? denseThemes(meaning, unitVecs, { min: Math.min(3, maxThemes), max: maxThemes }, opts.seed, provided ? P.embeddedTogether : undefined)
      : findThemes(unitVecs, vocab, { min: 2, max: maxThemes }, opts.seed);
    const proposed: (number | null)[] = sentences.map(() => null);
    // With a provider's embeddings a turn must also be closer in meaning to its theme than to the project (embedded-fit.ts).
    const offInMeaning =
      P.embeddedFit !== null
        ? offTheme(
            provided,
            units.map((_, n) => strongest(found.loadings[n]!)),
            P.embeddedFit,
          )
        : new Set<number>();
    units.forEach((u, n) => {
      const top = strongest(found.loadings[n]!);
      if (top < 0 || offInMeaning.has(n) || cosine(unitVecs[n]!, found.components[top]!) < relevanceThreshold(P, opts.granularity, opts.strictMode)) return;
      const candidates = eligible(found.loadings[n]!, P.secondThemeShare);
      for (const i of u.sentences) {
        const j = closest(vecs[i]!, candidates, found.components);
        const fit = cosine(vecs[i]!, found.components[j]!);
        // Strict mode keeps only the sentences that use the theme's own distinctive words; a short
        // sentence ("That's been annoying.") is evidence only where it does, unless `inclusive`.
        const kept =
          (opts.granularity === 'inclusive' || termsOf[i]!.length >= P.shortTerms || fit >= P.shortFit) && (!opts.strictMode || fit >= P.strictSentence);
        if (kept) proposed[i] = j;
      }
    });
    // A theme recurs across participants: a topic one or two of them raise is not one (unless the project is that small).
    const docCount = new Set(units.map((u) => u.documentId)).size;
    const membersOf = found.components.map((_, j) => all.filter((i) => proposed[i] === j));
    const docsOf = membersOf.map((own) => new Set(own.map((i) => sentences[i]!.documentId)));
    /** The share of a group's sentences that `holds`. */
    const shareOf = (own: number[], holds: (i: number) => boolean) => (own.length ? own.filter(holds).length / own.length : 0);
    // The opening and closing exchanges of an interview are rapport (the weather, the coffee), not data.
    const rapport = rapportUnits(units);
    const rapportShare = found.components.map((_, j) => {
      const own = units.map((u, n) => ({ u, n })).filter(({ n }) => strongest(found.loadings[n]!) === j);
      return own.length ? own.filter(({ n }) => rapport.has(n)).length / own.length : 0;
    });
    // Nor is a topic one or two participants dwell on while a few others touch it in passing.
    const fromTwo = found.components.map((_, j) => {
      const per = new Map<string, number>();
      for (const [i, p] of proposed.entries()) if (p === j) per.set(sentences[i]!.documentId, (per.get(sentences[i]!.documentId) ?? 0) + 1);
      const counts = [...per.values()].sort((a, b) => b - a);
      const total = counts.reduce((a, b) => a + b, 0);
      return total ? ((counts[0] ?? 0) + (counts[1] ?? 0)) / total : 0;
    });
    // Nor is what participants say when they introduce themselves (who they are, their work, their
    // family), a group that is almost all of their interviews' opening turns.
    const openingShare = membersOf.map((own) => shareOf(own, (i) => introductions.has(i)));
    // Nor is what participants answer when asked who they are (how they came to the work, what they do outside it).
    const backgroundShare = membersOf.map((own) => shareOf(own, (i) => background[i]!));
    const kept = found.components
      .map((_, j) => j)
      .filter(
        (j) =>
          docsOf[j]!.size >= minimumDocuments(docCount) &&
          rapportShare[j]! < P.rapportShare &&
          openingShare[j]! < P.introductionShare &&
          backgroundShare[j]! < P.backgroundShare &&
          (docCount < 10 || fromTwo[j]! < P.fewVoices),
      )
      .sort((a, b) => docsOf[b]!.size - docsOf[a]!.size || a - b);
    const slot = new Map<number, number>();
    const questions = questionIndex(sentences, opts.locale);
    for (const j of kept) {
      const component = found.components[j]!;
      const same = themes
        .slice(0, existingCount)
        .map((t, e) => ({ e, sim: cosine(component, t.component) }))
        .filter((x) => x.sim >= P.sameTheme)
        .sort((a, b) => b.sim - a.sim)[0];
      if (same) {
        slot.set(j, same.e);
        continue;
      }
      const naming = clearest(
        all.filter((i) => proposed[i] === j),
        component,
        vecs,
      );
      const named = nameTheme(
        component,
        naming.map((i) => sentences[i]!.text),
        forms,
        opts.locale,
        undefined,
        naming.map((i) => sentences[i]!.documentId),
      );
      const keywords = named.keywords;
      const name =
        askedAbout(
          all.filter((i) => proposed[i] === j).map((i) => sentences[i]!),
          questions,
          opts.locale,
          (stem) => forms.of(stem),
        ) ?? named.name;
      const key = `new:${categories.length}`;
      categories.push({ key, name, description: describeTheme(keywords, opts.locale), parentKey: null });
      keywordsOf.set(key, keywords);
      slot.set(j, themes.length);
      newThemes.push(themes.length);
      themes.push({ key, name, component, sentences: [] });
    }
    proposed.forEach((j, i) => {
      if (j === null || !slot.has(j)) return;
      themeOf[i] = slot.get(j)!;
      strength[i] = cosine(vecs[i]!, found.components[j]!);
    });
  }
  for (const [i, t] of themeOf.entries()) if (t !== null) themes[t]!.sentences.push(i);
  const shown = opts.granularity === 'overview' ? overviewChunks(sentences, themeOf, strength) : null;

  const docById = new Map(docs.map((d) => [d.id, d]));
  const insights: InsightDraft[] = [];
  const raisedBy = new Map<string, Set<string>>();
  themes.forEach((theme, t) => {
    const perDoc = new Map<string, number[]>();
    for (const i of theme.sentences) {
      const s = sentences[i]!;
      if (shown && !shown.has(`${s.documentId}:${s.chunkIdx}`)) continue;
      const list = perDoc.get(s.documentId);
      if (list) list.push(i);
      else perDoc.set(s.documentId, [i]);
    }
    const children =
      newThemes.includes(t) && perDoc.size >= P.subthemeMinDocuments
        ? subThemes(theme, perDoc, { opening, keywordsOf, sentences, termsOf, vecs, vectorizer, forms, opts })
        : null;
    if (children) categories.push(...children.categories);
    for (const [documentId, idx] of perDoc) {
      const doc = docById.get(documentId)!;
      const child = children?.of.get(documentId);
      const component = child?.component ?? theme.component;
      // One insight per point the participant makes on the theme, its clearest sentence first.
      for (const point of pointsOf(idx, sentences, (k) => themeOf[k] !== null && themeOf[k] !== t)) {
        const ranked = point.sort((a, b) => cosine(vecs[b]!, component) - cosine(vecs[a]!, component) || a - b);
        const insight = insightFrom(
          doc,
          ranked.map((i) => sentences[i]!),
          child?.name ?? theme.name,
          opts.locale,
          (s) => contentTerms(s.text, opts.locale).length >= P.shortTerms,
        );
        if (insight) insights.push({ ...insight, categoryKeys: [child?.key ?? theme.key] });
        for (const key of [theme.key, ...(child ? [child.key] : [])]) raisedBy.set(key, (raisedBy.get(key) ?? new Set()).add(speakerOf(sentences[point[0]!]!)));
      }
    }
  });
  // Descriptions count who raises each new category, among everyone whose words were read.
  const everyone = new Set(sentences.map(speakerOf)).size;
  const unit = sentences.some((s) => s.speaker !== null) ? 'participants' : 'documents';
  for (const c of categories) {
    const keywords = keywordsOf.get(c.key);
    if (keywords) c.description = describeTheme(keywords, opts.locale, { n: raisedBy.get(c.key)?.size ?? 0, of: everyone, unit });
  }
  for (const d of docs) {
    if (failed.has(d.id)) continue;
    verdicts.push(
      insights.some((i) => i.documentId === d.id)
        ? { documentId: d.id, verdict: 'analysed' }
        : { documentId: d.id, verdict: 'skipped', reason: 'nothing in it bears on a recurring theme' },
    );
  }
  return { categories, insights, verdicts };
}

interface SubThemeContext {
  /** The sentences of each document's first two participant turns. */
  opening: Set<number>;
  /** Each new category's keywords, which its description lists. */
  keywordsOf: Map<string, string[]>;
  sentences: Sentence[];
  termsOf: string[][];
  vecs: Vec[];
  vectorizer: Vectorizer;
  forms: SurfaceForms;
  opts: AutomaticOptions;
}

/**
 * A large theme's documents, split by a second factorisation of what they say in it. A
 * sub-theme needs two documents; documents of a smaller one stay in the theme itself.
 */
function subThemes(
  theme: Theme,
  perDoc: Map<string, number[]>,
  ctx: SubThemeContext,
): { categories: CategoryDraft[]; of: Map<string, { key: string; name: string; component: Vec }> } | null {
  const P = automaticParams(ctx.opts.params);
  const docIds = [...perDoc.keys()];
  const docVecs = docIds.map((d) => ctx.vectorizer.vector(perDoc.get(d)!.flatMap((i) => ctx.termsOf[i]!)));
  const parentTop = new Set(topTerms(theme.component, 1));
  const vocab = ctx.vectorizer.vocabulary(3000).filter((t) => !parentTop.has(t));
  const found = findThemes(docVecs, vocab, { min: 2, max: Math.min(P.maxSubthemes, Math.floor(docIds.length / 4)) }, ctx.opts.seed);
  const members = found.components.map((_, j) => docIds.filter((_, n) => strongest(found.loadings[n]!) === j));
  // A sub-theme made of what participants say in their interviews' opening turns (who they are, their work, their family) is their introductions, not a part of the theme.
  const opening = (m: string[]) => {
    const idx = m.flatMap((d) => perDoc.get(d)!);
    return idx.filter((i) => ctx.opening.has(i)).length / Math.max(1, idx.length);
  };
  const kept = members.map((m, j) => ({ m, j })).filter(({ m }) => m.length >= 2 && opening(m) < P.openingShare);
  if (kept.length < 2) return null;
  const categories: CategoryDraft[] = [];
  const of = new Map<string, { key: string; name: string; component: Vec }>();
  for (const { m, j } of kept) {
    const component = found.components[j]!;
    const naming = clearest(
      m.flatMap((d) => perDoc.get(d)!),
      component,
      ctx.vecs,
    );
    const { name, keywords } = nameTheme(
      component,
      naming.map((i) => ctx.sentences[i]!.text),
      ctx.forms,
      ctx.opts.locale,
      // A sub-theme is not named by its parent's words ("Sonnenblume" under "Sonnenblume").
      new Set([...parentTop, ...contentTerms(theme.name, ctx.opts.locale)]),
      naming.map((i) => ctx.sentences[i]!.documentId),
    );
    const key = `${theme.key}:${j}`;
    categories.push({ key, name, description: `${theme.name}: ${keywords.join(', ')}.`, parentKey: theme.key });
    ctx.keywordsOf.set(key, keywords);
    for (const d of m) of.set(d, { key, name, component: found.components[j]! });
  }
  return { categories, of };
}
