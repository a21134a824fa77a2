import type { Static, TSchema } from '@sinclair/typebox';
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

/**
 * One handler per action of a surface, each returning its action's answer type (`src/schema/answers/`);
 * the compiler refuses a surface with an action unhandled or an answer that differs from its schema.
 */
export type ActionHandlers<M extends ActionMap, C, A extends { [K in keyof M]: TSchema }> = {
  [K in keyof M]: (ctx: C, body: Static<M[K]>) => Promise<Static<A[K]>>;
};
