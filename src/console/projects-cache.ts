import { call } from './api.js';
import type { ProjectSummary } from './types.js';

/**
 * The user's projects, remembered for a minute: every project page needs the project's name and
 * the user's role, and the account surface allows 30 calls a minute, so tabs do not ask again.
 */
const TTL_MS = 60_000;
let cached: { at: number; value: Promise<ProjectSummary[]> } | null = null;

export function memberProjects(fresh = false): Promise<ProjectSummary[]> {
  if (!fresh && cached && Date.now() - cached.at < TTL_MS) return cached.value;
  const value = call<{ projects: ProjectSummary[] }, 'account', 'list_projects'>('account', 'list_projects', {}).then((a) => a.projects);
  const entry = { at: Date.now(), value };
  cached = entry;
  value.catch(() => {
    if (cached === entry) cached = null;
  });
  return value;
}

export function forgetProjects(): void {
  cached = null;
}
