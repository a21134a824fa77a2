/**
 * Which codes an insight co-occurs with, for a code × code matrix: by passage, the codes of the
 * insight itself and of every insight of the same document whose quotes overlap its own (share
 * a character); by document, the codes of every insight of its document. An insight always
 * co-occurs with its own codes, so a code's diagonal cell holds all of its insights.
 */

export interface Span {
  start: number;
  end: number;
}

export interface PlacedCodes {
  /** The rows (codes) the insight is filed in. */
  rows: readonly number[];
  /** Where its quotes stand in its document's text (empty where none was found). */
  spans: readonly Span[];
}

/** One document's insights → for each, the rows it co-occurs with (sorted). */
export function coOccurring(insights: readonly PlacedCodes[], by: 'passage' | 'document'): number[][] {
  if (by === 'document') {
    const all = sortedUnion(insights.map((i) => i.rows));
    return insights.map((i) => (i.rows.length ? all : []));
  }
  const partners = overlapping(insights);
  return insights.map((insight, i) => (insight.rows.length ? sortedUnion([insight.rows, ...partners[i]!.map((j) => insights[j]!.rows)]) : []));
}

function sortedUnion(lists: readonly (readonly number[])[]): number[] {
  const seen = new Set<number>();
  for (const list of lists) for (const x of list) seen.add(x);
  return [...seen].sort((x, y) => x - y);
}

/** Each insight's partners (with repeats): the insights whose spans overlap one of its own, found by a sweep over the spans in order of their starts. */
function overlapping(insights: readonly PlacedCodes[]): number[][] {
  const spans: { start: number; end: number; owner: number }[] = [];
  insights.forEach((insight, owner) => {
    if (insight.rows.length) for (const s of insight.spans) if (s.end > s.start) spans.push({ start: s.start, end: s.end, owner });
  });
  spans.sort((x, y) => x.start - y.start || x.end - y.end);
  const partners: number[][] = insights.map(() => []);
  const open: typeof spans = [];
  for (const span of spans) {
    let kept = 0;
    for (const o of open) if (o.end > span.start) open[kept++] = o;
    open.length = kept;
    for (const o of open) {
      if (o.owner === span.owner) continue;
      partners[o.owner]!.push(span.owner);
      partners[span.owner]!.push(o.owner);
    }
    open.push(span);
  }
  return partners;
}
