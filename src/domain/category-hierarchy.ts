/**
 * Pure walks over the category tree, given every category of a project as `{id, parentId}`.
 * The tree is small (hundreds of nodes), so it is loaded whole rather than walked in SQL.
 */
export interface Node {
  id: string;
  parentId: string | null;
}

export function childrenIndex(nodes: readonly Node[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const n of nodes) if (n.parentId) out.set(n.parentId, [...(out.get(n.parentId) ?? []), n.id]);
  return out;
}

/** The category and everything below it, parents before children (in the order of `nodes`). */
export function subtreeIds(nodes: readonly Node[], rootId: string): string[] {
  const children = childrenIndex(nodes);
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return; // a damaged tree must not loop forever
    seen.add(id);
    out.push(id);
    for (const c of children.get(id) ?? []) visit(c);
  };
  visit(rootId);
  return out;
}

/** Ancestors from the parent up to the root. */
export function ancestorIds(nodes: readonly Node[], id: string): string[] {
  const parentOf = new Map(nodes.map((n) => [n.id, n.parentId]));
  const out: string[] = [];
  let current = parentOf.get(id) ?? null;
  while (current && !out.includes(current)) {
    out.push(current);
    current = parentOf.get(current) ?? null;
  }
  return out;
}

/** True when making `parentId` the parent of `id` would put a category under itself. */
export function wouldCycle(nodes: readonly Node[], id: string, parentId: string): boolean {
  return subtreeIds(nodes, id).includes(parentId);
}
