import nlp from 'compromise';
import { stem, stopWords, tokenize } from '../text/index.js';
import { contentTerms, type Vec } from './vectors.js';

/** Maps stems back to the word form people used most, so names read as words ("pricing", not "price"). */
export class SurfaceForms {
  private readonly counts = new Map<string, Map<string, number>>();
  constructor(private readonly locale: string) {}

  add(text: string): void {
    const stops = stopWords(this.locale);
    for (const w of tokenize(text, this.locale)) {
      if (stops.has(w) || w.length < 3 || /^\d+$/.test(w)) continue;
      const s = stem(w, this.locale);
      const m = this.counts.get(s) ?? new Map<string, number>();
      m.set(w, (m.get(w) ?? 0) + 1);
      this.counts.set(s, m);
    }
  }

  of(s: string): string {
    const m = this.counts.get(s);
    if (!m) return s;
    return [...m].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]![0];
  }
}

const AND: Record<string, string> = { en: 'and', fr: 'et', de: 'und', es: 'y', it: 'e', pt: 'e', da: 'og', no: 'og', sv: 'och', fi: 'ja', lt: 'ir' };

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

export function describeTheme(keywords: string[], locale: string): string {
  const and = ABOUT[locale] ? (AND[locale] ?? 'and') : 'and';
  const list = keywords.length > 1 ? `${keywords.slice(0, -1).join(', ')} ${and} ${keywords[keywords.length - 1]}` : (keywords[0] ?? '…');
  return (ABOUT[locale] ?? ABOUT.en!)(list);
}

/** A readable name from a theme's most distinctive terms ("Price and fees"). */
export function themeName(top: string[], forms: SurfaceForms, locale: string): string {
  const words = top.slice(0, 2).map((t) => forms.of(t));
  if (words.length === 0) return 'Other';
  const joined = words.length === 2 ? `${words[0]} ${AND[locale] ?? 'and'} ${words[1]}` : words[0]!;
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/**
 * A theme's name and keywords from the noun phrases of its clearest sentences (English, by
 * compromise's part-of-speech tags): each phrase scores its frequency times the mean weight of
 * its words in the theme, so "card details" and "payment page" name a theme rather than "card
 * and keeps". Two phrases are joined when the second is distinct and at least half as strong.
 * Other languages, or sentences without a fitting phrase, fall back to the strongest terms.
 */
export function nameTheme(
  component: Vec,
  sentences: string[],
  forms: SurfaceForms,
  locale: string,
  exclude: Set<string> = new Set(),
): { name: string; keywords: string[] } {
  const fallback = () => {
    const top = topTerms(component, 3, exclude);
    return { name: themeName(top, forms, locale), keywords: top.map((t) => forms.of(t)) };
  };
  if (locale !== 'en' || sentences.length === 0) return fallback();
  const scored = new Map<string, { words: string; stems: string[]; count: number; weight: number }>();
  const matches = nlp(sentences.join('\n')).match('#Adjective? #Noun+').not('(#Pronoun|#Possessive|#Value|#Determiner)');
  for (const m of matches.json() as { terms: { text: string; tags: string[] }[] }[]) {
    const clean = (t: { text: string; tags: string[] }) => t.text.replace(/[^\p{L}\p{N}'’.-]+/gu, '').replace(/\.$/, '');
    const words = m.terms
      .map((t) => (t.tags.includes('ProperNoun') || t.tags.includes('Acronym') ? clean(t) : clean(t).toLowerCase()))
      .filter((w) => w.length > 1);
    // People named in an interview (the participant, a child, a librarian) name no theme.
    if (words.length === 0 || words.length > 3 || m.terms.some((t) => t.tags.includes('Person') || t.tags.includes('FirstName'))) continue;
    const stems = contentTerms(words.join(' '), locale);
    if (stems.length !== words.length || stems.some((t) => exclude.has(t))) continue;
    const weight = stems.reduce((sum, t) => sum + (component.get(t) ?? 0), 0) / stems.length;
    if (weight <= 0) continue;
    const key = stems.join(' ');
    const entry = scored.get(key) ?? { words: words.join(' '), stems, count: 0, weight };
    entry.count++;
    scored.set(key, entry);
  }
  const ranked = [...scored.values()].map((e) => ({ ...e, score: e.count * e.weight })).sort((a, b) => b.score - a.score || (a.words < b.words ? -1 : 1));
  if (ranked.length === 0) return fallback();
  const first = ranked[0]!;
  const second = ranked.find((e) => e.stems.every((t) => !first.stems.includes(t)) && e.score >= first.score / 2);
  const joined = second ? `${first.words} and ${second.words}` : first.words;
  const keywords = ranked
    .filter((e, i) => i === 0 || e.stems.every((t) => !first.stems.includes(t)))
    .slice(0, 3)
    .map((e) => e.words);
  return { name: joined.charAt(0).toUpperCase() + joined.slice(1), keywords };
}

/** Terms of a centroid, strongest first. */
export const topTerms = (c: Vec, n: number, exclude: Set<string> = new Set()) =>
  [...c]
    .filter(([t]) => !exclude.has(t))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([t]) => t);
