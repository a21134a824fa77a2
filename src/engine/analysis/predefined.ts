import type { AnalysisDocument, Granularity, InsightDraft, PredefinedCategoryInput, Verdict } from './types.js';
import { evidence, groupUnits, withoutOtherMaterial, type EvidenceOptions, type Sentence, type Unit } from './evidence.js';
import { centroid, contentTerms, cosine, Vectorizer, type Vec } from './vectors.js';
import { insightFrom, pointsOf } from './insight.js';
import { engineParams, type EngineParams, type ParamsOverride, type PredefinedParams } from './params.js';
import { expand } from '../search/wordnet.js';
import { stopWords, tokenize } from '../text/index.js';
import { sentenceVectors } from '../meaning/sentence-vectors.js';
import { dot } from '../meaning/word-vectors.js';
import { categoryFit } from './category-fit.js';
import { denseThemes } from './dense-themes.js';
import { strongest } from './themes.js';
import { unitMeaning } from './unit-meaning.js';
import { subwordRows } from '../meaning/subword.js';
import type { Embedder } from '../meaning/embedded.js';

/**
 * Predefined analysis: each given category becomes a profile (its name, description,
 * instructions and examples; for English its name's and description's words widened with
 * WordNet synonyms). A sentence is scored against every profile on its own words (with their
 * character 4-grams) and meaning, and on those of its unit (its speaker turn, or its whole
 * document when there are no turns);
 * where the project has enough units, the fits are standardised and each turn also reads its
 * group's fit (category-fit.ts), the groups being those automatic analysis would find
 * (unit-meaning.ts, dense-themes.ts). A sentence joins the profile it fits best when that fit
 * clears the bar. Profiles then learn the project's own words from the sentences they drew
 * (Rocchio feedback), and each document's sentences in a category become one insight there.
 */
export interface PredefinedOptions {
  locale: string;
  granularity: Granularity;
  strictMode: boolean;
  /** The documents of other material among those in scope (evidence.ts `otherMaterial`); found among `docs` when left out. */
  otherMaterial?: Set<string> | null;
  /** Thresholds other than the defaults (params.ts): an experiment. */
  params?: ParamsOverride;
  /** Which sentences are read (evidence.ts); a model reads every one (llm/coder.ts). */
  reading?: EvidenceOptions;
  /** Vectors of meaning from a provider's embeddings model, in place of the engine's own (meaning/embedded.ts). */
  embedded?: Embedder;
}

/** The fit a sentence needs (params.ts `bar`); `inclusive` takes every sentence that shares a word or meaning with a profile. */
interface Bar {
  raw: number;
  standardised: number;
  /** Whether the raw bar holds beside the standardised one. */
  both: boolean;
}

function minimumFit(opts: PredefinedOptions, p: PredefinedParams): Bar {
  if (opts.strictMode) return { ...p.strictBar, both: true };
  return opts.granularity === 'inclusive' ? { raw: 0, standardised: -Infinity, both: false } : { ...p.bar, both: false };
}

/** A category's words: its name (twice), description and instructions, and in English its name's and description's words' first `synonyms` WordNet synonyms. */
function profileText(c: PredefinedCategoryInput, locale: string, synonyms: number): string {
  const parts = [c.name, c.name, c.description ?? '', c.instructions ?? '', c.categorizationInstructions ?? ''];
  if (locale === 'en') {
    const stops = stopWords(locale);
    for (const w of tokenize(`${c.name} ${c.description ?? ''}`, locale)) if (!stops.has(w)) parts.push(...expand(w).synonyms.slice(0, synonyms));
  }
  return parts.join(' ');
}

/** A sentence's, unit's and profile's vectors of meaning (SIF), where the locale has word vectors. */
interface Meaning {
  sentences: Float32Array[];
  units: Float32Array[];
  profiles: Float32Array[];
}

/** A researcher's example of a category: its words and meaning, read as a text is. */
interface Example {
  words: Vec;
  meaning: Float32Array | undefined;
}

/** Each sentence's best profile and its fit, with the others it also joins; null where none clears the bar. */
function assign(
  vecs: Vec[],
  units: { of: number[]; vecs: Vec[]; groupOf: number[] | null },
  profiles: Vec[],
  min: Bar,
  meaning: Meaning | null,
  short: boolean[],
  p: PredefinedParams,
): Choice[] {
  const fitOf = (v: Vec, dense: Float32Array | undefined, c: number) => {
    const words = cosine(v, profiles[c]!);
    return meaning && dense ? p.wordsShare * words + (1 - p.wordsShare) * Math.max(0, dot(dense, meaning.profiles[c]!)) : words;
  };
  const { raw, standardised, own } = categoryFit(
    {
      sentence: vecs.map((v, i) => profiles.map((_, c) => fitOf(v, meaning?.sentences[i], c))),
      unit: units.vecs.map((u, n) => profiles.map((_, c) => fitOf(u, meaning?.units[n], c))),
      unitOf: units.of,
      groupOf: units.groupOf,
    },
    p,
  );
  return vecs.map((_, i) => {
    const fits: { category: number; fit: number }[] = [];
    profiles.forEach((_, c) => {
      const r = raw[i]![c]!;
      const f = standardised ? standardised[i]![c]! : r;
      if (own && short[i] && own[i]![c]! < p.shortOwn) return;
      const clears = standardised ? f >= min.standardised && (!min.both || r >= min.raw) : r >= min.raw;
      if (r > 0 && clears) fits.push({ category: c, fit: f });
    });
    fits.sort((a, b) => b.fit - a.fit || a.category - b.category);
    const best = fits[0];
    if (!best) return null;
    return { ...best, also: own ? fits.slice(1).filter((x) => x.fit >= best.fit - p.alsoWithin && own[i]![x.category]! >= p.alsoOwn) : [] };
  });
}

/**
 * Each unit's group among those automatic analysis would find, -1 for none; null for a project of
 * few units. Grouped as these groups were chosen (params.ts `groups…`): the views weighing alike,
 * more groups than categories, at a bar of their own.
 */
function groupsOf(
  units: Unit[],
  texts: { texts: string[]; terms: string[][] },
  vectorizer: Vectorizer,
  categories: number,
  opts: PredefinedOptions,
  P: EngineParams,
): number[] | null {
  const p = P.predefined;
  if (units.length < p.groupsFromUnits) return null;
  const vecs = texts.terms.map((t) => vectorizer.vector(t));
  const meaning = unitMeaning(units, { ...texts, vecs, vocab: vectorizer.vocabulary(p.groupsVocabulary) }, opts.locale, p.groupsSubwordWeight, opts.embedded);
  const range = { min: categories, max: Math.min(p.maxGroups, p.groupsPerCategory * categories) };
  const found = denseThemes(meaning, vecs, range, p.groupsSeed, { together: p.groupsTogether, grouping: P.grouping });
  return found.loadings.map(strongest);
}

/** The mean of a profile's vector of meaning and of the sentences it drew, unit length. */
function feedback(given: Float32Array, drawn: Float32Array[]): Float32Array {
  const out = Float32Array.from(given);
  for (const v of drawn) for (let d = 0; d < out.length; d++) out[d]! += v[d]! / drawn.length;
  const n = Math.sqrt(dot(out, out)) || 1;
  return out.map((x) => x / n);
}

/** A sentence's category (its best fit) and the others it also joins; null where it joins none. */
export type Choice = { category: number; fit: number; also: { category: number; fit: number }[] } | null;

/**
 * Which category each sentence of the analysed documents joins, before insights are made of
 * them: offline, by `assign`; with a model, by the model's codes where it answered
 * (llm/coder.ts). `verdicts` holds those already given (documents that could not be read, and
 * other material left out).
 */
export interface PredefinedCoding {
  docs: AnalysisDocument[];
  categories: PredefinedCategoryInput[];
  sentences: Sentence[];
  chosen: Choice[];
  verdicts: Verdict[];
  opts: PredefinedOptions;
}

/** In a project mostly of transcripts, the other material (manuals, reports: evidence.ts) is not analysed. */
export function predefinedAnalysis(
  docs: AnalysisDocument[],
  categories: PredefinedCategoryInput[],
  opts: PredefinedOptions,
): { insights: InsightDraft[]; verdicts: Verdict[] } {
  const coding = predefinedCoding(docs, categories, opts);
  return predefinedInsights(coding, coding.chosen);
}

/** The offline engine's coding of the documents' sentences (other material left out, with its verdict). */
export function predefinedCoding(docs: AnalysisDocument[], categories: PredefinedCategoryInput[], opts: PredefinedOptions): PredefinedCoding {
  return withoutOtherMaterial(docs, opts.otherMaterial, opts.locale, (transcripts) => code(read(transcripts, categories, opts)));
}

/** The documents' sentences, none of them coded yet (other material left out, with its verdict). */
export function predefinedReading(docs: AnalysisDocument[], categories: PredefinedCategoryInput[], opts: PredefinedOptions): PredefinedCoding {
  return withoutOtherMaterial(docs, opts.otherMaterial, opts.locale, (transcripts) => read(transcripts, categories, opts));
}

function read(docs: AnalysisDocument[], categories: PredefinedCategoryInput[], opts: PredefinedOptions): PredefinedCoding {
  const verdicts: Verdict[] = [];
  const sentences: Sentence[] = [];
  for (const d of docs) {
    try {
      sentences.push(...evidence(d, opts.locale, opts.reading));
    } catch (err) {
      verdicts.push({ documentId: d.id, verdict: 'failed', reason: `could not read the document: ${(err as Error).message}` });
    }
  }
  return { docs, categories, sentences, chosen: sentences.map(() => null), verdicts, opts };
}

function code(reading: PredefinedCoding): PredefinedCoding {
  const { docs, categories, sentences, verdicts, opts } = reading;
  const all = engineParams(opts.params);
  const P = all.predefined;
  const termsOf = sentences.map((s) => contentTerms(s.text, opts.locale));
  const short = termsOf.map((t) => opts.granularity !== 'inclusive' && t.length < P.shortTerms);
  const units = groupUnits(
    docs,
    sentences,
    sentences.map((_, i) => i),
  );
  const vectorizer = new Vectorizer(opts.locale);
  vectorizer.fit(units.map((u) => u.sentences.flatMap((i) => termsOf[i]!)));
  const vecs = termsOf.map((t) => vectorizer.vector(t));
  const unitOf = new Array<number>(sentences.length);
  for (const [n, u] of units.entries()) for (const i of u.sentences) unitOf[i] = n;
  // A turn is read with the question it answers, as automatic analysis reads it.
  const unitTerms = units.map((u) => {
    const prompt = sentences[u.sentences[0]!]!.prompt;
    return [...u.sentences.flatMap((i) => termsOf[i]!), ...(prompt ? contentTerms(prompt, opts.locale) : [])];
  });

  const given = categories.map((c) => vectorizer.vector(profileText(c, opts.locale, P.synonyms)));
  const min = minimumFit(opts, P);
  // Meaning is computed for sentences, turns (with the question they answer) and profiles together, so that they share one frame.
  const unitTexts = units.map((u) => [...u.sentences.map((i) => sentences[i]!.text), sentences[u.sentences[0]!]!.prompt ?? ''].join(' '));
  const profileTexts = categories.map((c) => [c.name, c.description ?? '', c.instructions ?? '', c.categorizationInstructions ?? ''].join(' '));
  const exampleTexts = categories.flatMap((c, n) => (c.examples ?? []).map((text) => ({ category: n, text })));
  const denseTexts = [...sentences.map((s) => s.text), ...unitTexts, ...profileTexts, ...exampleTexts.map((e) => e.text)];
  const dense = opts.embedded?.(denseTexts) ?? sentenceVectors(denseTexts, opts.locale);
  const givenMeaning = dense ? dense.slice(sentences.length + units.length, sentences.length + units.length + categories.length) : [];
  let meaning: Meaning | null = dense
    ? { sentences: dense.slice(0, sentences.length), units: dense.slice(sentences.length, sentences.length + units.length), profiles: givenMeaning }
    : null;
  const unitWords = units.map((u) => u.sentences.flatMap((i) => termsOf[i]!));
  const profileTerms = categories.map((c) => contentTerms(profileText(c, opts.locale, P.synonyms), opts.locale));
  // Words are read with their character 4-grams (meaning/subword.ts), which match the parts of
  // compounds ("Krankheitsausfälle" and "krank"): a German category's words meet the participants' inflections.
  const exampleTerms = exampleTexts.map((e) => contentTerms(e.text, opts.locale));
  const gramRows = subwordRows([...termsOf, ...unitWords, ...profileTerms, ...exampleTerms]);
  const join = (v: Vec, at: number): Vec => {
    const r = gramRows.rows[at]!;
    const out: Vec = new Map();
    for (const [t, w] of v) out.set(t, w / Math.SQRT2);
    for (let p = 0; p < r.cols.length; p++) out.set(`#${r.cols[p]}`, r.vals[p]! / Math.SQRT2);
    return out;
  };
  for (let i = 0; i < vecs.length; i++) vecs[i] = join(vecs[i]!, i);
  for (let c = 0; c < given.length; c++) given[c] = join(given[c]!, sentences.length + units.length + c);
  const firstExample = sentences.length + units.length + categories.length;
  const examples: Example[][] = categories.map(() => []);
  for (const [n, e] of exampleTexts.entries())
    examples[e.category]!.push({ words: join(vectorizer.vector(exampleTerms[n]!), firstExample + n), meaning: dense?.[firstExample + n] });
  // Examples are passages the researcher filed in the category: they weigh as much as its name,
  // description and instructions together (mixed into their words instead, a few examples from one
  // interview carried its incidental words into the category; eval/README.md).
  for (let c = 0; c < given.length; c++) {
    const own = examples[c]!;
    if (own.length === 0) continue;
    given[c] = centroid([given[c]!, centroid(own.map((e) => e.words))]);
    if (dense)
      givenMeaning[c] = feedback(
        givenMeaning[c]!,
        own.map((e) => e.meaning!),
      );
  }
  const unitsRead = {
    of: unitOf,
    vecs: unitWords.map((w, n) => join(vectorizer.vector(w), sentences.length + n)),
    groupOf: groupsOf(units, { texts: unitTexts, terms: unitTerms }, vectorizer, categories.length, opts, all),
  };
  let profiles = given;
  let chosen = assign(vecs, unitsRead, profiles, min, meaning, short, P);
  for (let round = 0; round < P.feedbackRounds; round++) {
    profiles = given.map((p, c) => {
      const drawn = vecs.filter((_, i) => chosen[i]?.category === c);
      return drawn.length === 0 ? p : centroid([p, centroid(drawn)]);
    });
    if (meaning) {
      const m = meaning;
      meaning = {
        ...m,
        profiles: givenMeaning.map((p, c) =>
          feedback(
            p,
            m.sentences.filter((_, i) => chosen[i]?.category === c),
          ),
        ),
      };
    }
    chosen = assign(vecs, unitsRead, profiles, min, meaning, short, P);
  }

  return { docs, categories, sentences, chosen, verdicts, opts };
}

/**
 * A point's sentences in document order, with consecutive pieces of one long sentence
 * (evidence.ts `pieceWords`: nothing but white space between them, the first not ending as a
 * sentence does) joined again, so that a quote is the whole run the participant said.
 */
function joinPieces(doc: AnalysisDocument, ordered: Sentence[]): Sentence[] {
  const out: Sentence[] = [];
  for (const s of ordered) {
    const last = out[out.length - 1];
    if (last && last.paragraph === s.paragraph && !/[.!?…]["'”’)]*$/.test(last.text) && doc.text.slice(last.end, s.start).trim() === '')
      out[out.length - 1] = { ...last, end: s.end, text: doc.text.slice(last.start, s.end) };
    else out.push(s);
  }
  return out;
}

/**
 * Each document's sentences in a category become insights, one per point its participant makes
 * there (`overview`: the document's best sentence alone); every document analysed gets its verdict.
 */
export function predefinedInsights(coding: PredefinedCoding, chosen: Choice[]): { insights: InsightDraft[]; verdicts: Verdict[] } {
  const { docs, categories, sentences, opts } = coding;
  const all = engineParams(opts.params);
  const P = all.predefined;
  const verdicts = [...coding.verdicts];
  const failed = new Set(verdicts.map((v) => v.documentId));
  const byDocument = new Map<string, number[]>();
  sentences.forEach((s, i) => {
    const list = byDocument.get(s.documentId);
    if (list) list.push(i);
    else byDocument.set(s.documentId, [i]);
  });
  const insights: InsightDraft[] = [];
  for (const doc of docs) {
    if (failed.has(doc.id)) continue;
    let found = 0;
    categories.forEach((category, c) => {
      const fitOf = new Map(
        (byDocument.get(doc.id) ?? [])
          .map((i) => [i, chosen[i]?.category === c ? chosen[i]!.fit : chosen[i]?.also.find((x) => x.category === c)?.fit] as const)
          .filter((x): x is readonly [number, number] => x[1] !== undefined),
      );
      const byFit = (a: number, b: number) => fitOf.get(b)! - fitOf.get(a)! || a - b;
      // One insight per point the participant makes in the category (`overview`: the document's best sentence alone).
      const points =
        opts.granularity === 'overview'
          ? [[...fitOf.keys()].sort(byFit).slice(0, 1)].filter((p) => p.length > 0)
          : pointsOf([...fitOf.keys()], sentences, (k) => chosen[k] !== null && !fitOf.has(k));
      for (const point of points) {
        const insight = insightFrom(
          doc,
          opts.reading?.pieceWords
            ? joinPieces(
                doc,
                point.sort((a, b) => a - b).map((i) => sentences[i]!),
              )
            : point.sort(byFit).map((i) => sentences[i]!),
          category.name,
          opts.locale,
          (s) => contentTerms(s.text, opts.locale).length >= P.shortTerms,
          all.insights.maxQuotes,
        );
        if (insight) {
          insights.push({ ...insight, categoryKeys: [category.key ?? category.name] });
          found++;
        }
      }
    });
    verdicts.push(
      found > 0 ? { documentId: doc.id, verdict: 'analysed' } : { documentId: doc.id, verdict: 'skipped', reason: 'no passage fits the given categories' },
    );
  }
  return { insights, verdicts };
}
