import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody } from '../schema/types.js';
import { notImplemented } from './errors.js';

export async function getDocuments(scope: ProjectScope, body: ReadBody<'get_documents'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('get_documents', 'in progress');
}

