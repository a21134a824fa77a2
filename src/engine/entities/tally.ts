import type { Entity, EntityKind } from './index.js';

// The tally of a project's entities, apart from their reading (index.ts): the thread answering
// HTTP tallies what worker threads read, and must not load compromise and chrono to do so.

export interface EntityTally<D> {
  kind: EntityKind;
  text: string;
  /** Texts (chunks) it was found in. */
  count: number;
  documents: Set<D>;
}

/**
 * A project's entities from its texts' (`entitiesOf`), most frequent first: the same name in any
 * case counts once per text, under the closest kind any text gives it, and a guess (`recurring`) only where two documents use it, unless the
 * project has only one.
 */
export function tallyEntities<D>(found: { document: D; entities: Entity[] }[]): EntityTally<D>[] {
  const counts = new Map<string, EntityTally<D> & { guess: boolean }>();
  // A name typed `other` in one text and more closely in another ("Friday", a date) takes the closer kind.
  const typed = new Map<string, EntityKind>();
  for (const { entities } of found)
    for (const e of entities) if (e.kind !== 'other' && !typed.has(e.text.toLowerCase())) typed.set(e.text.toLowerCase(), e.kind);
  for (const { document, entities } of found) {
    for (const e of entities) {
      const kind = e.kind === 'other' ? (typed.get(e.text.toLowerCase()) ?? 'other') : e.kind;
      const key = `${kind}:${e.text.toLowerCase()}`;
      const entry = counts.get(key) ?? { kind, text: e.text, count: 0, documents: new Set<D>(), guess: true };
      entry.count++;
      entry.documents.add(document);
      entry.guess &&= e.recurring === true;
      counts.set(key, entry);
    }
  }
  const oneDocument = new Set(found.map((f) => f.document)).size < 2;
  return [...counts.values()]
    .filter((e) => !e.guess || oneDocument || e.documents.size >= 2)
    .map(({ guess: _, ...e }) => e)
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
}
