export { automaticAnalysis, type AutomaticOptions } from './automatic.js';
export { predefinedAnalysis, type PredefinedOptions } from './predefined.js';
export { summarizeDocument, summarizeGroup } from './summaries.js';
export type { AnalysisDocument, CategoryDraft, ExistingCategory, InsightDraft, Verdict, PredefinedCategoryInput } from './types.js';
