import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { makeTestApp, seedProject, type Fixture, type TestApp } from '../helpers/app.js';
import { STORE_KINDS, skipKind } from '../helpers/stores.js';
import { uploadReady } from '../helpers/upload.js';
import { insertDocument } from '../helpers/documents.js';
import { openStore } from '../../src/store/store.js';
import { adminOps } from '../../src/domain/admin.js';
import { newId } from '../../src/domain/ids.js';
import { readActions } from '../../src/schema/read.js';

const TOOLS = [
  'search',
  'read_document',
  'get_insights',
  'get_categories',
  'find_entities',
  'verify_context',
  'get_project',
  'analyze',
  'get_matrix',
  'compare_codings',
];

const TRANSCRIPTS = [
  {
    filename: 'pricing.txt',
    content:
      'Interviewer: How did you find the subscription?\nParticipant: Honestly the subscription price felt far too expensive for a small team like ours.\nInterviewer: Anything else?\nParticipant: We would pay less for fewer seats.\n',
  },
  {
    filename: 'onboarding.txt',
    content:
      'Interviewer: Tell me about your first week.\nParticipant: The onboarding checklist was clear and the setup wizard took minutes.\nInterviewer: And support?\nParticipant: Support answered the same day.\n',
  },
];

type ToolAnswer = { content: { type: string; text: string }[]; isError?: boolean };
const answerOf = (r: unknown) => JSON.parse((r as ToolAnswer).content[0]!.text);

async function connected(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'sift-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

/** The checks both transports must pass, on a project with pricing.txt (D1) and onboarding.txt (D2) ready. */
async function expectTools(client: Client) {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
  const read = tools.find((t) => t.name === 'read_document')!;
  expect(read.inputSchema.required).toEqual(['documentId']);
  expect(Object.keys(read.inputSchema.properties ?? {}).sort()).toEqual(['documentId', 'limit', 'offset']);
  expect(read.description).toBe(readActions.read_document.description);
  const search = tools.find((t) => t.name === 'search')!;
  expect(search.inputSchema).toMatchObject({ type: 'object', additionalProperties: false, properties: { topK: { maximum: 50 } } });
  expect(search.inputSchema.properties).not.toHaveProperty('action');

  const found = await client.callTool({ name: 'search', arguments: { query: 'subscription too expensive', topK: 3 } });
  expect(found.isError).toBeFalsy();
  const results = answerOf(found).results as { documentId: string; text: string }[];
  const hit = results.find((r) => r.text.includes('too expensive'));
  expect(hit).toBeDefined();
  const documentId = hit!.documentId;
  expect(results[0]!.documentId).toBe(documentId);

  const page = await client.callTool({ name: 'read_document', arguments: { documentId } });
  expect(page.isError).toBeFalsy();
  const doc = answerOf(page);
  expect(doc.document.filename).toBe('pricing.txt');
  expect(doc.chunks.map((c: { text: string }) => c.text).join('\n')).toContain('far too expensive for a small team');

  const project = answerOf(await client.callTool({ name: 'get_project', arguments: {} }));
  expect(project.project.id).toBeTruthy();

  // The report's tools: a matrix (no code yet: no row, every document a column) and agreement (no coding yet: nothing compared).
  const matrix = answerOf(await client.callTool({ name: 'get_matrix', arguments: { columns: 'document' } }));
  expect(matrix).toMatchObject({ columnKind: 'document', rows: [] });
  expect(matrix.columns.map((c: { label: string }) => c.label).sort()).toEqual(['onboarding.txt', 'pricing.txt']);
  const agreement = answerOf(await client.callTool({ name: 'compare_codings', arguments: { a: { analysisId: null }, b: { analysisId: null } } }));
  expect(agreement).toMatchObject({ a: { name: 'Made by hand or imported' }, documents: 0, codes: [], passages: [] });
  const unknownRun = await client.callTool({
    name: 'compare_codings',
    arguments: { a: { analysisId: null }, b: { analysisId: '00000000-0000-4000-8000-000000000000' } },
  });
  expect(unknownRun.isError).toBe(true);

  // Arguments are checked by sift's validator: its bounds and its messages, as a tool error.
  const tooMany = await client.callTool({ name: 'search', arguments: { query: 'price', topK: 500 } });
  expect(tooMany.isError).toBe(true);
  expect(answerOf(tooMany)).toEqual({ error: expect.stringContaining('/topK must be <= 50'), details: [{ path: '/topK', message: 'must be <= 50' }] });
  const stranger = await client.callTool({ name: 'read_document', arguments: { documentId: 'D1', action: 'search' } });
  expect(stranger.isError).toBe(true);
  expect(answerOf(stranger).details).toEqual([{ path: '/action', message: 'is not an allowed member' }]);
  // A domain refusal (an unknown id, both or neither of query and queries) is a tool error too.
  const missing = await client.callTool({ name: 'read_document', arguments: { documentId: 'D999' } });
  expect(missing.isError).toBe(true);
  expect(answerOf(missing).error).toMatch(/not found/);
  const neither = await client.callTool({ name: 'search', arguments: {} });
  expect(neither.isError).toBe(true);
  // A tool that is not there is a protocol error.
  await expect(client.callTool({ name: 'manage_insights', arguments: {} })).rejects.toThrow(/unknown tool/);
}

describe.each(STORE_KINDS)('MCP over Streamable HTTP on %s', (kind) => {
  describe.skipIf(skipKind(kind))('', () => {
    let t: TestApp;
    let f: Fixture;
    let url: string;

    beforeAll(async () => {
      t = await makeTestApp(kind);
      f = await seedProject(t);
      await uploadReady(t, f, TRANSCRIPTS);
      await t.app.server.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/mcp`;
    });
    afterAll(() => t?.close());

    it('lists the read tools and answers search and read_document with a read key', async () => {
      const client = await connected(url, f.readKey);
      try {
        await expectTools(client);
      } finally {
        await client.close();
      }
    });

    it('accepts an edit key, and is rate-limited as the read surface', async () => {
      const client = await connected(url, f.editKey);
      const answer = answerOf(await client.callTool({ name: 'verify_context', arguments: { type: 'documents' } }));
      expect(answer.documents.map((d: { filename: string }) => d.filename)).toEqual(['pricing.txt', 'onboarding.txt']);
      await client.close();
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${f.readKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('100000');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(((await res.json()) as any).result.tools).toHaveLength(TOOLS.length);
    });

    it('refuses a missing, wrong or account-scoped key with 401, and other methods with 405', async () => {
      const post = (authorization?: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        });
      expect((await post()).status).toBe(401);
      expect((await post('Bearer sk_nope')).status).toBe(401);
      expect((await post(`Bearer ${f.accountKey}`)).status).toBe(401);
      await expect(connected(url, 'sk_wrong')).rejects.toThrow();
      const get = await fetch(url, { headers: { authorization: `Bearer ${f.readKey}`, accept: 'text/event-stream' } });
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
    });
  });
});

describe('MCP batches', () => {
  let t: TestApp;
  let f: Fixture;
  let url: string;
  beforeAll(async () => {
    t = await makeTestApp('sqlite', { SIFT_RATE_LIMIT_READ: '6' });
    f = await seedProject(t);
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => t?.close());
  const batch = (size: number) =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.readKey}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(Array.from({ length: size }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list' }))),
    });

  it('counts every message of a batch against the read limit, and refuses a batch of more than ten', async () => {
    const tooLarge = await batch(11);
    expect(tooLarge.status).toBe(400);
    expect(((await tooLarge.json()) as { error: string }).error).toMatch(/at most 10 messages/);
    // 6 a minute: the refused batch was one request, this one is four.
    const four = await batch(4);
    expect(four.status).toBe(200);
    expect((await four.json()) as unknown[]).toHaveLength(4);
    expect(four.headers.get('ratelimit-remaining')).toBe('1');
    expect((await batch(3)).status).toBe(429);
  });
});

describe('MCP over stdio (sift mcp)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-mcp-'));
  let readKey: string;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  beforeAll(async () => {
    const store = await openStore({ databaseUrl: null, dataDir });
    try {
      const { user } = await adminOps.create_user(store, { action: 'create_user', email: 'mcp@example.com', name: 'Ana' } as never);
      const { account } = await adminOps.create_account(store, { action: 'create_account', name: 'Team', ownerUserId: user.id } as never);
      const { project } = await adminOps.create_project(store, {
        action: 'create_project',
        accountId: account.id,
        ownerUserId: user.id,
        name: 'Study',
      } as never);
      readKey = (await adminOps.create_project_key(store, { action: 'create_project_key', projectId: project.id, userId: user.id, access: 'read' } as never))
        .key as string;
      // Documents as if uploaded and processed: ready, with their chunks.
      for (const x of TRANSCRIPTS) {
        const doc = await insertDocument(store, project.id as string, { filename: x.filename, text: x.content });
        const lines = x.content.trim().split('\n');
        await store.db
          .insertInto('chunks')
          .values(
            lines.map((line, idx) => ({
              id: newId(),
              projectId: project.id as string,
              documentId: doc.id,
              idx,
              text: line.replace(/^\w+: /, ''),
              speaker: line.split(':')[0]!,
              startOffset: 0,
              endOffset: line.length,
            })),
          )
          .execute();
      }
    } finally {
      await store.close();
    }
  });

  const spawnClient = async (env: Record<string, string>) => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli/main.ts', 'mcp'],
      cwd: process.cwd(),
      env: { ...(process.env as Record<string, string>), DATABASE_URL: '', SIFT_DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    const client = new Client({ name: 'sift-test', version: '1.0.0' });
    await client.connect(transport);
    return { client, stderr: () => stderr };
  };

  it('lists the tools and answers search and read_document through the SDK client', async () => {
    const { client, stderr } = await spawnClient({ SIFT_API_KEY: readKey });
    try {
      await expectTools(client);
      expect(stderr()).toContain('sift mcp: serving project');
    } finally {
      await client.close();
    }
  }, 60_000);

  it('refuses to start with a wrong key: exit 1, the reason on stderr, nothing on stdout', () => {
    const wrong = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'mcp'], {
      env: { ...process.env, DATABASE_URL: '', SIFT_DATA_DIR: dataDir, SIFT_API_KEY: 'sk_wrong' },
      encoding: 'utf8',
      input: '',
    });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('missing or invalid credential');
    expect(wrong.stdout).toBe('');
  }, 60_000);

  it('run where there is no store (another folder, a valid key), says where it looked and creates nothing', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'sift-mcp-elsewhere-'));
    try {
      // tsx by its path: from another folder the package name does not resolve.
      const tsx = pathToFileURL(path.resolve('node_modules/tsx/dist/loader.mjs')).href;
      const run = spawnSync(process.execPath, ['--import', tsx, path.resolve('src/cli/main.ts'), 'mcp'], {
        cwd: elsewhere,
        env: { ...process.env, DATABASE_URL: '', SIFT_DATA_DIR: '', SIFT_API_KEY: readKey },
        encoding: 'utf8',
        input: '',
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`no sift store at ${path.join(fs.realpathSync(elsewhere), 'data', 'sift.db')}`);
      expect(fs.existsSync(path.join(elsewhere, 'data'))).toBe(false);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 60_000);
});
