/**
 * A short-lived memory of credential look-ups, so that a busy client does not cost a database
 * round trip per request. Entries live `ttlMs` (default 2 s): a key revoked or a member removed
 * through another process stops working within that time; in this process the operator surface
 * clears the memory at once.
 */
export class AuthCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = await load();
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
