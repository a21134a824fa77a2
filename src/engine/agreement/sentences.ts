import { collapsed } from '../text/collapse.js';
import { sentences } from '../text/index.js';

/**
 * The units two codings of a text are compared over: its sentences, as the engine's sentence
 * splitter cuts them (`engine/text`, Intl.Segmenter's sentences of the project's locale), and
 * where a coding's quotes fall among them. A quote codes every sentence it overlaps, in part or
 * whole: a coder who marked half a sentence applied the code to that sentence.
 */

/** A sentence of a text: `text.slice(start, end)`, white space around it left out (UTF-16 offsets). */
export interface Span {
  start: number;
  end: number;
}

/** The text's sentences holding at least one letter or digit, in order (a line of dashes, a lone time stamp's colons, is not a unit). */
export function sentenceUnits(text: string, locale: string): Span[] {
  const out: Span[] = [];
  for (const s of sentences(text, locale)) {
    const raw = s.segment;
    if (!/[\p{L}\p{N}]/u.test(raw)) continue;
    const start = s.index + (raw.length - raw.trimStart().length);
    out.push({ start, end: s.index + raw.trimEnd().length });
  }
  return out;
}

/**
 * Where a quote first stands in the text: as it is spelled, else with every run of white space
 * taken as one space and letter case ignored (a quote copied across a line break, or retyped),
 * as the console finds quotes to highlight them. Null when it is not there, or is blank.
 */
export function locateQuote(text: string, quote: string): Span | null {
  const exact = quote.length > 0 && quote.trim() ? text.indexOf(quote) : -1;
  if (exact >= 0) return { start: exact, end: exact + quote.length };
  const wanted = quote.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!wanted) return null;
  const { flat, at } = collapsed(text, { lowerCase: true });
  const i = flat.indexOf(wanted);
  if (i < 0) return null;
  return { start: at[i]!, end: at[i + wanted.length - 1]! + 1 };
}

/** The positions in `units` (sorted, not overlapping) of the units the span overlaps. */
export function unitsOverlapping(units: readonly Span[], span: Span): number[] {
  // The first unit that ends after the span starts, by bisection; then every one that starts before it ends.
  let lo = 0;
  let hi = units.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (units[mid]!.end <= span.start) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = lo; i < units.length && units[i]!.start < span.end; i++) out.push(i);
  return out;
}

/** One coded passage of a coding: its quote and the codes applied to it. */
export interface CodedQuote {
  quote: string;
  codes: readonly string[];
}

/**
 * A text's coding by sentence: for each unit position the codes the quotes overlapping it apply
 * (units no quote reaches are absent), and how many quotes could not be placed in the text.
 */
export function codingBySentence(text: string, units: readonly Span[], quotes: readonly CodedQuote[]): { codes: Map<number, Set<string>>; unplaced: number } {
  const codes = new Map<number, Set<string>>();
  let unplaced = 0;
  for (const q of quotes) {
    const span = locateQuote(text, q.quote);
    if (!span) {
      unplaced++;
      continue;
    }
    if (q.codes.length === 0) continue;
    for (const unit of unitsOverlapping(units, span)) {
      const set = codes.get(unit) ?? new Set<string>();
      for (const code of q.codes) set.add(code);
      codes.set(unit, set);
    }
  }
  return { codes, unplaced };
}
