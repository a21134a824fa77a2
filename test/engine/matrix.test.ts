import { describe, expect, it } from 'vitest';
import { cellMembers, coOccurring, matrixFigures } from '../../src/engine/matrix/index.js';

describe('matrixFigures', () => {
  // Two rows, two columns, three participants (0 and 1 in column 0, 2 in column 1); insight 3 is in both rows.
  const insights = [
    { rows: [0], columns: [0], participant: 0, document: 0 },
    { rows: [0], columns: [0], participant: 0, document: 0 },
    { rows: [1], columns: [1], participant: 2, document: 1 },
    { rows: [0, 1], columns: [1], participant: 2, document: 1 },
    { rows: [], columns: [0], participant: 1, document: 0 },
  ];
  const figures = matrixFigures({ rows: 2, columns: 2, insights, columnParticipants: [2, 1], participants: 3 });

  it('counts each row’s insights per column, with who said them and the shares of row, column and the column’s participants', () => {
    expect(figures.insights).toBe(4);
    expect(figures.columns).toEqual([
      { insights: 2, participants: 2 },
      { insights: 2, participants: 1 },
    ]);
    const [a, b] = figures.rows;
    expect(a).toMatchObject({ insights: 3, participants: 2, documents: 2, shareOfInsights: 3 / 4, shareOfParticipants: 2 / 3 });
    expect(a!.cells).toEqual([
      { insights: 2, participants: 1, shareOfRow: 2 / 3, shareOfColumn: 1, participantShare: 0.5 },
      { insights: 1, participants: 1, shareOfRow: 1 / 3, shareOfColumn: 0.5, participantShare: 1 },
    ]);
    expect(b!.cells[0]).toEqual({ insights: 0, participants: 0, shareOfRow: 0, shareOfColumn: 0, participantShare: 0 });
    expect(cellMembers(insights, 0, 1)).toEqual([3]);
    expect(cellMembers(insights, 1, 1)).toEqual([2, 3]);
  });

  it('answers null shares where there is nothing to share, and counts a code column’s participants from its insights', () => {
    const empty = matrixFigures({ rows: 1, columns: 1, insights: [], columnParticipants: null, participants: 0 });
    expect(empty.rows[0]).toMatchObject({ insights: 0, shareOfInsights: null, shareOfParticipants: null });
    expect(empty.rows[0]!.cells[0]).toEqual({ insights: 0, participants: 0, shareOfRow: null, shareOfColumn: null, participantShare: null });
    const codes = matrixFigures({ rows: 2, columns: 2, insights, columnParticipants: null, participants: 3 });
    // Insight 4 is in no row: its participant is in no column.
    expect(codes.columns.map((c) => c.participants)).toEqual([1, 1]);
  });
});

describe('coOccurring', () => {
  const placed = [
    { rows: [0], spans: [{ start: 0, end: 10 }] },
    { rows: [1], spans: [{ start: 9, end: 20 }] },
    { rows: [2, 3], spans: [{ start: 30, end: 40 }] },
    { rows: [4], spans: [{ start: 40, end: 50 }] },
    { rows: [], spans: [{ start: 0, end: 50 }] },
    { rows: [5], spans: [] },
  ];

  it('by passage: an insight’s own codes and those of insights whose quotes share a character with its own', () => {
    expect(coOccurring(placed, 'passage')).toEqual([[0, 1], [0, 1], [2, 3], [4], [], [5]]);
  });

  it('by document: every code of the document', () => {
    const all = [0, 1, 2, 3, 4, 5];
    expect(coOccurring(placed, 'document')).toEqual([all, all, all, all, [], all]);
  });
});
