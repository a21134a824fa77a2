import crypto from 'node:crypto';
import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import { notFound } from './errors.js';

/**
 * API keys (`sift_…r` / `sift_…e`) and partner secrets (`siftp_…`). Only SHA-256 hashes are
 * stored: the keys carry 240 bits of randomness, so a slow hash would add nothing.
 */
const randomPart = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

export const hashSecret = (secret: string): string => crypto.createHash('sha256').update(secret, 'utf8').digest('hex');

export const newApiKeyValue = (access: 'read' | 'edit'): string => `sift_${randomPart(30)}${access === 'read' ? 'r' : 'e'}`;
export const newPartnerSecretValue = (): string => `siftp_${randomPart(32)}`;

export type KeyKind = 'api' | 'partner' | 'unknown';
export function keyKind(token: string): KeyKind {
  if (/^sift_[A-Za-z0-9_-]{32,}[re]$/.test(token)) return 'api';
  if (/^siftp_[A-Za-z0-9_-]{40,}$/.test(token)) return 'partner';
  return 'unknown';
}

/** Equal-time comparison of two hex digests (the lookup is by hash; this guards the final check). */
export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}

export async function findApiKey(db: DbOrTx, token: string): Promise<Row<'apiKeys'> | null> {
  const hash = hashSecret(token);
  const row = await db.selectFrom('apiKeys').selectAll().where('hash', '=', hash).executeTakeFirst();
  return row && sameHash(row.hash, hash) ? row : null;
}

/** A project key with its user's role on the project and the project itself, in one query. */
export async function findProjectKey(db: DbOrTx, token: string) {
  const hash = hashSecret(token);
  const row = await db
    .selectFrom('apiKeys as k')
    .leftJoin('memberships as m', (j) => j.onRef('m.projectId', '=', 'k.projectId').onRef('m.userId', '=', 'k.userId'))
    .leftJoin('projects as p', 'p.id', 'k.projectId')
    .selectAll('p')
    .select([
      'k.id as keyId',
      'k.hash as keyHash',
      'k.scope as keyScope',
      'k.access as keyAccess',
      'k.projectId as keyProjectId',
      'k.accountId as keyAccountId',
      'k.userId as keyUserId',
      'k.createdAt as keyCreatedAt',
      'k.revokedAt as keyRevokedAt',
      'm.role as role',
    ])
    .where('k.hash', '=', hash)
    .executeTakeFirst();
  if (!row || !sameHash(row.keyHash, hash)) return null;
  const key: Row<'apiKeys'> = {
    id: row.keyId,
    hash: row.keyHash,
    scope: row.keyScope,
    access: row.keyAccess,
    projectId: row.keyProjectId,
    accountId: row.keyAccountId,
    userId: row.keyUserId,
    createdAt: row.keyCreatedAt,
    revokedAt: row.keyRevokedAt,
  };
  const project: Row<'projects'> | null = row.id
    ? {
        id: row.id,
        shortId: row.shortId!,
        accountId: row.accountId!,
        name: row.name!,
        locale: row.locale!,
        description: row.description!,
        pipeline: row.pipeline!,
        createdByPartnerId: row.createdByPartnerId ?? null,
        documentCounter: Number(row.documentCounter),
        insightCounter: Number(row.insightCounter),
        memoCounter: Number(row.memoCounter),
        noteCounter: Number(row.noteCounter),
        createdAt: row.createdAt!,
        updatedAt: row.updatedAt!,
      }
    : null;
  return { key, role: row.role ?? null, project };
}

export async function findPartnerBySecret(db: DbOrTx, token: string): Promise<Row<'partners'> | null> {
  const hash = hashSecret(token);
  const row = await db.selectFrom('partners').selectAll().where('secretHash', '=', hash).executeTakeFirst();
  return row && sameHash(row.secretHash, hash) ? row : null;
}

export async function createProjectKey(db: DbOrTx, input: { projectId: string; userId: string; access: 'read' | 'edit' }): Promise<string> {
  return (await issueProjectKey(db, input)).secret;
}

/** Mints a project key: its stored row (hash only) and its value, which is never stored. */
export async function issueProjectKey(
  db: DbOrTx,
  input: { projectId: string; userId: string; access: 'read' | 'edit' },
): Promise<{ row: Row<'apiKeys'>; secret: string }> {
  const secret = newApiKeyValue(input.access);
  const row: Row<'apiKeys'> = {
    id: newId(),
    hash: hashSecret(secret),
    scope: 'project',
    access: input.access,
    projectId: input.projectId,
    accountId: null,
    userId: input.userId,
    createdAt: nowIso(),
    revokedAt: null,
  };
  await db.insertInto('apiKeys').values(row).execute();
  return { row, secret };
}

export async function createAccountKey(db: DbOrTx, input: { accountId: string; userId: string }): Promise<string> {
  const key = newApiKeyValue('edit');
  await db
    .insertInto('apiKeys')
    .values({
      id: newId(),
      hash: hashSecret(key),
      scope: 'account',
      access: 'edit',
      projectId: null,
      accountId: input.accountId,
      userId: input.userId,
      createdAt: nowIso(),
      revokedAt: null,
    })
    .execute();
  return key;
}

/**
 * Revokes a project's key by its id: 404 for a key of another project (or none). A key revoked
 * already keeps its first revocation time. Answers the key's row as it now stands.
 */
export async function revokeProjectKeyById(db: DbOrTx, projectId: string, keyId: string): Promise<Row<'apiKeys'>> {
  const q = () => db.selectFrom('apiKeys').selectAll().where('id', '=', keyId).where('projectId', '=', projectId).where('scope', '=', 'project');
  const row = await q().executeTakeFirst();
  if (!row) throw notFound('key', keyId);
  if (row.revokedAt) return row;
  await db.updateTable('apiKeys').set({ revokedAt: nowIso() }).where('id', '=', row.id).where('revokedAt', 'is', null).execute();
  return q().executeTakeFirstOrThrow();
}

/** Revokes an API key or a partner secret by its full value. */
export async function revokeKey(db: DbOrTx, token: string): Promise<void> {
  const hash = hashSecret(token);
  const now = nowIso();
  const k = await db.updateTable('apiKeys').set({ revokedAt: now }).where('hash', '=', hash).executeTakeFirst();
  if (Number(k.numUpdatedRows) > 0) return;
  const p = await db.updateTable('partners').set({ revokedAt: now }).where('secretHash', '=', hash).executeTakeFirst();
  if (Number(p.numUpdatedRows) > 0) return;
  throw notFound('key');
}
