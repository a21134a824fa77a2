export interface AnalysisChunk {
  idx: number;
  text: string;
  speaker: string | null;
  start: number;
  end: number;
}
export interface AnalysisDocument {
  id: string;
  text: string;
  chunks: AnalysisChunk[];
  metadata?: Record<string, string>;
}
export interface CategoryDraft {
  key: string;
  name: string;
  description: string;
  parentKey: string | null;
}
/** A category the project already has, with quotes of insights filed in it (what it is about, in the project's words). */
export interface ExistingCategory extends CategoryDraft {
  examples?: string[];
}
export interface InsightDraft {
  documentId: string;
  text: string;
  description: string;
  quotes: string[];
  categoryKeys: string[];
  /** How many of the document's sentences bear on it (the quotes are the clearest few). */
  support: number;
}
export type Verdict = { documentId: string; verdict: 'analysed' | 'skipped' | 'failed'; reason?: string };
/** What an automatic analysis gives: new categories, insights filed in them (or in the project's), and a verdict on each document. */
export interface AutomaticResult {
  categories: CategoryDraft[];
  insights: InsightDraft[];
  verdicts: Verdict[];
}
export type Granularity = 'default' | 'overview' | 'inclusive';
export interface PredefinedCategoryInput {
  /** What insights are filed under (`categoryKeys`); the name where left out. */
  key?: string;
  name: string;
  description?: string;
  instructions?: string;
  categorizationInstructions?: string;
  examples?: string[];
}
