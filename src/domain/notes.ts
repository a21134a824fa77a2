import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody } from '../schema/types.js';
import { notImplemented } from './errors.js';

export async function getNotes(scope: ProjectScope, body: ReadBody<'get_notes'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('get_notes', 'in progress');
}
export async function createNote(scope: ProjectScope, body: WriteBody<'create_note'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('create_note', 'in progress');
}

