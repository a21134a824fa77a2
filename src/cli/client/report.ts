import type { ActionAnswer } from '@sift/client';
import type { InsightView } from './cmd-read.js';
import { csvField } from '../../engine/text/csv.js';

type CategoryNode = NonNullable<ActionAnswer<'read', 'get_categories'>['categories']>[number];
type Run = ActionAnswer<'read', 'get_project'>['analyses'][number];

/** What `sift export --format json|csv|md` gathers through the read surface. */
export interface Report {
  project: ActionAnswer<'read', 'get_project'>['project'];
  /** The project's runs (`get_project`), to name the run of each category and insight. */
  analyses: Pick<Run, 'id' | 'name'>[];
  documents: NonNullable<ActionAnswer<'read', 'get_documents'>['documents']>;
  categories: CategoryNode[];
  insights: InsightView[];
}

/** The name of the run that made an item, '' for one made by hand (its id where the run is not listed). */
const runNamer = (r: Report) => {
  const names = new Map(r.analyses.map((a) => [a.id, a.name]));
  return (analysisId: string | null) => (analysisId === null ? '' : (names.get(analysisId) ?? analysisId));
};

/** Every category and insight with its run's name beside its `analysisId`. */
export function reportJson(r: Report): string {
  const named = runNamer(r);
  const category = (c: CategoryNode): CategoryNode & { analysisName: string | null } => ({
    ...c,
    analysisName: c.analysisId === null ? null : named(c.analysisId),
    children: c.children.map(category),
  });
  const insights = r.insights.map((i) => ({ ...i, analysisName: i.analysisId === null ? null : named(i.analysisId) }));
  return `${JSON.stringify({ exportedAt: new Date().toISOString(), ...r, categories: r.categories.map(category), insights }, null, 2)}\n`;
}

/** One row per insight, with the run that made it (empty for one made by hand). */
export function reportCsv(r: Report): string {
  const files = new Map(r.documents.map((d) => [d.id, d.filename]));
  const named = runNamer(r);
  const rows = [
    ['insight_id', 'text', 'description', 'categories', 'document_id', 'document', 'quotes', 'tags', 'analysis_id', 'analysis'],
    ...r.insights.map((i) => [
      i.id,
      i.text,
      i.description ?? '',
      i.categories.map((c) => c.text).join('; '),
      i.documentId ?? '',
      i.documentId ? (files.get(i.documentId) ?? '') : '',
      i.quotes.join('\n'),
      i.tags.map((t) => t.text).join('; '),
      i.analysisId ?? '',
      named(i.analysisId),
    ]),
  ];
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const mdText = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/([\\`*_[\]<>#|])/g, '\\$1')
    .trim();

/**
 * The category tree of each run apart: a run's category whose parent another run made (or one
 * made by hand) is a root of its run's tree, as `get_categories` with `analysisId` answers it; a
 * category made by hand stays where it was filed. Runs in the order `analyses` lists them, then
 * what was made by hand.
 */
function treesByRun(r: Report): { analysisId: string | null; roots: CategoryNode[] }[] {
  const all = new Map<string, CategoryNode>();
  const walk = (nodes: CategoryNode[]) => {
    for (const c of nodes) {
      all.set(c.id, c);
      walk(c.children);
    }
  };
  walk(r.categories);
  const parentOf = (c: CategoryNode) => {
    const parent = c.parentId ? all.get(c.parentId) : undefined;
    return parent && (c.analysisId === null || parent.analysisId === c.analysisId) ? parent.id : null;
  };
  const children = new Map<string | null, CategoryNode[]>();
  for (const c of all.values()) children.set(parentOf(c), [...(children.get(parentOf(c)) ?? []), c]);
  const rebuilt = (c: CategoryNode): CategoryNode => ({ ...c, children: (children.get(c.id) ?? []).map(rebuilt) });
  const roots = children.get(null) ?? [];
  const order = [...r.analyses.map((a) => a.id), ...new Set([...all.values(), ...r.insights].flatMap((x) => (x.analysisId ? [x.analysisId] : [])))];
  return [...new Set<string | null>([...order, null])].map((analysisId) => ({
    analysisId,
    roots: roots.filter((c) => c.analysisId === analysisId).map(rebuilt),
  }));
}

/**
 * A readable report: the category tree as headings, each category's insights with their quotes
 * and sources. Where the categories and insights come from several runs, each run is a section of
 * its own (its name and id), what was made by hand another, and an insight filed under another
 * run's category names its run.
 */
export function reportMarkdown(r: Report): string {
  const files = new Map(r.documents.map((d) => [d.id, d.filename]));
  const named = runNamer(r);
  const byCategory = new Map<string, InsightView[]>();
  for (const i of r.insights) for (const c of i.categories) byCategory.set(c.id, [...(byCategory.get(c.id) ?? []), i]);
  const out: string[] = [`# ${mdText(r.project.name)}`, ''];
  if (r.project.description) out.push(mdText(r.project.description), '');
  out.push(`${r.documents.length} documents, ${r.insights.length} insights, exported ${new Date().toISOString().slice(0, 10)}.`, '');
  const trees = treesByRun(r);
  const runs = [...new Set([...r.insights, ...trees.flatMap((t) => t.roots)].flatMap((x) => (x.analysisId ? [x.analysisId] : [])))];
  const madeBy = (id: string) => `${mdText(named(id))} (\`${id}\`)`;
  if (runs.length === 1) out.push(`Analysis: ${madeBy(runs[0]!)}.`, '');
  const insight = (i: InsightView, section: string | null | undefined) => {
    const source = i.documentId ? ` (${mdText(files.get(i.documentId) ?? i.documentId)})` : '';
    const run = section !== undefined && i.analysisId !== section ? ` · ${i.analysisId ? mdText(named(i.analysisId)) : 'made by hand'}` : '';
    out.push(`- **${mdText(i.text)}**${source}${run}`);
    if (i.description) out.push(`  ${mdText(i.description)}`);
    for (const q of i.quotes) out.push(`  > ${mdText(q)}`);
  };
  /** `section`: the run whose section this is (null: made by hand), undefined when runs are not apart. */
  const walk = (nodes: CategoryNode[], depth: number, section?: string | null) => {
    for (const c of nodes) {
      out.push(`${'#'.repeat(Math.min(depth, 6))} ${mdText(c.text)}`, '');
      if (c.description) out.push(mdText(c.description), '');
      const list = byCategory.get(c.id) ?? [];
      for (const i of list) insight(i, section);
      if (list.length) out.push('');
      walk(c.children, depth + 1, section);
    }
  };
  const loose = (list: InsightView[], depth: number, section?: string | null) => {
    if (list.length === 0) return;
    out.push(`${'#'.repeat(depth)} Without a category`, '');
    for (const i of list) insight(i, section);
    out.push('');
  };
  const uncategorised = r.insights.filter((i) => i.categories.length === 0);
  if (runs.length < 2) {
    walk(r.categories, 2);
    loose(uncategorised, 2);
  } else {
    for (const { analysisId, roots } of trees) {
      const own = uncategorised.filter((i) => i.analysisId === analysisId);
      if (roots.length === 0 && own.length === 0) continue;
      out.push(analysisId === null ? '## Made by hand' : `## ${mdText(named(analysisId))}\n\nAnalysis run \`${analysisId}\`.`, '');
      walk(roots, 3, analysisId);
      loose(own, 3, analysisId);
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
