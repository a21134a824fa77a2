import crypto from 'node:crypto';
import { nowIso } from './clock.js';

/**
 * Id forms (spec "Identifiers", decisions §2). Every resource has a UUID. Documents, insights,
 * memos and notes also have a per-project counter (`D12`); projects, categories, tags and
 * metadata fields a short hash (`Pab12cd34ef`), stored beside the UUID.
 */
export type CounterPrefix = 'D' | 'I' | 'M' | 'N';
export type HashPrefix = 'P' | 'C' | 'T' | 'F';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const HASH_LENGTH = 10;

export const newId = (): string => crypto.randomUUID();
export const isUuid = (s: string): boolean => UUID_RE.test(s);

/** A stable short form derived from the UUID: prefix + 10 base-36 characters (about 51 bits). */
export function shortHash(prefix: HashPrefix, uuid: string): string {
  const digest = crypto.createHash('sha256').update(uuid).digest();
  let out = '';
  for (let i = 0; i < HASH_LENGTH; i++) out += ALPHABET[digest[i]! % 36];
  return prefix + out;
}

/** Counters are 32-bit integers in the store (PostgreSQL's `integer`): a larger one names nothing. */
export const MAX_COUNTER = 2 ** 31 - 1;

export type IdRef = { by: 'uuid'; value: string } | { by: 'counter'; value: number } | { by: 'short'; value: string };

/** Reads any accepted form of an id; null when the text cannot be an id of that resource. */
export function parseCounterRef(prefix: CounterPrefix, input: string): IdRef | null {
  const s = input.trim();
  if (isUuid(s)) return { by: 'uuid', value: s.toLowerCase() };
  const m = /^([A-Za-z])(\d{1,15})$/.exec(s);
  if (m && m[1]!.toUpperCase() === prefix) {
    const n = Number(m[2]);
    return n > 0 && n <= MAX_COUNTER ? { by: 'counter', value: n } : null;
  }
  return null;
}

export function parseHashRef(prefix: HashPrefix, input: string): IdRef | null {
  const s = input.trim();
  if (isUuid(s)) return { by: 'uuid', value: s.toLowerCase() };
  if (s.length === HASH_LENGTH + 1 && s[0]!.toUpperCase() === prefix && /^[0-9a-z]+$/.test(s.slice(1))) {
    return { by: 'short', value: prefix + s.slice(1) };
  }
  return null;
}

/** Identity and timestamps of a new row named by a short hash (categories, tags, metadata fields). */
export function newHashedRow(prefix: HashPrefix) {
  const id = newId();
  const now = nowIso();
  return { id, shortId: shortHash(prefix, id), createdAt: now, updatedAt: now };
}
