import type { Row } from '../store/tables.js';

/**
 * Metadata matching rules of the specification ("Search and semantic behavior"): values compare
 * case-insensitively, whitespace-insensitively and ignoring trailing punctuation, so that
 * `yes`, `Yes` and `Yes.` match; a blank value matches nothing.
 */
export function normalizeMetadataValue(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[\p{P}\p{S}]+$/u, '');
}

export function metadataValueMatches(filterValue: string, stored: { text: string; shortName: string | null }): boolean {
  const want = normalizeMetadataValue(filterValue);
  if (want === '') return false;
  return normalizeMetadataValue(stored.text) === want || (stored.shortName !== null && normalizeMetadataValue(stored.shortName) === want);
}

/** A filter's `field` names a field exactly by its short name first, then by its full name. */
export function fieldsNamed(fields: Row<'metadataFields'>[], name: string): Row<'metadataFields'>[] {
  const byShort = fields.filter((f) => f.shortName === name);
  return byShort.length > 0 ? byShort : fields.filter((f) => f.text === name);
}
