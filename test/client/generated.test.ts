import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, generateClientTypes, readOpenApi } from '../../scripts/client-types.js';

describe("the SDK's generated types", () => {
  it('match openapi.json (run `npm run openapi` after changing a schema)', async () => {
    const files = await generateClientTypes(readOpenApi());
    for (const [name, text] of Object.entries(files)) {
      expect(fs.readFileSync(path.join(GENERATED_DIR, name), 'utf8'), `packages/client/src/generated/${name} is stale: run npm run openapi`).toBe(text);
    }
  });

  it('type each answer by x-sift-answers, else by its <Surface><Action>Answer component, else as a plain record; and list the error codes', async () => {
    const doc = readOpenApi();
    const schemas = doc.components.schemas;
    const read = doc.paths['/api/sift-read'].post;
    // One answer named by x-sift-answers, one found by its component's name only, one with neither.
    read['x-sift-answers'] ??= {};
    schemas.ProjectAnswer = { type: 'object', properties: { project: { type: 'object' } } };
    read['x-sift-answers'].get_project = { $ref: '#/components/schemas/ProjectAnswer' };
    schemas.ReadSearchAnswer ??= { type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } } };
    delete read['x-sift-answers'].search;
    delete read['x-sift-answers'].get_tags;
    delete schemas.ReadGetTagsAnswer;
    read.responses['200'].content['application/json'].schema = { type: 'object' };
    for (const item of Object.values<any>(doc.paths)) {
      for (const op of Object.values<any>(item)) for (const response of Object.values<any>(op.responses ?? {})) delete response.headers?.['Sift-Error-Code'];
    }
    doc.paths['/api/sift-account'].post.responses['409'].headers = { 'Sift-Error-Code': { schema: { type: 'string', enum: ['conflict', 'cost_changed'] } } };
    const { 'actions.ts': actions } = await generateClientTypes(doc);
    expect(actions).toContain("search: { request: Schemas['ReadSearch']; answer: Schemas['ReadSearchAnswer'] };");
    expect(actions).toContain("get_project: { request: Schemas['ReadGetProject']; answer: Schemas['ProjectAnswer'] };");
    expect(actions).toContain("get_tags: { request: Schemas['ReadGetTags']; answer: Record<string, unknown> };");
    expect(actions).toContain("export type ServerErrorCode = 'conflict' | 'cost_changed';");
  });
});
