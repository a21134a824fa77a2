import type { DbOrTx } from '../../store/store.js';
import type { TagTargetType } from '../../store/tables.js';
import { groupBy, inBatches } from '../../store/in-batches.js';

/** How a tag appears inside another record: its short id and its text. */
export interface TagLabel {
  id: string;
  text: string;
}

/** The tags on each of the given targets, in tag creation order, keyed by target UUID. */
export async function tagLabelsOf(db: DbOrTx, type: TagTargetType, targetIds: readonly string[]): Promise<Map<string, TagLabel[]>> {
  const rows = await inBatches(targetIds, (slice) =>
    db
      .selectFrom('tagTargets')
      .innerJoin('tags', 'tags.id', 'tagTargets.tagId')
      .select(['tagTargets.targetId as targetId', 'tags.shortId as shortId', 'tags.text as text', 'tags.createdAt as createdAt', 'tags.id as tagId'])
      .where('tagTargets.targetType', '=', type)
      .where('tagTargets.targetId', 'in', slice)
      .execute(),
  );
  rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.tagId.localeCompare(b.tagId));
  const grouped = groupBy(rows, (r) => r.targetId);
  return new Map([...grouped].map(([target, list]) => [target, list.map((r) => ({ id: r.shortId, text: r.text }))]));
}
