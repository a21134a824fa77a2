import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody } from '../schema/types.js';
import { notImplemented } from './errors.js';

export async function getInsights(scope: ProjectScope, body: ReadBody<'get_insights'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('get_insights', 'in progress');
}
export async function manageInsights(scope: ProjectScope, body: WriteBody<'manage_insights'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('manage_insights', 'in progress');
}

