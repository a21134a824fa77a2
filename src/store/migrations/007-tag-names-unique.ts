import { sql, type Kysely } from 'kysely';

/**
 * Tag names are unique in a project whatever the letter case, in the store itself: checked in
 * application code only, two concurrent creations could both pass. A repeated name left by such a
 * race is renamed first ("Urgent (2)"), the oldest keeping it. (SQLite's lower() folds ASCII
 * letters only; the application's check folds the rest.)
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  // The store's Kysely maps camelCase names to the tables' snake_case ones.
  const tags = await db.selectFrom('tags').select(['id', 'projectId', 'text']).orderBy('createdAt').orderBy('id').execute();
  const taken = new Set(tags.map((t) => `${t.projectId}\u0000${String(t.text).trim().toLowerCase()}`));
  const seen = new Set<string>();
  for (const t of tags) {
    const key = `${t.projectId}\u0000${String(t.text).trim().toLowerCase()}`;
    if (!seen.has(key)) {
      seen.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(`${t.projectId}\u0000${`${String(t.text).trim()} (${n})`.toLowerCase()}`)) n++;
    const text = `${String(t.text).trim()} (${n})`;
    taken.add(`${t.projectId}\u0000${text.toLowerCase()}`);
    await db.updateTable('tags').set({ text }).where('id', '=', t.id).execute();
  }
  await db.schema.createIndex('tags_project_name').unique().on('tags').expression(sql`project_id, lower(trim(text))`).execute();
}
