import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, invalidField, unauthorized } from '../../domain/errors.js';
import { keyKind } from '../../domain/keys.js';
import { authAccountKey } from '../auth.js';
import { applyRateLimit } from '../dispatch.js';
import { isOperatorToken, wrongOperatorToken } from '../credential-guard.js';
import type { Services } from '../services.js';
import type { ConsoleSessions, SessionPrincipal } from './sessions.js';

export const SESSION_COOKIE = 'sift_console';
export const SESSION_PATH = '/console/session';

/** The session of the request's cookie, or null. */
export const sessionOf = (sessions: ConsoleSessions, req: FastifyRequest): SessionPrincipal | null => sessions.get(req.cookies[SESSION_COOKIE]);

/**
 * What a key signs in as: an account key's account and user, or the operator for
 * `SIFT_ADMIN_TOKEN`. Any other key is refused with a hint at the right one. Every failed
 * sign-in counts as a failed operator attempt too, since the key was compared with the token;
 * the right token, like a valid account key, signs in whatever failed before it.
 */
async function signIn(services: Services, req: FastifyRequest, key: string): Promise<SessionPrincipal> {
  const adminToken = services.config.adminToken;
  if (adminToken) {
    if (isOperatorToken(key, adminToken)) return { kind: 'operator' };
    await wrongOperatorToken(services, req);
  }
  if (keyKind(key) !== 'api') throw unauthorized('this is not a sift account key (sift_…e) or the operator token');
  if (key.endsWith('r')) throw unauthorized('this is a read key of one project: sign in with an account key (sift_…e, from your operator)');
  const p = await authAccountKey(services.store, key).catch((err: unknown) => {
    if (err instanceof DomainError && err.status === 401)
      throw unauthorized('this key is unknown, revoked, or a project key: sign in with an account key', { cause: err });
    throw err;
  });
  // A valid account key is never refused for others' failures.
  req.credentialRefusal = undefined;
  return { kind: 'account', keyId: p.keyId, accountId: p.accountId, userId: p.userId };
}

/** Who is signed in, as the console's pages show it. */
async function describe(services: Services, p: SessionPrincipal) {
  if (p.kind === 'operator') return { kind: 'operator' as const };
  const db = services.store.db;
  const user = await db.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', p.userId).executeTakeFirst();
  const account = await db.selectFrom('accounts').select(['id', 'name']).where('id', '=', p.accountId).executeTakeFirst();
  return { kind: 'account' as const, user: user ?? { id: p.userId, email: null, name: null }, account: account ?? { id: p.accountId, name: null } };
}

/** `POST` signs in (`{key}`), `GET` says who is signed in, `DELETE` signs out. */
export function registerSessionRoutes(app: FastifyInstance, services: Services, sessions: ConsoleSessions): void {
  const cookieOptions = (req: FastifyRequest) => ({ path: '/', httpOnly: true, sameSite: 'strict' as const, secure: req.protocol === 'https' });

  app.post(SESSION_PATH, async (req: FastifyRequest, reply: FastifyReply) => {
    // Guessing keys here is throttled as on the API (credential-guard.ts): 401s count against the address.
    const key = (req.body as { key?: unknown } | undefined)?.key;
    if (typeof key !== 'string' || key.trim().length === 0 || key.length > 500) throw invalidField('/key', 'paste your account key (or the operator token)');
    const principal = await signIn(services, req, key.trim());
    // Signing in again and again with one key (each sign-in a session) is limited per key.
    await applyRateLimit(services, reply, 'signIn', principal.kind === 'operator' ? 'operator' : principal.keyId);
    sessions.delete(req.cookies[SESSION_COOKIE]);
    reply.setCookie(SESSION_COOKIE, sessions.create(principal), cookieOptions(req));
    return describe(services, principal);
  });

  app.get(SESSION_PATH, async (req) => {
    // Not a 401: a page asking before sign-in is no failed credential.
    const p = sessionOf(sessions, req);
    return p ? describe(services, p) : { kind: 'none' as const };
  });

  app.delete(SESSION_PATH, async (req, reply) => {
    sessions.delete(req.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
    return { signedOut: true };
  });
}
