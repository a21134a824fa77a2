import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newId, parseCounterRef, parseHashRef, shortHash } from '../../src/domain/ids.js';
import { hashSecret, keyKind, newApiKeyValue, newPartnerSecretValue } from '../../src/domain/keys.js';

describe('ids', () => {
  it('short hashes are stable, prefix + 10 base-36 characters, distinct across 10,000 UUIDs', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const id = newId();
      const h = shortHash('C', id);
      expect(h).toMatch(/^C[0-9a-z]{10}$/);
      expect(shortHash('C', id)).toBe(h);
      seen.add(h);
    }
    expect(seen.size).toBe(10_000);
  });

  it('accepts every form of an id and refuses what cannot be one', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 1, max: 1e9 }), (uuid, n) => {
        expect(parseCounterRef('D', uuid.toUpperCase())).toEqual({ by: 'uuid', value: uuid.toLowerCase() });
        expect(parseCounterRef('D', `D${n}`)).toEqual({ by: 'counter', value: n });
        expect(parseCounterRef('D', `d${n}`)).toEqual({ by: 'counter', value: n });
        expect(parseCounterRef('D', `I${n}`)).toBeNull();
        const h = shortHash('T', uuid);
        expect(parseHashRef('T', h)).toEqual({ by: 'short', value: h });
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (s) => {
        const ref = parseCounterRef('D', s);
        if (ref) expect(ref.by === 'uuid' || /^\s*[dD]\d+\s*$/.test(s)).toBe(true);
      }),
    );
    expect(parseCounterRef('D', 'D0')).toBeNull();
    expect(parseHashRef('C', 'C123')).toBeNull();
  });
});

describe('keys', () => {
  it('have the formats of decisions §1 and are stored as SHA-256 hashes only', () => {
    for (let i = 0; i < 200; i++) {
      const r = newApiKeyValue('read');
      const e = newApiKeyValue('edit');
      const p = newPartnerSecretValue();
      expect(r).toMatch(/^sift_[A-Za-z0-9_-]{32,}r$/);
      expect(e).toMatch(/^sift_[A-Za-z0-9_-]{32,}e$/);
      expect(p).toMatch(/^siftp_[A-Za-z0-9_-]{40,}$/);
      expect([keyKind(r), keyKind(e), keyKind(p)]).toEqual(['api', 'api', 'partner']);
      expect(hashSecret(r)).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(keyKind('sift_short')).toBe('unknown');
  });
});
