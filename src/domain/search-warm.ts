import type { Store } from '../store/store.js';

/** How many projects a start loads for search: those whose documents changed last. */
const PROJECTS = 4;

/**
 * What a start loads for search once it listens, before it says ready (`/readyz`): the language
 * data and the chunks' vectors of the projects whose documents were processed last (a
 * process's first search of a project read them while its user waited: 0.5-3 s at 30,000
 * chunks). A store with nothing searchable loads nothing, not even search's modules. Answers the
 * last warm-up search's answer, null where there was none.
 */
export async function warmSearch(store: Store): Promise<unknown> {
  const projects = await store.db
    .selectFrom('documents')
    .innerJoin('projects', 'projects.id', 'documents.projectId')
    .select(['projects.id', (eb) => eb.fn.max('documents.updatedAt').as('latest')])
    .where('documents.status', '=', 'ready')
    .groupBy('projects.id')
    .orderBy('latest', 'desc')
    .limit(PROJECTS)
    .execute();
  if (projects.length === 0) return null;
  const { warmProjectSearch } = await import('./search.js');
  let answer: unknown = null;
  for (const { id } of projects)
    answer = await warmProjectSearch(store, await store.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
  return answer;
}
