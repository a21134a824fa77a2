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
  /** Past this many live sessions the oldest ones are dropped. */
  maxSessions: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMs: 12 * 3600_000, maxAgeMs: 7 * 24 * 3600_000, maxSessions: 10_000 };

/** Only a digest of each id is held, so that a memory dump yields no usable cookie. */
const digest = (id: string) => crypto.createHash('sha256').update(id, 'utf8').digest('hex');

export class ConsoleSessions {
  private readonly byDigest = new Map<string, Session>();

  constructor(
    private readonly limits: SessionLimits = DEFAULT_SESSION_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts a session and answers its id (the cookie's value). */
  create(principal: SessionPrincipal): string {
    this.sweep();
    while (this.byDigest.size >= this.limits.maxSessions) {
      const oldest = this.byDigest.keys().next().value;
      if (oldest === undefined) break;
      this.byDigest.delete(oldest);
    }
    const id = crypto.randomBytes(32).toString('base64url');
    const t = this.now();
    this.byDigest.set(digest(id), { principal, createdAt: t, lastSeen: t });
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
      this.byDigest.delete(key);
      return null;
    }
    s.lastSeen = t;
    return s.principal;
  }

  delete(id: string | undefined): void {
    if (id) this.byDigest.delete(digest(id));
  }

  private expired(s: Session, t: number): boolean {
    return t - s.lastSeen > this.limits.idleMs || t - s.createdAt > this.limits.maxAgeMs;
  }

  private sweep(): void {
    const t = this.now();
    for (const [key, s] of this.byDigest) if (this.expired(s, t)) this.byDigest.delete(key);
  }
}
