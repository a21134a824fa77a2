import type { DbOrTx } from '../store/store.js';
import type { Row } from '../store/tables.js';
import { newId } from './ids.js';
import { nowIso } from './clock.js';
import { conflict } from './errors.js';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function createUser(db: DbOrTx, input: { email: string; name?: string | null; onboarded?: boolean }): Promise<Row<'users'>> {
  const email = normalizeEmail(input.email);
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  // A concurrent request may pass this check too: the store's unique e-mail then refuses the
  // second insert, answered with the same code (src/store/unique.ts).
  if (existing) throw conflict(`a user with e-mail ${email} already exists: ${existing.id}`, 'email_taken');
  const row = { id: newId(), email, name: input.name ?? null, onboarded: input.onboarded ? 1 : 0, createdAt: nowIso() };
  await db.insertInto('users').values(row).execute();
  return row;
}
