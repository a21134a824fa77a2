import type { FastifyRequest } from 'fastify';
import type { Store } from '../store/store.js';
import { findApiKey, findPartnerBySecret, findProjectKey, keyKind } from '../domain/keys.js';
import { forbidden, unauthorized } from '../domain/errors.js';
import { canWrite } from '../domain/projects.js';
import type { Role } from '../store/tables.js';
import type { Row } from '../store/tables.js';
import type { AuthCache } from './auth-cache.js';

export type Principal =
  | { kind: 'projectKey'; keyId: string; access: 'read' | 'edit'; role: Role; projectId: string; userId: string; project: Row<'projects'> }
  | { kind: 'accountKey'; keyId: string; accountId: string; userId: string }
  | { kind: 'partner'; partnerId: string }
  | { kind: 'admin' };

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/** A project-scoped key whose user is still a member of its project (decisions §4). */
export async function authProjectKey(store: Store, token: string | null, cache: AuthCache<unknown>): Promise<Extract<Principal, { kind: 'projectKey' }>> {
  if (!token || keyKind(token) !== 'api') throw unauthorized();
  const found = (await cache.get(`key:${token}`, () => findProjectKey(store.db, token))) as Awaited<ReturnType<typeof findProjectKey>>;
  if (!found || found.key.revokedAt) throw unauthorized('invalid or revoked key');
  const { key, role, project } = found;
  if (key.scope !== 'project' || !key.projectId || !project) throw unauthorized('this endpoint needs a project-scoped key');
  if (!role) throw unauthorized("the key's user is no longer a member of its project");
  return { kind: 'projectKey', keyId: key.id, access: key.access, role: role as Role, projectId: key.projectId, userId: key.userId, project };
}

/**
 * Writing through a project key needs both an edit key and a role that may write: "The roles
 * owner and admin may write. Any lesser role is read-only." A member's or viewer's edit key reads.
 */
export function requireWriter(p: Extract<Principal, { kind: 'projectKey' }>, what: string): void {
  if (p.access !== 'edit') throw forbidden(`this key is read-only: ${what} needs an edit key`);
  if (!canWrite(p.role)) throw forbidden(`your role on this project is ${p.role}: ${what} needs owner or admin`);
}

export async function authAccountKey(store: Store, token: string | null): Promise<Extract<Principal, { kind: 'accountKey' }>> {
  if (!token || keyKind(token) !== 'api') throw unauthorized();
  const key = await findApiKey(store.db, token);
  if (!key || key.revokedAt) throw unauthorized('invalid or revoked key');
  if (key.scope !== 'account' || !key.accountId) throw unauthorized('this endpoint needs an account-scoped key');
  return { kind: 'accountKey', keyId: key.id, accountId: key.accountId, userId: key.userId };
}

export async function authPartner(store: Store, token: string | null): Promise<Extract<Principal, { kind: 'partner' }>> {
  if (!token || keyKind(token) !== 'partner') throw unauthorized('this endpoint needs a partner secret key');
  const partner = await findPartnerBySecret(store.db, token);
  if (!partner || partner.revokedAt) throw unauthorized('invalid or revoked partner secret');
  return { kind: 'partner', partnerId: partner.id };
}
