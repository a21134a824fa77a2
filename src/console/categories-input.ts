import type { Static } from '@sinclair/typebox';
import type { PredefinedCategory } from '../schema/account.js';

/**
 * Categories typed or pasted one per line: `name`, `name: description` or, pasted from a
 * spreadsheet, `name<TAB>description`; a leading bullet is dropped. Blank lines and names seen
 * before (in any case) are left out, and lengths are kept within the schema's bounds.
 */
export function parseCategories(text: string): Static<typeof PredefinedCategory>[] {
  const out: Static<typeof PredefinedCategory>[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const cut = line.includes('\t') ? line.indexOf('\t') : line.indexOf(':');
    const name = (cut >= 0 ? line.slice(0, cut) : line).trim().replace(/^[-*•]\s*/, '');
    const description = cut >= 0 ? line.slice(cut + 1).trim() : '';
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push({ name: name.slice(0, 200), ...(description ? { description: description.slice(0, 2000) } : {}) });
  }
  return out;
}
