import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApi } from '../../src/schema/openapi.js';
import { SURFACES, UPLOAD_PATHS } from '../../src/schema/surfaces.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await makeTestApp('sqlite');
    const res = await t.app.server.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('is served without a credential and validates as OpenAPI 3.1.0, version 1.0.0', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const result = await new Validator().validate(doc);
    expect(result).toEqual({ valid: true });
  });

  it('lists every surface, every upload path, every action with its bounds', () => {
    for (const surface of Object.values(SURFACES)) {
      expect(doc.paths[surface.path]?.post).toBeDefined();
      const body = doc.components.schemas[doc.paths[surface.path].post.requestBody.content['application/json'].schema.$ref.split('/').pop()];
      expect(Object.keys(body.discriminator.mapping).sort()).toEqual(Object.keys(surface.actions).sort());
    }
    for (const path of Object.values(UPLOAD_PATHS)) expect(doc.paths[path]?.post).toBeDefined();
    expect(doc.components.schemas.ReadSearch.properties.topK).toMatchObject({ minimum: 1, maximum: 50 });
    expect(doc.components.schemas.WriteManageInsights.properties.quotes).toMatchObject({ maxItems: 20, items: { maxLength: 4000, minLength: 1 } });
    expect(doc.components.schemas.WriteManageTags.properties.color.pattern).toBe('^#[0-9A-Fa-f]{6}$');
    expect(doc.components.schemas.ReadGetDocuments.additionalProperties).toBe(false);
  });

  it('marks the deprecated operations and declares the security schemes', () => {
    expect(doc.components.schemas.WriteStartAnalysis.deprecated).toBe(true);
    expect(doc.paths[UPLOAD_PATHS.write].post.deprecated).toBe(true);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['accountKey', 'adminToken', 'partnerSecret', 'projectKey']);
    expect(doc.paths[SURFACES.read.path].post.responses['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
  });

  it('matches the checked-in openapi.json (run `npm run openapi` after changing a schema)', () => {
    const checkedIn = JSON.parse(fs.readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
    expect(checkedIn).toEqual(buildOpenApi());
  });
});
