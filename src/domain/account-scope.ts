import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { canWrite, findProject, roleOf } from './projects.js';
import { forbidden, notFound } from './errors.js';

/**
 * The project an account key's user names: 404 unless the user is a member (the same answer
 * as a project that does not exist); 403 for a write below `owner`/`admin`.
 */
export async function accountProject(db: DbOrTx, userId: string, input: string, access: 'read' | 'write'): Promise<Row<'projects'>> {
  const project = await findProject(db, input);
  const role = project ? await roleOf(db, project.id, userId) : null;
  if (!project || !role) throw notFound('project', input);
  if (access === 'write' && !canWrite(role)) throw forbidden(`your role on this project is ${role}: this needs owner or admin`);
  return project;
}
