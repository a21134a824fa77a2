import nlp from 'compromise';
import { stem, stopWords, tokenize } from '../text/index.js';
import { contentTerms, type Vec } from './vectors.js';
import { textVector } from '../meaning/sentence-vectors.js';
import { dot, wordVectors } from '../meaning/word-vectors.js';
import { TITLES } from '../entities/index.js';
import { DEFAULT_PARAMS, type AutomaticParams } from './params.js';
import { INCIDENTAL_TAGS, isIncidentalWord } from './incidental.js';

/** Maps stems back to the word form people used most, so names read as words ("pricing", not "price"). */
export class SurfaceForms {
  private readonly counts = new Map<string, Map<string, number>>();
  /** How many of the texts added hold each stem: how common a word is in the project. */
  private readonly texts = new Map<string, number>();
  /** The sum of the texts' vectors of meaning, where the locale has word vectors: what the project as a whole is about. */
  readonly meaning: Float32Array | null;
  constructor(private readonly locale: string) {
    const wv = wordVectors(locale);
    this.meaning = wv ? new Float32Array(wv.dims) : null;
  }

  add(text: string): void {
    const seen = this.count(text, this.counts);
    for (const s of seen) this.texts.set(s, (this.texts.get(s) ?? 0) + 1);
    const v = this.meaning && textVector(text, this.locale);
    if (v) for (let d = 0; d < v.length; d++) this.meaning![d]! += v[d]!;
  }

  /**
   * A question the participants answer: a theme's terms are read with the question its turns
   * answer, so a word only the interviewer said can be one; its form is taken from here where no
   * participant's text has the stem (never a stem shown as a word).
   */
  addQuestion(text: string): void {
    this.count(text, this.asked);
  }

  private readonly asked = new Map<string, Map<string, number>>();

  /** Counts each word's form under its stem; the stems the text holds. */
  private count(text: string, into: Map<string, Map<string, number>>): Set<string> {
    const stops = stopWords(this.locale);
    const seen = new Set<string>();
    for (const w of tokenize(text, this.locale)) {
      if (stops.has(w) || w.length < 3 || /^\d+$/.test(w)) continue;
      const s = stem(w, this.locale);
      const m = into.get(s) ?? new Map<string, number>();
      m.set(w, (m.get(w) ?? 0) + 1);
      into.set(s, m);
      seen.add(s);
    }
    return seen;
  }

  /** The texts added that hold every one of these stems, at most (the rarest stem's count). */
  textsWith(stems: string[]): number {
    return Math.min(...stems.map((s) => this.texts.get(s) ?? 0));
  }

  of(s: string): string {
    const m = this.counts.get(s) ?? this.asked.get(s);
    if (!m) return s;
    return [...m].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
  }
}

const AND: Record<string, string> = { en: 'and', fr: 'et', de: 'und', es: 'y', it: 'e', pt: 'e', da: 'og', no: 'og', sv: 'och', fi: 'ja', lt: 'ir' };

/** Who raises a theme: how many of the project's participants (or documents, where there are no speakers). */
export interface RaisedBy {
  n: number;
  of: number;
  unit: 'participants' | 'documents';
}

/** "Raised by 7 of 12 participants: …" in the languages sift has the words for. */
const RAISED: Record<string, (r: RaisedBy, list: string) => string> = {
  en: (r, l) => `Raised by ${r.n} of ${r.of} ${r.unit}: ${l}.`,
  de: (r, l) => `Angesprochen von ${r.n} von ${r.of} ${r.unit === 'participants' ? 'Befragten' : 'Dokumenten'}: ${l}.`,
  fr: (r, l) => `Évoqué par ${r.n} ${r.unit === 'participants' ? 'participants' : 'documents'} sur ${r.of} : ${l}.`,
};

/** "What the documents say about …" in the languages sift has the words for; English otherwise. */
const ABOUT: Record<string, (list: string) => string> = {
  en: (l) => `What the documents say about ${l}.`,
  fr: (l) => `Ce que disent les documents sur ${l}.`,
  de: (l) => `Was die Dokumente über ${l} sagen.`,
  es: (l) => `Lo que dicen los documentos sobre ${l}.`,
  it: (l) => `Cosa dicono i documenti su ${l}.`,
  pt: (l) => `O que os documentos dizem sobre ${l}.`,
  da: (l) => `Hvad dokumenterne siger om ${l}.`,
  no: (l) => `Hva dokumentene sier om ${l}.`,
  sv: (l) => `Vad dokumenten säger om ${l}.`,
};

/** A category's one-sentence description: its most characteristic phrases, and (where known) how many participants raise it. */
export function describeTheme(keywords: string[], locale: string, raised?: RaisedBy): string {
  const and = ABOUT[locale] ? (AND[locale] ?? 'and') : 'and';
  const list = keywords.length > 1 ? `${keywords.slice(0, -1).join(', ')} ${and} ${keywords[keywords.length - 1]}` : (keywords[0] ?? '…');
  if (raised && raised.n > 0) return (RAISED[locale] ?? RAISED.en!)(raised, list);
  return (ABOUT[locale] ?? ABOUT.en!)(list);
}

export const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A theme's key phrases as its name, where no one phrase names it: "Swaps · short notice · cover". */
export const listName = (phrases: string[]) => (phrases.length ? capitalised(phrases.slice(0, 3).join(' · ')) : 'Other');

/** What sets a theme's sentences apart in meaning: their mean vector less the project's, unit length. */
function themeDirection(sentences: string[], forms: SurfaceForms, locale: string): Float32Array | null {
  if (!forms.meaning) return null;
  const mean = new Float32Array(forms.meaning.length);
  for (const text of sentences) {
    const v = textVector(text, locale);
    if (v) for (let d = 0; d < v.length; d++) mean[d]! += v[d]!;
  }
  const own = Math.sqrt(dot(mean, mean)) || 1;
  const total = Math.sqrt(dot(forms.meaning, forms.meaning)) || 1;
  const out = mean.map((x, d) => x / own - forms.meaning![d]! / total);
  const norm = Math.sqrt(dot(out, out)) || 1;
  return out.map((x) => x / norm);
}

/** How close a phrase is in meaning to a theme's direction: 0.2 (unrelated, or words without vectors) to 1.2. */
function closeness(words: string, direction: Float32Array, locale: string): number {
  const v = textVector(words.toLowerCase(), locale);
  return 0.2 + (v ? Math.max(0, dot(v, direction)) : 0);
}

interface Candidate {
  words: string;
  stems: string[];
}

/** Nouns of amount, of nothing in particular or of anybody ("loads of", "the thing is", "any problems?", "this guy"): they name no theme. */
const VAGUE = new Set(
  'problem problems issue issues thing things stuff lot lots load loads bit bits couple kind kinds sort sorts bunch plenty piece part way ways case fact point deal end start bottom top worth rest people person guy guys man men woman women lady ladies girl girls lad lads kid kids everybody everyone somebody someone bloke folk folks'.split(
    ' ',
  ),
);

/** Names, days, months and words spelt with capitals inside ("CVs", "PIN") keep their spelling in a name. */
const keepsSpelling = (tags: string[], word: string) =>
  ['ProperNoun', 'Acronym', 'WeekDay', 'Month'].some((tag) => tags.includes(tag)) || /\p{Lu}.*\p{Lu}/u.test(word);

/**
 * How compromise reads a word alone (its lexicon's reading: the tags of its terms, a hyphenated
 * word being two), remembered. Words not read before are read together, a paragraph each, in one
 * call (as many calls cost about 1 ms each, mostly the tagger's setup).
 */
const alone = new Map<string, Set<string>>();
export function tagsOfWords(words: readonly string[]): Set<string>[] {
  const unread = [...new Set(words.filter((w) => !alone.has(w)))];
  const read = new Map(unread.map((w) => [w, new Set<string>()]));
  if (unread.length > 0) {
    const starts = startsOf(unread);
    for (const s of nlp(unread.join(BETWEEN)).json({ offset: true }) as { terms: { tags: string[]; offset: { start: number } }[] }[])
      for (const t of s.terms) for (const tag of t.tags) read.get(unread[textAt(starts, t.offset.start)]!)!.add(tag);
  }
  // Answered before the memory is trimmed, so that a word remembered until now is not lost from this answer.
  const out = words.map((w) => read.get(w) ?? alone.get(w)!);
  if (alone.size + read.size > 50_000) alone.clear();
  for (const [w, tags] of read) alone.set(w, tags);
  return out;
}
const tagsAlone = (word: string): Set<string> => tagsOfWords([word])[0]!;

/**
 * A name ends on a noun: the last word is tagged one where it stands ("Sorry, …" is not) and,
 * read alone, is not only a verb in the past or an exclamation, which compromise's tagger,
 * reading speech, sometimes takes for a noun ("my youngest went to school" read as the noun
 * phrase "youngest went").
 */
function endsOnNoun(tags: string[], word: string): boolean {
  if (!tags.includes('Noun')) return false;
  const own = tagsAlone(word.toLowerCase());
  return own.has('Noun') || !(own.has('PastTense') || own.has('Expression'));
}

type Match = { terms: { text: string; tags: string[] }[]; offset: { start: number } };
const NOUN_PHRASE = '#Adjective? #Noun+';
const NOT_NAMING = '(#Pronoun|#Possessive|#Value|#Determiner)';
/** Between texts parsed as one: a paragraph break, which compromise never reads across. */
const BETWEEN = '\n\n';

/**
 * English noun phrases of many texts, by compromise's part-of-speech tags, parsed as one text (its
 * setup per call costs more than a sentence's tagging: one call for a theme's 800 sentences takes
 * half the time of 800 calls, with the same tags) and each match given back to its text.
 */
function englishPhrasesOfAll(texts: readonly string[], locale: string): Candidate[][] {
  const out: Candidate[][] = texts.map(() => []);
  const starts = startsOf(texts);
  const matches = nlp(texts.join(BETWEEN)).match(NOUN_PHRASE).not(NOT_NAMING).json({ offset: true }) as Match[];
  const found = matches.flatMap((m) => {
    const words = phraseWords(m, locale);
    return words ? [{ m, words }] : [];
  });
  // The last words read alone, all in one call (endsOnNoun).
  tagsOfWords(found.map((f) => f.words.at(-1)!.toLowerCase()));
  for (const { m, words } of found) {
    const candidate = candidateOf(m, words, locale);
    if (candidate) out[textAt(starts, m.offset.start)]!.push(candidate);
  }
  return out;
}

/** Where each text starts in the texts joined by BETWEEN. */
function startsOf(texts: readonly string[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const t of texts) {
    starts.push(at);
    at += t.length + BETWEEN.length;
  }
  return starts;
}

/** The index of the text that starts last at or before `at`. */
function textAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1);
}

/**
 * A noun phrase's words as a name would spell them; null where the phrase names no theme by its
 * form alone (too long, a tag or a word that is incidental, a name: people named in an interview,
 * the participant, a child, a librarian).
 */
function phraseWords(m: Match, locale: string): string[] | null {
  const clean = (t: { text: string; tags: string[] }) => t.text.replace(/[^\p{L}\p{N}'’.-]+/gu, '').replace(/\.$/, '');
  const words = m.terms.map((t) => (keepsSpelling(t.tags, clean(t)) ? clean(t) : clean(t).toLowerCase())).filter((w) => w.length > 1);
  // A phrase's last word keeps no clitic: "the stairwell light's broken" names "stairwell light".
  if (words.length > 0) words[words.length - 1] = words[words.length - 1]!.replace(/['’](?:s|re|ll|ve|d)$/i, '');
  if (words.length === 0 || words.length > 3 || m.terms.some((t) => INCIDENTAL_TAGS.some((tag) => t.tags.includes(tag)))) return null;
  // A capitalised word inside a sentence is most often a name (a place, a person, a brand): it names no theme.
  if (m.terms.some((t) => t.tags.includes('ProperNoun') && !t.tags.includes('Acronym') && /^\p{Lu}\p{Ll}/u.test(clean(t)))) return null;
  if (words.some((w) => isIncidentalWord(w, locale))) return null;
  return words;
}

/** A noun phrase's words as a candidate name, where they end on a noun and say something. */
function candidateOf(m: Match, words: string[], locale: string): Candidate | null {
  if (!endsOnNoun(m.terms[m.terms.length - 1]!.tags, words[words.length - 1]!)) return null;
  if (words.some((w) => VAGUE.has(w.toLowerCase()))) return null;
  const stems = contentTerms(words.join(' '), locale);
  return stems.length === words.length ? { words: words.join(' '), stems } : null;
}

/**
 * German nouns, which German capitalises (a sentence's first word excepted, which is capitalised
 * whatever it is). People name no theme: a first name compromise's lexicon knows ("Jonas",
 * "Leyla"; it tags no German noun so), and a courtesy title
 * with the name after it ("Frau Krüger", read as entities/index.ts reads a person).
 */
function germanNouns(text: string, locale: string): Candidate[] {
  const out: Candidate[] = [];
  const stops = stopWords(locale);
  const titled = [...text.matchAll(TITLES.de!)].map((m) => ({ from: m.index, to: m.index + m[0].length }));
  for (const m of text.matchAll(/(?<=[\p{L}\p{N},;:–-]\s+)\p{Lu}\p{Ll}{3,}(?:-\p{Lu}?\p{Ll}+)*/gu)) {
    const w = m[0];
    if (stops.has(w.toLowerCase()) || isIncidentalWord(w, locale)) continue;
    if (titled.some((t) => m.index >= t.from && m.index < t.to) || tagsAlone(w).has('FirstName')) continue;
    const stems = contentTerms(w, locale);
    if (stems.length === 1) out.push({ words: w, stems });
  }
  return out;
}

const phrasesOf: Record<string, (texts: readonly string[], locale: string) => Candidate[][]> = {
  en: englishPhrasesOfAll,
  de: (texts, locale) => texts.map((t) => germanNouns(t, locale)),
};

/**
 * Each text's phrases, remembered: a run reads the same sentences and questions again (a theme,
 * then its sub-themes; the project's questions, then each theme's), and those not read before
 * are read together.
 */
const readPhrases = new Map<string, Candidate[]>();
/** Forgets every text's phrases and every word's tags (a test compares texts read together with texts read alone). */
export function forgetPhrases(): void {
  readPhrases.clear();
  alone.clear();
}
function phrasesOfTexts(texts: readonly string[], locale: string): Candidate[][] | null {
  const read = phrasesOf[locale];
  if (!read) return null;
  const key = (t: string) => `${locale}\u0000${t}`;
  const unread = [...new Set(texts.filter((t) => !readPhrases.has(key(t))))];
  const found = unread.length ? read(unread, locale) : [];
  const fresh = new Map(unread.map((t, i) => [t, found[i]!]));
  // Answered before the memory is trimmed, so that a text remembered until now is not lost from this answer.
  const out = texts.map((t) => fresh.get(t) ?? readPhrases.get(key(t))!);
  if (readPhrases.size + fresh.size > 50_000) readPhrases.clear();
  for (const [t, phrases] of fresh) readPhrases.set(key(t), phrases);
  return out;
}

/** The phrases questions name their subjects with (English noun phrases, German nouns; none in other languages), a list for each. */
export const questionPhrases = (texts: readonly string[], locale: string): Candidate[][] => phrasesOfTexts(texts, locale) ?? texts.map(() => []);

/** A phrase a theme's participants use, with how many of the theme's documents use it. */
export interface ThemePhrase {
  words: string;
  stems: string[];
  documents: number;
  score: number;
}

/**
 * A theme's name and keywords from the phrases its participants use (English noun phrases,
 * German nouns; elsewhere its strongest terms). A phrase scores by how many of the theme's
 * documents use it (a theme recurs across participants, so one participant's pet word does not
 * name it), by how much of its use in the whole project falls in the theme (a word every theme
 * uses names none), by the weight of its words in what sets the theme apart, and, where the
 * locale has word vectors, by how close its meaning is to what sets the theme's sentences apart
 * from the project's (as Top2Vec names topics). A phrase of two words or more that enough of the
 * theme's documents share, and that scores near the best, names the theme; otherwise its three
 * strongest distinct phrases do ("Swaps · short notice · cover"): a lone word, however
 * distinctive, is most often an incidental detail ("hair" for rushed visits) and misleads.
 * `exclude` holds stems that name nothing here (the project's subject, a parent's words).
 */
export function nameTheme(
  component: Vec,
  sentences: string[],
  forms: SurfaceForms,
  locale: string,
  exclude: Set<string> = new Set(),
  documentOf?: string[],
  p: Pick<AutomaticParams, 'phraseDocuments' | 'phraseScore'> = DEFAULT_PARAMS.automatic,
): { name: string; keywords: string[]; phrases: ThemePhrase[] } {
  const ranked = rankedPhrases(component, sentences, forms, locale, exclude, documentOf);
  const first = ranked[0];
  // Key phrases that two documents or more share come first: one participant's detail ("emergency leak") is not the theme's.
  const keywords: ThemePhrase[] = [];
  for (const e of [...ranked.filter((x) => x.documents >= 2), ...ranked.filter((x) => x.documents < 2)]) {
    if (keywords.length === 3) break;
    if (keywords.every((k) => e.stems.every((t) => !k.stems.includes(t)))) keywords.push(e);
  }
  // A name of one key phrase would be a lone word: the theme's strongest terms complete it.
  for (const t of topTerms(component, 6, exclude)) {
    if (keywords.length >= 2) break;
    const words = forms.of(t);
    if (keywords.every((k) => !k.stems.includes(t)) && !isIncidentalWord(words, locale) && !VAGUE.has(words))
      keywords.push({ words, stems: [t], documents: 0, score: 0 });
  }
  const documents = new Set(documentOf ?? sentences.map((_, i) => String(i))).size;
  const phrase = ranked.find(
    (e) => e.stems.length >= 2 && e.documents >= Math.max(2, Math.ceil(p.phraseDocuments * documents)) && e.score >= p.phraseScore * first!.score,
  );
  const name = phrase ? capitalised(phrase.words) : listName(keywords.map((k) => k.words));
  return { name, keywords: keywords.map((k) => k.words), phrases: ranked };
}

/** A theme's phrases, strongest first (its strongest terms where the locale has no phrases). */
function rankedPhrases(component: Vec, sentences: string[], forms: SurfaceForms, locale: string, exclude: Set<string>, documentOf?: string[]): ThemePhrase[] {
  const named = (stems: string[]) => stems.some((t) => !exclude.has(t));
  const phrases = sentences.length === 0 ? null : phrasesOfTexts(sentences, locale);
  if (!phrases)
    return topTerms(component, 12, exclude)
      .map((t) => ({ words: forms.of(t), stems: [t], documents: 0, score: component.get(t) ?? 0 }))
      .filter((e) => !isIncidentalWord(e.words, locale))
      .slice(0, 3);
  const scored = new Map<string, { words: Map<string, number>; stems: string[]; sentences: number; documents: Set<string> }>();
  sentences.forEach((_, i) => {
    const seen = new Set<string>();
    for (const c of phrases[i]!) {
      if (!named(c.stems) || (c.stems.length === 1 && exclude.has(c.stems[0]!))) continue;
      const key = c.stems.join(' ');
      const entry = scored.get(key) ?? { words: new Map(), stems: c.stems, sentences: 0, documents: new Set() };
      entry.words.set(c.words, (entry.words.get(c.words) ?? 0) + 1);
      if (!seen.has(key)) entry.sentences++;
      seen.add(key);
      entry.documents.add(documentOf?.[i] ?? String(i));
      scored.set(key, entry);
    }
  });
  const direction = themeDirection(sentences, forms, locale);
  return [...scored.values()]
    .map((e) => {
      const weight = e.stems.reduce((sum, t) => sum + (component.get(t) ?? 0), 0) / e.stems.length;
      const share = Math.min(1, e.sentences / Math.max(1, forms.textsWith(e.stems)));
      const words = [...e.words].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
      const meaning = direction ? closeness(words, direction, locale) : 1;
      return { words, stems: e.stems, documents: e.documents.size, score: e.documents.size * share * (weight + 0.05) * meaning };
    })
    .filter((e) => e.score > 0)
    .sort((a, b) => b.score - a.score || (a.words < b.words ? -1 : 1));
}

/** Terms of a centroid, strongest first. */
export const topTerms = (c: Vec, n: number, exclude: Set<string> = new Set()) =>
  [...c]
    .filter(([t]) => !exclude.has(t))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([t]) => t);
