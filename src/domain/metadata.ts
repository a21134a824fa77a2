import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody } from '../schema/types.js';
import { notImplemented } from './errors.js';

export async function getMetadata(scope: ProjectScope): Promise<Record<string, unknown>> {
  void scope;
  throw notImplemented('get_metadata', 'in progress');
}
export async function manageMetadataFields(scope: ProjectScope, body: WriteBody<'manage_metadata_fields'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('manage_metadata_fields', 'in progress');
}
export async function setMetadataValues(scope: ProjectScope, body: WriteBody<'set_metadata_values'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('set_metadata_values', 'in progress');
}

