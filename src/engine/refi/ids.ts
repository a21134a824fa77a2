import crypto from 'node:crypto';

/**
 * A GUID derived from what it names (RFC 4122 name-based, SHA-1, version 5 layout), so that the
 * selections, codings, cases and notes sift has no row for keep their GUIDs from one export to
 * the next.
 */
export function derivedGuid(...parts: string[]): string {
  const h = crypto.createHash('sha1').update(parts.join('\u0000')).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Converts offsets in JavaScript's UTF-16 code units to the Unicode code points REFI-QDA counts. */
export function codePointOffsets(text: string): (utf16: number) => number {
  if (!/[\uD800-\uDFFF]/.test(text)) return (n) => n;
  const before = new Uint32Array(text.length + 1);
  let points = 0;
  for (let i = 0; i < text.length; i++) {
    before[i] = points;
    const c = text.charCodeAt(i);
    // The low half of a pair adds nothing: the pair was counted at its high half.
    if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff)) points++;
  }
  before[text.length] = points;
  return (n) => before[n]!;
}
