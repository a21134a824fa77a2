/**
 * A codebook: the categories a predefined run codes with, each with its name, description, place
 * in the tree and the quotes that show what it holds. `use_as_codebook` takes one from a run, the
 * exports write one (REFI-QDA `.qdc`, CSV, Markdown) and the import reads one (docs/decisions.md,
 * "Codebooks").
 */
export interface CodebookCode {
  /** Stable within the codebook: a category's UUID, a `.qdc` code's GUID, a CSV record's number. */
  id: string;
  name: string;
  description: string;
  parentId: string | null;
  examples: string[];
}

/** A code as `start_analysis` takes a predefined category, with its parent named. */
export interface CodebookCategory {
  name: string;
  description: string;
  parent: string | null;
  examples: string[];
}

/** `start_analysis`'s bounds on predefined categories: a codebook past them is refused, not cut. */
export const CODEBOOK_BOUNDS = { codes: 100, name: 200, description: 2000, examples: 20, example: 2000 } as const;

export interface CodebookDetail {
  path: string;
  message: string;
}

/** A codebook that cannot be used: every problem found, each naming where it is. */
export class CodebookProblem extends Error {
  constructor(readonly details: CodebookDetail[]) {
    super(details[0]?.message ?? 'the codebook cannot be read');
    this.name = 'CodebookProblem';
  }
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * The codebook as predefined categories, in its order: two codes of one name (letter case and
 * surrounding spaces aside) are one category, the first's description and place, the examples of
 * both (the first `maxExamples`, without repeats); a parent that is the code itself (after such a
 * merge) or would close a cycle is dropped, so the tree stays a tree.
 */
export function asCategories(codes: CodebookCode[], maxExamples: number = CODEBOOK_BOUNDS.examples): CodebookCategory[] {
  const byId = new Map(codes.map((c) => [c.id, c]));
  const first = new Map<string, CodebookCode>();
  const examples = new Map<string, string[]>();
  for (const c of codes) {
    const k = key(c.name);
    if (!first.has(k)) first.set(k, c);
    const list = examples.get(k) ?? [];
    for (const e of c.examples) if (list.length < maxExamples && !list.some((x) => x.toLowerCase() === e.toLowerCase())) list.push(e);
    examples.set(k, list);
  }
  const parentOf = new Map<string, string | null>();
  for (const [k, c] of first) {
    const parent = c.parentId === null ? undefined : byId.get(c.parentId);
    parentOf.set(k, parent && key(parent.name) !== k ? key(parent.name) : null);
  }
  for (const k of first.keys()) {
    // Walk up: a code met again on the way closes a cycle, which this code's link would make.
    const seen = new Set([k]);
    for (let up = parentOf.get(k) ?? null; up !== null; up = parentOf.get(up) ?? null) {
      if (seen.has(up)) {
        parentOf.set(k, null);
        break;
      }
      seen.add(up);
    }
  }
  return [...first.entries()].map(([k, c]) => {
    const parent = parentOf.get(k) ?? null;
    return { name: c.name.trim(), description: c.description, parent: parent === null ? null : first.get(parent)!.name.trim(), examples: examples.get(k)! };
  });
}

/** Whether a codebook of `count` categories is one a predefined run takes: a problem at `path` otherwise. */
export function countProblem(count: number, path: string): CodebookDetail | null {
  if (count === 0) return { path, message: 'the codebook holds no codes' };
  if (count > CODEBOOK_BOUNDS.codes) return { path, message: `the codebook holds ${count} codes; a predefined run takes at most ${CODEBOOK_BOUNDS.codes}` };
  return null;
}

/** Codes past `start_analysis`'s bounds on a predefined category, each problem at `where(index, member)`. */
export function codeProblems(
  codes: Pick<CodebookCode, 'name' | 'description' | 'examples'>[],
  where: (index: number, member: string) => string,
): CodebookDetail[] {
  const out: CodebookDetail[] = [];
  codes.forEach((c, i) => {
    if (c.name.trim().length === 0) out.push({ path: where(i, 'name'), message: 'the name is empty' });
    if (c.name.trim().length > CODEBOOK_BOUNDS.name)
      out.push({ path: where(i, 'name'), message: `the name is longer than ${CODEBOOK_BOUNDS.name} characters` });
    if (c.description.length > CODEBOOK_BOUNDS.description)
      out.push({ path: where(i, 'description'), message: `the description is longer than ${CODEBOOK_BOUNDS.description} characters` });
    if (c.examples.length > CODEBOOK_BOUNDS.examples)
      out.push({ path: where(i, 'examples'), message: `${c.examples.length} examples; at most ${CODEBOOK_BOUNDS.examples}` });
    if (c.examples.some((e) => e.length > CODEBOOK_BOUNDS.example))
      out.push({ path: where(i, 'examples'), message: `an example is longer than ${CODEBOOK_BOUNDS.example} characters` });
  });
  return out;
}

/** Codes in tree order (depth first, each level in the codebook's order) with their depth. */
export function treeOrder(codes: CodebookCode[]): { code: CodebookCode; depth: number }[] {
  const ids = new Set(codes.map((c) => c.id));
  const children = new Map<string | null, CodebookCode[]>();
  for (const c of codes) {
    const parent = c.parentId !== null && ids.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: { code: CodebookCode; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push({ code: c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  // A code in a cycle has no way up to a root: it is listed at the top level.
  for (const c of codes) if (!seen.has(c.id)) walk(c.parentId, 0);
  return out;
}

const EXAMPLES_HEADING = 'Examples:';
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * A description with the examples after it, for formats with no place of their own for them
 * (`.qdc`): a line `Examples:`, then a line `- <example>` each, white space folded to one line.
 */
export function withExamples(description: string, examples: string[]): string {
  const lines = examples.map(oneLine).filter(Boolean);
  if (lines.length === 0) return description;
  const list = lines.map((e) => `- ${e}`).join('\n');
  return description.trim() ? `${description.trimEnd()}\n\n${EXAMPLES_HEADING}\n${list}` : `${EXAMPLES_HEADING}\n${list}`;
}

/** The description and examples `withExamples` wrote; a text without such an ending is all description. */
export function splitExamples(text: string): { description: string; examples: string[] } {
  const lines = text.replace(/\r\n?/g, '\n').trimEnd().split('\n');
  let at = lines.length;
  while (at > 0 && lines[at - 1]!.startsWith('- ')) at--;
  if (at === lines.length || at === 0 || lines[at - 1]!.trim() !== EXAMPLES_HEADING) return { description: text, examples: [] };
  return {
    description: lines
      .slice(0, at - 1)
      .join('\n')
      .trimEnd(),
    examples: lines
      .slice(at)
      .map((l) => l.slice(2).trim())
      .filter(Boolean),
  };
}
