/**
 * A code matrix's figures (issue 43, part 4; docs/decisions.md "Matrices"): rows are codes,
 * columns participants, documents, metadata values or codes again, and each insight falls in
 * the rows of the codes it is filed in and in the columns it belongs to (one for a participant,
 * a document or a value; the codes it co-occurs with for a code column). A cell holds the
 * insights of its row that fall in its column. Pure: the domain says who and where, this counts.
 */

export interface MatrixInsight {
  /** The rows the insight is in (the codes it is filed in, each once). */
  rows: readonly number[];
  /** The columns it falls in. */
  columns: readonly number[];
  /** Who said it: a participant's index (a speaker of a document, or a document without speakers). */
  participant: number;
  document: number;
}

export interface MatrixInput {
  rows: number;
  columns: number;
  insights: readonly MatrixInsight[];
  /**
   * How many participants each column holds, whether or not they said anything coded (a
   * document's speakers, everyone with a metadata value); null where a column holds just the
   * participants of its insights (a code column).
   */
  columnParticipants: readonly number[] | null;
  /** Every participant in scope, whether or not they said anything coded. */
  participants: number;
}

export interface CellFigures {
  insights: number;
  participants: number;
  /** Of the row's insights, the share in this cell; null for a row without insights. */
  shareOfRow: number | null;
  /** Of the column's insights, the share in this cell (this row's); null for a column without insights. */
  shareOfColumn: number | null;
  /** Of the column's participants, the share who said something in this cell; null for a column without participants. */
  participantShare: number | null;
}

export interface RowFigures {
  insights: number;
  participants: number;
  documents: number;
  /** Of the insights of every row, the share in this row. */
  shareOfInsights: number | null;
  /** Of every participant in scope, the share who said something in this row. */
  shareOfParticipants: number | null;
  cells: CellFigures[];
}

export interface ColumnFigures {
  insights: number;
  participants: number;
}

export interface MatrixFigures {
  rows: RowFigures[];
  columns: ColumnFigures[];
  /** Insights in at least one row, each once. */
  insights: number;
}

const share = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

export function matrixFigures(input: MatrixInput): MatrixFigures {
  const byRow: number[][] = Array.from({ length: input.rows }, () => []);
  const columnInsights = new Array<number>(input.columns).fill(0);
  const columnPeople: Set<number>[] = Array.from({ length: input.columns }, () => new Set());
  let counted = 0;
  input.insights.forEach((insight, i) => {
    if (insight.rows.length === 0) return;
    counted++;
    for (const r of insight.rows) byRow[r]!.push(i);
    for (const c of insight.columns) {
      columnInsights[c]!++;
      columnPeople[c]!.add(insight.participant);
    }
  });
  const columns = columnInsights.map((insights, c) => ({ insights, participants: input.columnParticipants?.[c] ?? columnPeople[c]!.size }));
  const rows = byRow.map((members): RowFigures => {
    const insights = new Array<number>(input.columns).fill(0);
    const people: Set<number>[] = Array.from({ length: input.columns }, () => new Set());
    const participants = new Set<number>();
    const documents = new Set<number>();
    for (const i of members) {
      const insight = input.insights[i]!;
      participants.add(insight.participant);
      documents.add(insight.document);
      for (const c of insight.columns) {
        insights[c]!++;
        people[c]!.add(insight.participant);
      }
    }
    return {
      insights: members.length,
      participants: participants.size,
      documents: documents.size,
      shareOfInsights: share(members.length, counted),
      shareOfParticipants: share(participants.size, input.participants),
      cells: insights.map((n, c) => ({
        insights: n,
        participants: people[c]!.size,
        shareOfRow: share(n, members.length),
        shareOfColumn: share(n, columns[c]!.insights),
        participantShare: share(people[c]!.size, columns[c]!.participants),
      })),
    };
  });
  return { rows, columns, insights: counted };
}

/** The insights (their positions in `insights`) behind one cell, in order. */
export function cellMembers(insights: readonly MatrixInsight[], row: number, column: number): number[] {
  const out: number[] = [];
  insights.forEach((insight, i) => {
    if (insight.rows.includes(row) && insight.columns.includes(column)) out.push(i);
  });
  return out;
}
