import type { ProjectScope } from './context.js';
import type { ReadBody, WriteBody } from '../schema/types.js';
import { notImplemented } from './errors.js';

export async function getCategories(scope: ProjectScope, body: ReadBody<'get_categories'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('get_categories', 'in progress');
}
export async function manageCategories(scope: ProjectScope, body: WriteBody<'manage_categories'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('manage_categories', 'in progress');
}
export async function categorizeInsights(scope: ProjectScope, body: WriteBody<'categorize_insights'>): Promise<Record<string, unknown>> {
  void scope; void body;
  throw notImplemented('categorize_insights', 'in progress');
}

