export { automaticAnalysis } from './automatic.js';
export { predefinedAnalysis } from './predefined.js';
export { summarizeDocument, summarizeGroup } from './summaries.js';
export { warmUpAnalysis } from './warm-up.js';
