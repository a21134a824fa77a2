import { createRequire } from 'node:module';
import type stopwordLists from 'stopword';
import type snowballStemmers from 'snowball-stemmers';
import { latinWords } from './latin-words.js';

/**
 * Locale-aware text basics shared by search and analysis: words by Intl.Segmenter (so Chinese
 * and Japanese split), stop words from the `stopword` package, stems from Snowball.
 */
const STOP_LANG: Record<string, string> = {
  en: 'eng',
  ar: 'ara',
  'zh-CN': 'zho',
  'zh-TW': 'zho',
  da: 'dan',
  fi: 'fin',
  fr: 'fra',
  de: 'deu',
  he: 'heb',
  it: 'ita',
  ja: 'jpn',
  ko: 'kor',
  lt: 'lit',
  no: 'nob',
  pt: 'por',
  es: 'spa',
  sv: 'swe',
};
// Snowball has no stemmer for Chinese, Japanese, Korean, Hebrew or Lithuanian: words stay whole there.
const STEM_LANG: Record<string, string> = {
  en: 'english',
  ar: 'arabic',
  da: 'danish',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  it: 'italian',
  no: 'norwegian',
  pt: 'portuguese',
  es: 'spanish',
  sv: 'swedish',
};

const segmenters = new Map<string, Intl.Segmenter>();
const stopSets = new Map<string, Set<string>>();
const stemmers = new Map<string, ((w: string) => string) | null>();

/**
 * Intl.Segmenter's time grows with the square of the string's length (8,000 words: 170 ms), so
 * long texts are segmented in pieces cut at white space, which no word spans. A run of 500
 * characters with no white space at all (Chinese, Japanese, a minified blob) is cut where it
 * stands, between two UTF-16 units that do not form one character.
 */
const PIECE = 500;

export function* pieces(text: string): Generator<string> {
  let from = 0;
  while (text.length - from > PIECE) {
    let cut = from + PIECE;
    while (cut > from && !/\s/.test(text[cut]!)) cut--;
    if (cut === from) {
      cut = from + PIECE;
      if (/[\uDC00-\uDFFF]/.test(text[cut]!)) cut--;
      yield text.slice(from, cut);
      from = cut;
    } else {
      yield text.slice(from, cut);
      from = cut + 1;
    }
  }
  yield text.slice(from);
}

const sentenceSegmenters = new Map<string, Intl.Segmenter>();
const SENTENCE_PIECE = 2000;

/**
 * A text's sentences (Intl.Segmenter's), with their offsets, segmented in pieces of about 2,000
 * characters (see `pieces`): a piece is cut after a sentence's end and the white space after it,
 * so that no sentence spans two pieces, or, in a run with no sentence's end, at white space.
 */
export function* sentences(text: string, locale = 'en'): Generator<{ index: number; segment: string }> {
  let seg = sentenceSegmenters.get(locale);
  if (!seg) {
    seg = new Intl.Segmenter(locale, { granularity: 'sentence' });
    sentenceSegmenters.set(locale, seg);
  }
  let from = 0;
  while (from < text.length) {
    let to = text.length;
    if (to - from > SENTENCE_PIECE) {
      const window = text.slice(from, from + SENTENCE_PIECE);
      let end = 0;
      for (const m of window.matchAll(/[.!?…][)"”’»]*\s+/g)) end = m.index + m[0].length;
      const space = window.search(/\s\S*$/);
      to = from + (end > 0 ? end : space > 0 ? space + 1 : SENTENCE_PIECE);
      // The white space after a sentence's end is that sentence's, however far it runs past the window.
      if (end > 0) while (to < text.length && /\s/.test(text[to]!)) to++;
    }
    for (const s of seg.segment(text.slice(from, to))) yield { index: from + s.index, segment: s.segment };
    from = to;
  }
}

/**
 * Words read during `withWordsRemembered`, by locale and text: an analysis reads the same
 * sentences in several stages (at 50 transcripts two thirds of the characters it tokenized had
 * been tokenized before), and ICU's word segmenter is most of tokenizing's cost.
 */
let remembered: Map<string, string[]> | null = null;

/** Runs `work` (synchronous: an analysis) with each text's words remembered, forgotten after it. */
export function withWordsRemembered<T>(work: () => T): T {
  if (remembered) return work();
  remembered = new Map();
  try {
    return work();
  } finally {
    remembered = null;
  }
}

export function tokenize(text: string, locale = 'en'): string[] {
  if (!remembered) return segmentWords(text, locale);
  const key = `${locale}\u0000${text}`;
  let words = remembered.get(key);
  if (!words) {
    words = segmentWords(text, locale);
    remembered.set(key, words);
  }
  // A copy: callers may change what they are given.
  return words.slice();
}

function segmentWords(text: string, locale: string): string[] {
  let seg = segmenters.get(locale);
  if (!seg) {
    seg = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, seg);
  }
  const elided = ELISIONS[locale.slice(0, 2)];
  const out: string[] = [];
  for (const piece of pieces(text.toLowerCase())) {
    // Latin script by a pattern that draws the segmenter's words at a fiftieth of its cost (latin-words.ts).
    for (const s of latinWords(piece) ?? seg.segment(piece)) {
      if (!s.isWordLike) continue;
      const word = s.segment.replace(/’/g, "'");
      out.push(elided ? word.replace(elided, '') : word);
    }
  }
  return out;
}

/**
 * The elided words that ICU's word segmenter keeps on the word they lean on ("l'application",
 * "qu'il", "dell'anno"), taken off so that the word is read as itself: its stem, a stop word.
 * French's are a closed list ("aujourd'hui" keeps its apostrophe); in Italian any word cut before
 * an apostrophe is elided.
 */
const ELISIONS: Record<string, RegExp> = {
  fr: /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu)'(?=\p{L})/u,
  it: /^\p{L}{1,7}'(?=\p{L})/u,
};

/**
 * Both are CommonJS, required at their first use: imported as ES modules, Node scanned their
 * sources for export names first (Snowball's is 0.9 MB), 0.2-0.4 s of every start of the server
 * and of the worker thread; required, they load in 30-50 ms, and only where text is worked on.
 */
const require = createRequire(import.meta.url);
let stopword: typeof stopwordLists | null = null;
let snowball: typeof snowballStemmers | null = null;

export function stopWords(locale = 'en'): Set<string> {
  let set = stopSets.get(locale);
  if (!set) {
    stopword ??= require('stopword') as typeof stopwordLists;
    const list = (stopword as unknown as Record<string, string[]>)[STOP_LANG[locale] ?? 'eng'] ?? [];
    set = new Set(list.map((w) => w.toLowerCase()));
    stopSets.set(locale, set);
  }
  return set;
}

/** Stems already computed, per locale: a project's vocabulary is small beside its word count. */
const stemmed = new Map<string, Map<string, string>>();
const STEM_MEMORY = 200_000;

export function stem(token: string, locale = 'en'): string {
  let fn = stemmers.get(locale);
  if (fn === undefined) {
    const algorithm = STEM_LANG[locale];
    if (algorithm) {
      snowball ??= require('snowball-stemmers') as typeof snowballStemmers;
      const stemmer = snowball.newStemmer(algorithm);
      fn = (w: string) => stemmer.stem(w);
    } else fn = null;
    stemmers.set(locale, fn);
  }
  if (!fn) return token;
  let memory = stemmed.get(locale);
  if (!memory || memory.size > STEM_MEMORY) {
    memory = new Map();
    stemmed.set(locale, memory);
  }
  let out = memory.get(token);
  if (out === undefined) {
    out = fn(token);
    memory.set(token, out);
  }
  return out;
}

/** Content terms: tokens without stop words (and without "n't"-style fragments), stemmed. */
export function terms(text: string, locale = 'en'): string[] {
  const stops = stopWords(locale);
  const out: string[] = [];
  for (const t of tokenize(text, locale)) {
    const w = t.replace(/'s$|n't$/, '');
    if (w.length === 0 || stops.has(w) || stops.has(t)) continue;
    out.push(stem(w, locale));
  }
  return out;
}
