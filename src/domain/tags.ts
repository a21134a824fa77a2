import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody } from '../schema/types.js';
import { notImplemented } from './errors.js';

export async function getTags(scope: ProjectScope): Promise<Record<string, unknown>> {
  void scope;
  throw notImplemented('get_tags', 'in progress');
}
export async function manageTags(scope: ProjectScope, body: WriteBody<'manage_tags'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('manage_tags', 'in progress');
}

