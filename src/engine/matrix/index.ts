export { cellMembers, type MatrixFigures, type MatrixInsight, matrixFigures } from './figures.js';
export { coOccurring, type Span } from './co-occurrence.js';
