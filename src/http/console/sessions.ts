import crypto from 'node:crypto';

/**
 * Console sessions, kept in this process's memory: the cookie carries only an opaque random id
 * (256 bits), never a key. A session remembers who signed in: an account key's account and user
 * (by the key's id, so that revoking the key ends the session), or the operator. Several API
 * processes behind one address need sticky sessions (or one process for the console).
 */
export type SessionPrincipal = { kind: 'account'; keyId: string; accountId: string; userId: string } | { kind: 'operator' };

interface Session {
  principal: SessionPrincipal;
  createdAt: number;
  lastSeen: number;
}

export interface SessionLimits {
  /** A session unused this long is forgotten. */
  idleMs: number;
  /** No session lives longer than this, used or not. */
  maxAgeMs: number;
  /** Past this many live sessions of one account (or of the operator) its oldest ones are dropped, */
  maxPerAccount: number;
  /** and past this many in all, the oldest of all (a ceiling on memory, far above what accounts reach). */
  maxSessions: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 12 * 3600_000, maxAgeMs: 7 * 24 * 3600_000, maxPerAccount: 20, maxSessions: 100_000 };

/** Whose a session is, for the per-account cap. */
const ownerOf = (p: SessionPrincipal) => (p.kind === 'operator' ? 'operator' : `account:${p.accountId}`);

/** Only a digest of each id is held, so that a memory dump yields no usable cookie. */
const digest = (id: string) => crypto.createHash('sha256').update(id, 'utf8').digest('hex');

export class ConsoleSessions {
  private readonly byDigest = new Map<string, Session>();
  /** Each owner's session digests, oldest first. */
  private readonly byOwner = new Map<string, Set<string>>();

  constructor(
    private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts a session and answers its id (the cookie's value). One account signing in again and
   * again ends only its own oldest sessions, never another account's or the operator's.
   */
  create(principal: SessionPrincipal): string {
    this.sweep();
    const owner = ownerOf(principal);
    for (const oldest of this.byOwner.get(owner) ?? []) {
      if ((this.byOwner.get(owner)?.size ?? 0) < this.limits.maxPerAccount) break;
      this.remove(oldest);
    }
    for (const oldest of this.byDigest.keys()) {
      if (this.byDigest.size < this.limits.maxSessions) break;
      this.remove(oldest);
    }
    const id = crypto.randomBytes(32).toString('base64url');
    const t = this.now();
    const key = digest(id);
    this.byDigest.set(key, { principal, createdAt: t, lastSeen: t });
    this.byOwner.set(owner, (this.byOwner.get(owner) ?? new Set<string>()).add(key));
    return id;
  }

  /** The session's principal, or null when the id is unknown or the session expired. */
  get(id: string | undefined): SessionPrincipal | null {
    if (!id || id.length > 100) return null;
    const key = digest(id);
    const s = this.byDigest.get(key);
    if (!s) return null;
    const t = this.now();
    if (this.expired(s, t)) {
      this.remove(key);
      return null;
    }
    s.lastSeen = t;
    return s.principal;
  }

  delete(id: string | undefined): void {
    if (id) this.remove(digest(id));
  }

  private remove(key: string): void {
    const s = this.byDigest.get(key);
    if (!s) return;
    this.byDigest.delete(key);
    const owner = ownerOf(s.principal);
    const own = this.byOwner.get(owner);
    own?.delete(key);
    if (own?.size === 0) this.byOwner.delete(owner);
  }

  private expired(s: Session, t: number): boolean {
    return t - s.lastSeen > this.limits.idleMs || t - s.createdAt > this.limits.maxAgeMs;
  }

  private sweep(): void {
    const t = this.now();
    for (const [key, s] of this.byDigest) if (this.expired(s, t)) this.remove(key);
  }
}
