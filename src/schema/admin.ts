import { Type } from '@sinclair/typebox';
import { action, Locale, MAX_CREDITS, Str, StringEnum } from './common.js';

const Uuid = (description?: string) => Type.String({ format: 'uuid', ...(description ? { description } : {}) });
const ProjectRef = Str(255, 1, { description: 'project UUID or `P` short id' });
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;

/**
 * `POST /api/sift-admin` (decisions §8): the operator's surface, credential `SIFT_ADMIN_TOKEN`.
 * `grant_credits` and `get_credits` take exactly one of `accountId` and `partnerId`.
 */
const accountOrPartner = [{ oneOf: [{ required: ['accountId'] }, { required: ['partnerId'] }] }];

export const adminActions = {
  create_user: action('create_user', { email: Str(320, undefined, { format: 'email' }), name: Type.Optional(Str(255, 1)) }),
  create_account: action('create_account', {
    name: Str(255, 1),
    ownerUserId: Uuid(),
    credits: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CREDITS })),
  }),
  create_project: action('create_project', {
    accountId: Uuid(),
    ownerUserId: Uuid(),
    name: Str(255, 1),
    locale: Type.Optional(Locale),
    description: Type.Optional(Str(2000)),
  }),
  add_member: action('add_member', { projectId: ProjectRef, userId: Uuid(), role: StringEnum(ROLES) }),
  create_project_key: action('create_project_key', {
    projectId: ProjectRef,
    userId: Uuid(),
    access: StringEnum(['read', 'edit'] as const),
  }),
  create_account_key: action('create_account_key', { accountId: Uuid(), userId: Uuid() }),
  revoke_key: action('revoke_key', { key: Str(500, 1) }),
  create_partner: action('create_partner', { name: Str(255, 1), credits: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CREDITS })) }),
  grant_credits: action(
    'grant_credits',
    {
      accountId: Type.Optional(Uuid()),
      partnerId: Type.Optional(Uuid()),
      amount: Type.Integer({ minimum: -MAX_CREDITS, maximum: MAX_CREDITS }),
    },
    { allOf: accountOrPartner },
  ),
  get_credits: action(
    'get_credits',
    {
      accountId: Type.Optional(Uuid()),
      partnerId: Type.Optional(Uuid()),
    },
    { allOf: accountOrPartner },
  ),
  set_project_pipeline: action('set_project_pipeline', {
    projectId: ProjectRef,
    pipeline: StringEnum(['standard', 'anonymized'] as const),
  }),
};
