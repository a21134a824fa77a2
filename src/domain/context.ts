import type { Store } from '../store/store.js';
import type { Row } from '../store/tables.js';
import type { LlmProvider } from '../engine/llm/provider.js';

/** What a project-data operation needs: the store, the project, and who acts. */
export interface ProjectScope {
  store: Store;
  project: Row<'projects'>;
  /** The acting user (key owner), recorded as note authors and the like. */
  userId: string | null;
  /** The optional OpenAI-compatible provider, when configured. */
  llm?: LlmProvider | null;
}
