import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody } from '../schema/types.js';
import { notImplemented } from './errors.js';

export async function getMemos(scope: ProjectScope, body: ReadBody<'get_memos'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('get_memos', 'in progress');
}

