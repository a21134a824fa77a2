/**
 * The shapes of the API's answers the console reads, taken from the answer schemas the server
 * serialises with (src/schema/answers/): the console and the API cannot drift apart.
 */
import type { Static } from '@sinclair/typebox';
import type * as R from '../schema/answers/records.js';
import type { accountAnswers, readAnswers } from '../schema/answers/surfaces.js';

export type SessionInfo =
  | { kind: 'none' }
  | { kind: 'operator' }
  | { kind: 'account'; user: { id: string; email: string | null; name: string | null }; account: { id: string; name: string | null } };

export type ProjectSummary = Static<typeof R.ProjectWithRole>;
/** A document as the account surface answers it (raw UUID). */
export type AccountDocument = Static<typeof R.DocumentBrief>;
export type AnalysisRun = Static<typeof R.Analysis>;
export type ProjectStatus = Static<typeof R.ProjectStatus>;
export type Insight = Static<typeof R.Insight>;
export type Category = Static<typeof R.Category>;
export type MetadataValueOnDocument = Static<typeof R.MetadataValue>;
/** A document as the read surface answers it (short id `D…`). */
export type ReadDocument = Static<typeof R.Document>;
export type DocumentPage = Static<(typeof readAnswers)['read_document']>;
export type Chunk = DocumentPage['chunks'][number];
export type SearchResult = Static<(typeof readAnswers)['search']>['results'][number];
export type Tag = Static<typeof R.Tag>;
export type Note = Static<typeof R.Note>;
export type Memo = Static<typeof R.Memo>;
export type MetadataField = Static<typeof R.MetadataField>;
export type ProjectKey = Static<typeof R.ProjectKey>;
export type Credits = Static<(typeof accountAnswers)['get_credits']>;
export type Agreement = Static<(typeof readAnswers)['compare_codings']>;
export type CodeAgreement = Agreement['codes'][number];
export type CodebookStarted = Static<(typeof accountAnswers)['use_as_codebook']>;
export type Matrix = Static<(typeof readAnswers)['get_matrix']>;
