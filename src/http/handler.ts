import type { Static } from '@sinclair/typebox';
import type { ActionMap } from '../schema/common.js';
import type { Principal } from './auth.js';
import type { Services } from './services.js';
import type { Row } from '../store/tables.js';

export interface Ctx<P extends Principal = Principal> {
  services: Services;
  principal: P;
  requestId: string;
  /** The `Idempotency-Key` header when the client sent one. */
  idempotencyKey: string | null;
  setHeader(name: string, value: string): void;
}

export type ProjectPrincipal = Extract<Principal, { kind: 'projectKey' }>;
/** Read and write surfaces: the key's project is loaded before the handler runs. */
export interface ProjectCtx extends Ctx<ProjectPrincipal> {
  project: Row<'projects'>;
}

export type Answer = Record<string, unknown>;

/** One handler per action of a surface; the compiler refuses a surface with an action unhandled. */
export type ActionHandlers<M extends ActionMap, C> = {
  [K in keyof M]: (ctx: C, body: Static<M[K]>) => Promise<Answer>;
};
