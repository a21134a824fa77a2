// Generated from openapi.json by scripts/client-types.ts: do not edit (`npm run openapi` regenerates it).

import type { components } from './openapi.js';

type Schemas = components['schemas'];

/** Per surface and action: the request body (with its `action`) and the answer. */
export interface Actions {
  read: {
    get_project: { request: Schemas['ReadGetProject']; answer: Schemas['ReadGetProjectAnswer'] };
    get_documents: { request: Schemas['ReadGetDocuments']; answer: Schemas['ReadGetDocumentsAnswer'] };
    get_insights: { request: Schemas['ReadGetInsights']; answer: Schemas['ReadGetInsightsAnswer'] };
    get_categories: { request: Schemas['ReadGetCategories']; answer: Schemas['ReadGetCategoriesAnswer'] };
    get_memos: { request: Schemas['ReadGetMemos']; answer: Schemas['ReadGetMemosAnswer'] };
    get_tags: { request: Schemas['ReadGetTags']; answer: Schemas['ReadGetTagsAnswer'] };
    get_notes: { request: Schemas['ReadGetNotes']; answer: Schemas['ReadGetNotesAnswer'] };
    get_metadata: { request: Schemas['ReadGetMetadata']; answer: Schemas['ReadGetMetadataAnswer'] };
    search: { request: Schemas['ReadSearch']; answer: Schemas['ReadSearchAnswer'] };
    read_document: { request: Schemas['ReadReadDocument']; answer: Schemas['ReadReadDocumentAnswer'] };
    find_entities: { request: Schemas['ReadFindEntities']; answer: Schemas['ReadFindEntitiesAnswer'] };
    analyze: { request: Schemas['ReadAnalyze']; answer: Schemas['ReadAnalyzeAnswer'] };
    compare_codings: { request: Schemas['ReadCompareCodings']; answer: Schemas['ReadCompareCodingsAnswer'] };
    get_matrix: { request: Schemas['ReadGetMatrix']; answer: Schemas['ReadGetMatrixAnswer'] };
    verify_context: { request: Schemas['ReadVerifyContext']; answer: Schemas['ReadVerifyContextAnswer'] };
  };
  write: {
    manage_insights: { request: Schemas['WriteManageInsights']; answer: Schemas['WriteManageInsightsAnswer'] };
    manage_categories: { request: Schemas['WriteManageCategories']; answer: Schemas['WriteManageCategoriesAnswer'] };
    categorize_insights: { request: Schemas['WriteCategorizeInsights']; answer: Schemas['WriteCategorizeInsightsAnswer'] };
    manage_tags: { request: Schemas['WriteManageTags']; answer: Schemas['WriteManageTagsAnswer'] };
    create_note: { request: Schemas['WriteCreateNote']; answer: Schemas['WriteCreateNoteAnswer'] };
    manage_metadata_fields: { request: Schemas['WriteManageMetadataFields']; answer: Schemas['WriteManageMetadataFieldsAnswer'] };
    set_metadata_values: { request: Schemas['WriteSetMetadataValues']; answer: Schemas['WriteSetMetadataValuesAnswer'] };
    start_analysis: { request: Schemas['WriteStartAnalysis']; answer: Schemas['WriteStartAnalysisAnswer'] };
    start_predefined_analysis: { request: Schemas['WriteStartPredefinedAnalysis']; answer: Schemas['WriteStartPredefinedAnalysisAnswer'] };
  };
  account: {
    create_project: { request: Schemas['AccountCreateProject']; answer: Schemas['AccountCreateProjectAnswer'] };
    get_project_status: { request: Schemas['AccountGetProjectStatus']; answer: Schemas['AccountGetProjectStatusAnswer'] };
    confirm_documents: { request: Schemas['AccountConfirmDocuments']; answer: Schemas['AccountConfirmDocumentsAnswer'] };
    delete_documents: { request: Schemas['AccountDeleteDocuments']; answer: Schemas['AccountDeleteDocumentsAnswer'] };
    start_analysis: { request: Schemas['AccountStartAnalysis']; answer: Schemas['AccountStartAnalysisAnswer'] };
    rename_analysis: { request: Schemas['AccountRenameAnalysis']; answer: Schemas['AccountRenameAnalysisAnswer'] };
    delete_analysis: { request: Schemas['AccountDeleteAnalysis']; answer: Schemas['AccountDeleteAnalysisAnswer'] };
    compare_codings: { request: Schemas['AccountCompareCodings']; answer: Schemas['AccountCompareCodingsAnswer'] };
    get_matrix: { request: Schemas['AccountGetMatrix']; answer: Schemas['AccountGetMatrixAnswer'] };
    use_as_codebook: { request: Schemas['AccountUseAsCodebook']; answer: Schemas['AccountUseAsCodebookAnswer'] };
    list_projects: { request: Schemas['AccountListProjects']; answer: Schemas['AccountListProjectsAnswer'] };
    create_project_key: { request: Schemas['AccountCreateProjectKey']; answer: Schemas['AccountCreateProjectKeyAnswer'] };
    list_project_keys: { request: Schemas['AccountListProjectKeys']; answer: Schemas['AccountListProjectKeysAnswer'] };
    revoke_project_key: { request: Schemas['AccountRevokeProjectKey']; answer: Schemas['AccountRevokeProjectKeyAnswer'] };
    get_credits: { request: Schemas['AccountGetCredits']; answer: Schemas['AccountGetCreditsAnswer'] };
  };
  partner: {
    create_account: { request: Schemas['PartnerCreateAccount']; answer: Schemas['PartnerCreateAccountAnswer'] };
    list_accounts: { request: Schemas['PartnerListAccounts']; answer: Schemas['PartnerListAccountsAnswer'] };
    list_projects: { request: Schemas['PartnerListProjects']; answer: Schemas['PartnerListProjectsAnswer'] };
    create_project: { request: Schemas['PartnerCreateProject']; answer: Schemas['PartnerCreateProjectAnswer'] };
    add_documents: { request: Schemas['PartnerAddDocuments']; answer: Schemas['PartnerAddDocumentsAnswer'] };
    get_project_status: { request: Schemas['PartnerGetProjectStatus']; answer: Schemas['PartnerGetProjectStatusAnswer'] };
    confirm_documents: { request: Schemas['PartnerConfirmDocuments']; answer: Schemas['PartnerConfirmDocumentsAnswer'] };
    delete_documents: { request: Schemas['PartnerDeleteDocuments']; answer: Schemas['PartnerDeleteDocumentsAnswer'] };
    start_analysis: { request: Schemas['PartnerStartAnalysis']; answer: Schemas['PartnerStartAnalysisAnswer'] };
    rename_analysis: { request: Schemas['PartnerRenameAnalysis']; answer: Schemas['PartnerRenameAnalysisAnswer'] };
    delete_analysis: { request: Schemas['PartnerDeleteAnalysis']; answer: Schemas['PartnerDeleteAnalysisAnswer'] };
    compare_codings: { request: Schemas['PartnerCompareCodings']; answer: Schemas['PartnerCompareCodingsAnswer'] };
    get_matrix: { request: Schemas['PartnerGetMatrix']; answer: Schemas['PartnerGetMatrixAnswer'] };
    use_as_codebook: { request: Schemas['PartnerUseAsCodebook']; answer: Schemas['PartnerUseAsCodebookAnswer'] };
  };
  admin: {
    create_user: { request: Schemas['AdminCreateUser']; answer: Schemas['AdminCreateUserAnswer'] };
    create_account: { request: Schemas['AdminCreateAccount']; answer: Schemas['AdminCreateAccountAnswer'] };
    create_project: { request: Schemas['AdminCreateProject']; answer: Schemas['AdminCreateProjectAnswer'] };
    add_member: { request: Schemas['AdminAddMember']; answer: Schemas['AdminAddMemberAnswer'] };
    create_project_key: { request: Schemas['AdminCreateProjectKey']; answer: Schemas['AdminCreateProjectKeyAnswer'] };
    create_account_key: { request: Schemas['AdminCreateAccountKey']; answer: Schemas['AdminCreateAccountKeyAnswer'] };
    revoke_key: { request: Schemas['AdminRevokeKey']; answer: Schemas['AdminRevokeKeyAnswer'] };
    create_partner: { request: Schemas['AdminCreatePartner']; answer: Schemas['AdminCreatePartnerAnswer'] };
    grant_credits: { request: Schemas['AdminGrantCredits']; answer: Schemas['AdminGrantCreditsAnswer'] };
    get_credits: { request: Schemas['AdminGetCredits']; answer: Schemas['AdminGetCreditsAnswer'] };
    set_project_pipeline: { request: Schemas['AdminSetProjectPipeline']; answer: Schemas['AdminSetProjectPipelineAnswer'] };
  };
}

/** Each surface's path and action names, for building the surface objects at run time. */
export const SURFACES = {
  read: {
    path: '/api/sift-read',
    actions: ['get_project', 'get_documents', 'get_insights', 'get_categories', 'get_memos', 'get_tags', 'get_notes', 'get_metadata', 'search', 'read_document', 'find_entities', 'analyze', 'compare_codings', 'get_matrix', 'verify_context'],
  },
  write: {
    path: '/api/sift-write',
    actions: ['manage_insights', 'manage_categories', 'categorize_insights', 'manage_tags', 'create_note', 'manage_metadata_fields', 'set_metadata_values', 'start_analysis', 'start_predefined_analysis'],
  },
  account: {
    path: '/api/sift-account',
    actions: ['create_project', 'get_project_status', 'confirm_documents', 'delete_documents', 'start_analysis', 'rename_analysis', 'delete_analysis', 'compare_codings', 'get_matrix', 'use_as_codebook', 'list_projects', 'create_project_key', 'list_project_keys', 'revoke_project_key', 'get_credits'],
  },
  partner: {
    path: '/api/sift-partner',
    actions: ['create_account', 'list_accounts', 'list_projects', 'create_project', 'add_documents', 'get_project_status', 'confirm_documents', 'delete_documents', 'start_analysis', 'rename_analysis', 'delete_analysis', 'compare_codings', 'get_matrix', 'use_as_codebook'],
  },
  admin: {
    path: '/api/sift-admin',
    actions: ['create_user', 'create_account', 'create_project', 'add_member', 'create_project_key', 'create_account_key', 'revoke_key', 'create_partner', 'grant_credits', 'get_credits', 'set_project_pipeline'],
  },
} as const;

/** The codes the server sends in `Sift-Error-Code`, as the document lists them. */
export type ServerErrorCode = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'method_not_allowed' | 'payload_too_large' | 'rate_limited' | 'internal' | 'unavailable' | 'conflict' | 'not_awaiting_confirmation' | 'mixed_pipelines' | 'nothing_to_confirm' | 'several_batches' | 'cost_changed' | 'confirmed_meanwhile' | 'email_taken' | 'tag_exists' | 'already_exists' | 'not_empty' | 'insufficient_credits' | 'unsupported_media_type';

/** The code of each status, for an answer that came without the header. */
export const CODE_OF_STATUS: Record<number, ServerErrorCode> = {
  400: 'invalid',
  401: 'unauthorized',
  402: 'insufficient_credits',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal',
  503: 'unavailable',
};
