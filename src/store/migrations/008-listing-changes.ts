import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A log of the writes that change a project's document listing (its documents, their tags and
 * metadata), one row per written row, kept by triggers so that no write path can forget it
 * (issue 29). A listing cache keyed by the log of its project survives writes to other projects
 * and databases, which the store's global change stamp did not. Rows are only ever inserted: a
 * counter row per project updated by every write would make concurrent writers to one project
 * wait on each other. The worker's housekeeping removes rows over an hour old but the newest of
 * each project.
 */
const WATCHED: { table: string; columns?: string[] }[] = [
  // A document's lease and attempts change as workers claim it, and its text once; none is in a listing.
  {
    table: 'documents',
    columns: ['counter', 'filename', 'status', 'pipeline', 'credit_cost', 'word_count', 'error', 'created_at', 'updated_at', 'duplicate_of'],
  },
  { table: 'tags' },
  { table: 'tag_targets' },
  { table: 'metadata_fields' },
  { table: 'metadata_values' },
];

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema of its own time, not today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`create table listing_changes (id bigserial primary key, project_id text not null, at text not null default to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`.execute(
      db,
    );
    await sql`create function sift_listing_changed() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op = 'DELETE' then insert into listing_changes (project_id) values (old.project_id);
        else insert into listing_changes (project_id) values (new.project_id);
        end if;
        return null;
      end $$`.execute(db);
    for (const { table, columns } of WATCHED) {
      const events = columns ? sql.raw(`insert or delete or update of ${columns.join(', ')}`) : sql.raw('insert or delete or update');
      await sql`create trigger ${sql.raw(`${table}_listing_changed`)} after ${events} on ${sql.table(table)} for each row execute function sift_listing_changed()`.execute(
        db,
      );
    }
  } else {
    await sql`create table listing_changes (id integer primary key autoincrement, project_id text not null, at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`.execute(
      db,
    );
    for (const { table, columns } of WATCHED) {
      const update = columns ? `update of ${columns.join(', ')}` : 'update';
      for (const [event, row] of [
        ['insert', 'new'],
        [update, 'new'],
        ['delete', 'old'],
      ] as const) {
        const name = `${table}_listing_${event.split(' ')[0]}`;
        await sql`create trigger ${sql.raw(name)} after ${sql.raw(event)} on ${sql.table(table)} begin insert into listing_changes (project_id) values (${sql.raw(`${row}.project_id`)}); end`.execute(
          db,
        );
      }
    }
  }
  await db.schema.createIndex('listing_changes_project').on('listing_changes').columns(['project_id', 'id']).execute();
}
