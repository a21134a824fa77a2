import type { FastifyInstance } from 'fastify';
import { partnerActions } from '../../schema/partner.js';
import { registerDispatcher, makeCtx } from '../dispatch.js';
import { authPartner, bearerToken, type Principal } from '../auth.js';
import type { ActionHandlers, Ctx } from '../handler.js';
import type { Services } from '../services.js';
import { later } from './read.js';

export type PartnerPrincipal = Extract<Principal, { kind: 'partner' }>;
export type PartnerCtx = Ctx<PartnerPrincipal>;

export const partnerHandlers: ActionHandlers<typeof partnerActions, PartnerCtx> = {
  create_account: later('create_account', 'the partner issue'),
  list_accounts: later('list_accounts', 'the partner issue'),
  list_projects: later('list_projects', 'the partner issue'),
  create_project: later('create_project', 'the partner issue'),
  add_documents: later('add_documents', 'the partner issue'),
  get_project_status: later('get_project_status', 'the partner issue'),
  confirm_documents: later('confirm_documents', 'the partner issue'),
  delete_documents: later('delete_documents', 'the partner issue'),
  start_analysis: later('start_analysis', 'the analysis issue'),
};

export function registerPartnerSurface(app: FastifyInstance, services: Services) {
  registerDispatcher<PartnerCtx>(app, services, {
    surface: 'partner',
    authenticate: (req) => authPartner(services.store, bearerToken(req)),
    rateLimit: (p) => ({ bucket: 'partner', subject: (p as PartnerPrincipal).partnerId }),
    context: async (req, reply, p) => makeCtx(services, req, reply, p as PartnerPrincipal),
    handlers: partnerHandlers,
  });
}
