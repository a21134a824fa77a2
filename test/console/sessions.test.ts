import { describe, expect, it } from 'vitest';
import { ConsoleSessions, DEFAULT_SESSION_LIMITS } from '../../src/http/console/sessions.js';

describe('console sessions kept in memory', () => {
  const account = (accountId: string) => ({ kind: 'account' as const, keyId: `K-${accountId}`, accountId, userId: 'U1' });

  it("one account signing in 10,050 times ends only its own oldest sessions, never the operator's or another account's", () => {
    const sessions = new ConsoleSessions();
    const operator = sessions.create({ kind: 'operator' });
    const colleague = sessions.create(account('A2'));
    const flood: string[] = [];
    for (let i = 0; i < 10_050; i++) flood.push(sessions.create(account('A1')));
    expect(sessions.get(operator)).toEqual({ kind: 'operator' });
    expect(sessions.get(colleague)).toEqual(account('A2'));
    const live = flood.filter((id) => sessions.get(id) !== null);
    expect(live).toEqual(flood.slice(-DEFAULT_SESSION_LIMITS.maxPerAccount));
  });

  it('past the ceiling on all sessions, the oldest of all go first', () => {
    const sessions = new ConsoleSessions({ ...DEFAULT_SESSION_LIMITS, maxSessions: 3 });
    const ids = ['A1', 'A2', 'A3', 'A4'].map((a) => sessions.create(account(a)));
    expect(ids.map((id) => sessions.get(id) !== null)).toEqual([false, true, true, true]);
  });

  it('forgets a session idle too long or older than its maximum age', () => {
    let now = 0;
    const sessions = new ConsoleSessions({ ...DEFAULT_SESSION_LIMITS, idleMs: 10, maxAgeMs: 25 }, () => now);
    const id = sessions.create(account('A1'));
    now = 9;
    expect(sessions.get(id)).not.toBeNull();
    now = 18;
    expect(sessions.get(id)).not.toBeNull();
    now = 26;
    expect(sessions.get(id)).toBeNull();
  });
});
