import { Type } from '@sinclair/typebox';
import { action, Locale, ProjectIdInput, Str } from './common.js';
import { projectDocumentActions } from './account.js';

export const Files = Type.Object(
  {
    urls: Type.Optional(
      Type.Array(Type.Object({ url: Str(2000, 1, { format: 'uri' }), filename: Type.Optional(Str(500, 1)) }, { additionalProperties: false }), {
        maxItems: 20,
      }),
    ),
    documents: Type.Optional(
      Type.Array(Type.Object({ filename: Str(500, 1), text: Type.String({ minLength: 1 }) }, { additionalProperties: false }), { maxItems: 20 }),
    ),
  },
  { additionalProperties: false, title: 'Files', description: 'URLs the server fetches and inline text documents, at most 20 each.' },
);

/** `POST /api/sift-partner`: partner secret key. Ids answered are raw UUIDs. */
export const partnerActions = {
  create_account: action(
    'create_account',
    {
      email: Str(320, undefined, { format: 'email' }),
      name: Type.Optional(Str(255, 1)),
      teamName: Type.Optional(Str(255, 1)),
      onboard: Type.Optional(Type.Boolean({ default: true })),
    },
    { description: 'Invites the user and provisions their team account; idempotent per partner and e-mail.' },
  ),
  list_accounts: action('list_accounts', {}, { description: 'Accounts this partner created.' }),
  list_projects: action('list_projects', {}, { description: 'Projects this partner created.' }),
  create_project: action(
    'create_project',
    {
      accountId: Type.String({ format: 'uuid', description: 'UUID from `create_account` or `list_accounts`' }),
      name: Str(255, 1),
      locale: Type.Optional(Locale),
      description: Type.Optional(Str(2000)),
      files: Type.Optional(Files),
    },
    {
      description:
        'Creates a project on an account this partner created, optionally with documents; all or nothing (URLs are fetched first). Accepts an `Idempotency-Key` header.',
    },
  ),
  add_documents: action(
    'add_documents',
    { projectId: ProjectIdInput, files: Files },
    {
      description: 'Adds documents (fetched URLs, inline text) to a project this partner created.',
    },
  ),
  ...projectDocumentActions,
};
