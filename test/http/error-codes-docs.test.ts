import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/domain/errors.js';
import { SURFACES } from '../../src/schema/surfaces.js';

/** The rows of docs/decisions.md's table of error codes: status → the codes its row names. */
function documentedCodes(): Map<number, Set<string>> {
  const doc = fs.readFileSync(new URL('../../docs/decisions.md', import.meta.url), 'utf8');
  const rows = new Map<number, Set<string>>();
  for (const m of doc.matchAll(/^\s*\| (\d{3}) \| (.+) \|\s*$/gm)) rows.set(Number(m[1]), new Set([...m[2]!.matchAll(/`([a-z_]+)`/g)].map((c) => c[1]!)));
  return rows;
}

describe("docs/decisions.md's table of Sift-Error-Code values", () => {
  it('names every code of ERROR_CODES in the row of its status, and no code the catalogue lacks', () => {
    const rows = documentedCodes();
    for (const [code, { status }] of Object.entries(ERROR_CODES)) expect(rows.get(status)?.has(code), `${code} (${status}) in docs/decisions.md`).toBe(true);
    // Action names (`confirm_documents`, `create_user`) share the rows' backquotes with the codes.
    const actions = new Set(Object.values(SURFACES).flatMap((s) => Object.keys(s.actions)));
    for (const [status, codes] of rows)
      for (const code of codes)
        if (!actions.has(code)) expect(ERROR_CODES[code as keyof typeof ERROR_CODES]?.status, `${code} documented under ${status}`).toBe(status);
  });
});
