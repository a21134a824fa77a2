import type { ActionAnswer } from '@sift/client';
import type { InsightView } from './cmd-read.js';

type CategoryNode = NonNullable<ActionAnswer<'read', 'get_categories'>['categories']>[number];

/** What `sift export --format json|csv|md` gathers through the read surface. */
export interface Report {
  project: ActionAnswer<'read', 'get_project'>['project'];
  documents: NonNullable<ActionAnswer<'read', 'get_documents'>['documents']>;
  categories: CategoryNode[];
  insights: InsightView[];
}

export const reportJson = (r: Report) => `${JSON.stringify({ exportedAt: new Date().toISOString(), ...r }, null, 2)}\n`;

/** A CSV field as RFC 4180 writes it; a leading =, +, - or @ is defused so that a spreadsheet never runs it as a formula. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row per insight. */
export function reportCsv(r: Report): string {
  const files = new Map(r.documents.map((d) => [d.id, d.filename]));
  const rows = [
    ['insight_id', 'text', 'description', 'categories', 'document_id', 'document', 'quotes', 'tags'],
    ...r.insights.map((i) => [
      i.id,
      i.text,
      i.description ?? '',
      i.categories.map((c) => c.text).join('; '),
      i.documentId ?? '',
      i.documentId ? (files.get(i.documentId) ?? '') : '',
      i.quotes.join('\n'),
      i.tags.map((t) => t.text).join('; '),
    ]),
  ];
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const mdText = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/([\\`*_[\]<>#|])/g, '\\$1')
    .trim();

/** A readable report: the category tree as headings, each category's insights with their quotes and sources. */
export function reportMarkdown(r: Report): string {
  const files = new Map(r.documents.map((d) => [d.id, d.filename]));
  const byCategory = new Map<string, InsightView[]>();
  for (const i of r.insights) for (const c of i.categories) byCategory.set(c.id, [...(byCategory.get(c.id) ?? []), i]);
  const out: string[] = [`# ${mdText(r.project.name)}`, ''];
  if (r.project.description) out.push(mdText(r.project.description), '');
  out.push(`${r.documents.length} documents, ${r.insights.length} insights, exported ${new Date().toISOString().slice(0, 10)}.`, '');
  const insight = (i: InsightView) => {
    const source = i.documentId ? ` (${mdText(files.get(i.documentId) ?? i.documentId)})` : '';
    out.push(`- **${mdText(i.text)}**${source}`);
    if (i.description) out.push(`  ${mdText(i.description)}`);
    for (const q of i.quotes) out.push(`  > ${mdText(q)}`);
  };
  const walk = (nodes: CategoryNode[], depth: number) => {
    for (const c of nodes) {
      out.push(`${'#'.repeat(Math.min(depth, 6))} ${mdText(c.text)}`, '');
      if (c.description) out.push(mdText(c.description), '');
      const list = byCategory.get(c.id) ?? [];
      for (const i of list) insight(i);
      if (list.length) out.push('');
      walk(c.children, depth + 1);
    }
  };
  walk(r.categories, 2);
  const loose = r.insights.filter((i) => i.categories.length === 0);
  if (loose.length) {
    out.push('## Without a category', '');
    for (const i of loose) insight(i);
    out.push('');
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
