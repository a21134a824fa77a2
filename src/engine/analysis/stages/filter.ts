import type { Unit } from '../evidence.js';
import { DEFAULT_PARAMS, type AutomaticParams } from '../params.js';
import type { Stage } from '../stage.js';
import { strongest } from '../themes.js';
import type { Groups } from './group.js';
import { introductionsAndBackground } from './places.js';
import type { Units } from './units.js';
import type { Words } from './words.js';

/** The documents a new theme needs, in a project of `docCount` (never more than the project has). */
export const minimumDocuments = (docCount: number, p: AutomaticParams = DEFAULT_PARAMS.automatic) =>
  docCount >= p.manyDocuments ? p.themeDocumentsMany : Math.min(p.themeDocuments, docCount);

/** Each transcript's first and last participant turns (of documents with `rapportTurns` turns or more). */
function rapportUnits(units: Unit[], p: AutomaticParams): Set<number> {
  const byDoc = new Map<string, number[]>();
  for (const [n, u] of units.entries()) byDoc.set(u.documentId, [...(byDoc.get(u.documentId) ?? []), n]);
  const out = new Set<number>();
  for (const list of byDoc.values()) {
    if (list.length < p.rapportTurns) continue;
    out.add(list[0]!);
    out.add(list[list.length - 1]!);
  }
  return out;
}

/** The share of a group's sentences that `holds`. */
const shareOf = (own: number[], holds: (i: number) => boolean) => (own.length ? own.filter(holds).length / own.length : 0);

/**
 * Which groups are themes, most documents first. A theme recurs across participants: a topic one
 * or two of them raise is not one (unless the project is that small), nor one a few participants
 * dwell on while others touch it in passing. Nor are the opening and closing exchanges of
 * interviews (rapport: the weather, the coffee), what participants say when they introduce
 * themselves (who they are, their work, their family), or what they answer when asked who they
 * are (how they came to the work, what they do outside it).
 */
export const themeFilter: Stage<{ words: Words; units: Units; groups: Groups }, number[]> = {
  run({ words, units: u, groups }, { locale, params }) {
    const P = params.automatic;
    const { sentences } = words;
    const docCount = new Set(u.units.map((x) => x.documentId)).size;
    const docsOf = groups.members.map((own) => new Set(own.map((i) => sentences[i]!.documentId)));
    const rapport = rapportUnits(u.units, P);
    const rapportShare = groups.components.map((_, j) => {
      const own = u.units.map((_, n) => n).filter((n) => strongest(groups.loadings[n]!) === j);
      return own.length ? own.filter((n) => rapport.has(n)).length / own.length : 0;
    });
    // The share of a group's sentences from the `fewVoicesOf` documents that say most in it.
    const fromFew = groups.members.map((own) => {
      const per = new Map<string, number>();
      for (const i of own) per.set(sentences[i]!.documentId, (per.get(sentences[i]!.documentId) ?? 0) + 1);
      const counts = [...per.values()].sort((a, b) => b - a);
      const total = counts.reduce((a, b) => a + b, 0);
      return total ? counts.slice(0, P.fewVoicesOf).reduce((a, b) => a + b, 0) / total : 0;
    });
    const { introductions, background } = introductionsAndBackground(sentences, locale, P);
    const openingShare = groups.members.map((own) => shareOf(own, (i) => introductions.has(i)));
    const backgroundShare = groups.members.map((own) => shareOf(own, (i) => background[i]!));
    return groups.components
      .map((_, j) => j)
      .filter(
        (j) =>
          docsOf[j]!.size >= minimumDocuments(docCount, P) &&
          rapportShare[j]! < P.rapportShare &&
          openingShare[j]! < P.introductionShare &&
          backgroundShare[j]! < P.backgroundShare &&
          (docCount < P.manyDocuments || fromFew[j]! < P.fewVoices),
      )
      .sort((a, b) => docsOf[b]!.size - docsOf[a]!.size || a - b);
  },
};
