import { stem, stopWords, tokenize } from '../text/index.js';
import type { Vec } from './vectors.js';

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

/** A readable name from a theme's most distinctive terms ("Price and fees"). */
export function themeName(top: string[], forms: SurfaceForms, locale: string): string {
  const words = top.slice(0, 2).map((t) => forms.of(t));
  if (words.length === 0) return 'Other';
  const joined = words.length === 2 ? `${words[0]} ${AND[locale] ?? 'and'} ${words[1]}` : words[0]!;
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** Terms of a centroid, strongest first. */
export const topTerms = (c: Vec, n: number, exclude: Set<string> = new Set()) =>
  [...c].filter(([t]) => !exclude.has(t)).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, n).map(([t]) => t);
