import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectScope } from '../../src/domain/context.js';
import { openTestStore } from '../helpers/stores.js';

// A domain answer carrying a member its schema does not list, as a bug or a new column would.
vi.mock('../../src/domain/projects.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/domain/projects.js')>();
  return { ...real, projectView: (p: Parameters<typeof real.projectView>[0]) => ({ ...real.projectView(p), ownerSecret: 'never-leaves' }) };
});

const { callTool } = await import('../../src/mcp/tools.js');
const { checkAnswers } = await import('../../src/http/answers.js');

const project = {
  id: '00000000-0000-4000-8000-000000000001',
  shortId: 'Pabcdefghij',
  accountId: '00000000-0000-4000-8000-000000000002',
  ownerUserId: '00000000-0000-4000-8000-000000000003',
  name: 'Interviews',
  description: '',
  locale: 'en',
  pipeline: 'standard',
  documentCounter: 0,
  insightCounter: 0,
  noteCounter: 0,
  memoCounter: 0,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
};
// `get_project` also lists the project's runs: an empty store holds none.
const store = await openTestStore('sqlite');
afterAll(() => store.close());
const scope = async () => ({ project, userId: project.ownerUserId, store }) as unknown as ProjectScope;

describe("MCP tool results go through the read action's answer schema", () => {
  afterEach(() => checkAnswers(process.env.SIFT_CHECK_ANSWERS === '1'));

  it('sends only what the schema lists, as the HTTP answer does', async () => {
    checkAnswers(false);
    const result = await callTool('get_project', {}, scope, () => undefined);
    expect(result.isError).toBeUndefined();
    const answer = JSON.parse(result.content[0]!.text);
    expect(answer.project.name).toBe('Interviews');
    expect(answer.project).not.toHaveProperty('ownerSecret');
  });

  it('fails such an answer where the suite checks answers (SIFT_CHECK_ANSWERS=1)', async () => {
    checkAnswers(true);
    const errors: unknown[] = [];
    const result = await callTool('get_project', {}, scope, (err) => errors.push(err));
    expect(result.isError).toBe(true);
    expect(String(errors[0])).toMatch(/does not match its schema/);
  });
});
