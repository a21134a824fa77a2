import nlp from 'compromise';
import * as chrono from 'chrono-node';
import type { ProjectScope } from './context.js';
import type { ReadBody } from '../schema/types.js';

/**
 * `find_entities` (decisions §7): people, organisations and places from compromise, dates from
 * chrono-node, and other proper names (products, brands) as `other`. Each chunk is read once
 * per process; results are cached by chunk id.
 */
type Kind = 'person' | 'organization' | 'place' | 'date' | 'other';
interface Found { kind: Kind; text: string }

const perChunk = new Map<string, Found[]>();
const MAX_CACHED = 200_000;

function entitiesOf(text: string): Found[] {
  const doc = nlp(text);
  const out: Found[] = [];
  const seen = new Set<string>();
  const push = (kind: Kind, raw: string) => {
    const t = raw.replace(/[^\p{L}\p{N}&.' -]/gu, '').replace(/\s+/g, ' ').trim().replace(/[.']+$/, '');
    if (t.length < 2 || seen.has(t.toLowerCase())) return;
    seen.add(t.toLowerCase());
    out.push({ kind, text: t });
  };
  for (const p of doc.people().out('array') as string[]) push('person', p);
  for (const o of doc.organizations().out('array') as string[]) push('organization', o);
  for (const p of doc.places().out('array') as string[]) push('place', p);
  for (const d of chrono.parse(text)) push('date', d.text);
  for (const n of doc.match('#ProperNoun+').out('array') as string[]) {
    const name = n.replace(/[^\p{L}\p{N} -]/gu, '').trim();
    if (name && !/^(Interviewer|Participant|Moderator|Respondent|I)$/i.test(name)) push('other', name);
  }
  return out;
}

export async function findEntities(scope: ProjectScope, body: ReadBody<'find_entities'>): Promise<Record<string, unknown>> {
  const db = scope.store.db;
  const chunks = await db.selectFrom('chunks')
    .innerJoin('documents', 'documents.id', 'chunks.documentId')
    .select(['chunks.id as id', 'chunks.idx as idx', 'chunks.text as text', 'documents.counter as counter'])
    .where('chunks.projectId', '=', scope.project.id).where('documents.status', '=', 'ready')
    .orderBy('documents.counter').orderBy('chunks.idx').execute();
  const wanted = body.entity?.trim().toLowerCase();
  if (wanted) {
    const mentions = [];
    for (const c of chunks) {
      const at = c.text.toLowerCase().indexOf(wanted);
      if (at === -1) continue;
      const from = Math.max(0, at - 80);
      const to = Math.min(c.text.length, at + wanted.length + 80);
      mentions.push({ documentId: `D${c.counter}`, chunkIndex: Number(c.idx), snippet: `${from > 0 ? '…' : ''}${c.text.slice(from, to)}${to < c.text.length ? '…' : ''}` });
    }
    return { entity: body.entity, mentions, count: mentions.length };
  }
  const counts = new Map<string, { kind: Kind; text: string; count: number; documents: Set<number> }>();
  for (const c of chunks) {
    let found = perChunk.get(c.id);
    if (!found) {
      found = entitiesOf(c.text);
      if (perChunk.size >= MAX_CACHED) perChunk.clear();
      perChunk.set(c.id, found);
    }
    for (const e of found) {
      const key = `${e.kind}:${e.text.toLowerCase()}`;
      const entry = counts.get(key) ?? { kind: e.kind, text: e.text, count: 0, documents: new Set<number>() };
      entry.count++;
      entry.documents.add(Number(c.counter));
      counts.set(key, entry);
    }
  }
  const entities = [...counts.values()]
    .sort((a, b) => b.count - a.count || a.text.localeCompare(b.text))
    .slice(0, 100)
    .map((e) => ({ text: e.text, type: e.kind, count: e.count, documentIds: [...e.documents].sort((x, y) => x - y).map((n) => `D${n}`) }));
  return { entities };
}
