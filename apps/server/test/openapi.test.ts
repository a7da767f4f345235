import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * GET /api/openapi.json: the API document made from the routes' own schemas. Every /api route must be
 * in it with a success schema, so a route added without one fails here.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = JSON.parse(res.body);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** `/api/user/:username` as the document names it: `/api/user/{username}`. */
  const documented = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const apiRoutes = () =>
    t.app.routeList.filter(
      (r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json' && r.method !== 'HEAD',
    );

  it('is valid against the OpenAPI 3.1 schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is an OpenAPI 3.1 document with its required parts', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(typeof doc.paths).toBe('object');
    expect(doc.components.securitySchemes).toMatchObject({
      adminCookie: { type: 'apiKey', in: 'cookie' },
      playerBearer: { type: 'http', scheme: 'bearer' },
    });
  });

  it('lists every /api route with every method, each with a success response schema', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const { method, url } of routes) {
      const operation = doc.paths[documented(url)]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${method} ${url}: not in the document`);
        continue;
      }
      // A redirect (Sign in with Roblox sends the browser on) is that route's success.
      const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
        /^(2\d\d|302)$/.test(status),
      );
      // A 204 and a redirect have no body; any other success names its content's schema.
      const described = success.some(
        ([status, response]: [string, any]) =>
          status === '204' ||
          (status === '302' && response.description) ||
          Object.values(response.content ?? {}).some((c: any) => c.schema),
      );
      if (!described) missing.push(`${method} ${url}: no success response schema`);
    }
    expect(missing).toEqual([]);
  });

  it('lists nothing that is not a route', () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method.toLowerCase()} ${documented(r.url)}`));
    const listed = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations as object).map((method) => `${method} ${path}`),
    );
    expect(listed.filter((op) => !registered.has(op))).toEqual([]);
  });

  it('documents error answers with the one error body, and tags admin routes with the cookie scheme', () => {
    const admin = doc.paths['/api/admin/withdrawals']?.get;
    expect(admin.tags).toContain('admin');
    expect(admin.security).toEqual([{ adminCookie: [] }]);
    expect(admin.responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    expect(doc.components.schemas.ErrorBody.properties).toMatchObject({
      error: { type: 'string' },
      code: { enum: expect.arrayContaining(['UNAUTHENTICATED']) },
    });
    expect(doc.paths['/api/withdraw'].post.security).toEqual([{ playerBearer: [] }]);
  });

  it('is built once and served the same to every caller', async () => {
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(JSON.parse(again.body)).toEqual(doc);
  });
});
