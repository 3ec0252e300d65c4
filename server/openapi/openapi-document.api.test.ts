import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema } from '../../common/schemas/errors.ts';
import { createTestContext, validSpot, type TestContext } from '../test/test-app.ts';
import { makeRegionFixture } from '../test/pmtiles-fixture.ts';

// The OpenAPI document as ADR 0075 promises it (issue #33): Redocly's recommended rules pass; every operation has an
// id, a declared security that is the truth, and answers with their media types in the one error shape; the sign-in
// routes are in it; a new spot's conditional fields are stated. The generated client's test drives it end to end.

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: { const?: string; enum?: string[] } }>;
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};
type Document = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, { in: string; name: string }> };
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head'];

let t: TestContext;
let doc: Document;
let folder: string;

beforeAll(async () => {
  // With the region map, so that its operations are in the document too.
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'foray-openapi-'));
  fs.writeFileSync(path.join(folder, 'region.pmtiles'), makeRegionFixture());
  t = await createTestContext({ env: { MAP_REGION_FILE: path.join(folder, 'region.pmtiles') } });
  doc = (await t.app.inject({ url: '/api/docs/json' })).json<Document>();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The ApiError schema, or one that narrows it for an operation (STALE's details): `{ error: { code, message, … } }`. */
function isApiError(schema: Json): boolean {
  if (schema.$ref === '#/components/schemas/ApiError') return true;
  const error = (schema.properties as { error?: { properties?: Json; required?: string[] } } | undefined)?.error;
  return Boolean(error?.properties?.code && error.properties.message && error.required?.includes('code'));
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([route, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, route, operation: item[method]! })),
  );

describe('the OpenAPI document', () => {
  it('passes Redocly’s recommended rules with no error', () => {
    const file = path.join(folder, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const run = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
        'lint',
        file,
        '--extends=recommended',
        '--format=json',
      ],
      { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number };
      problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}`,
    );
    expect(problems.filter((problem) => problem.startsWith('error'))).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // The two warnings left say what is true: the health check has no 4xx answer, the mailed reset link only redirects.
    expect(problems.filter((problem) => !problem.startsWith('error')).sort()).toEqual([
      'warn operation-2xx-response #/paths/~1api~1auth~1reset-password~1{token}/get/responses',
      'warn operation-4xx-response #/paths/~1healthz/get/responses',
    ]);
  });

  it('is OpenAPI 3.1 for this server, with the session cookie as a security scheme named as sign-in sets it', async () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: t.config.publicUrl, description: expect.any(String) }]);
    const user = await t.createUser();
    const [name] = user.cookie.split('=');
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name });
    expect(doc.components.securitySchemes.twoStepCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'foray.two_factor',
    });
  });

  it('names every operation once and declares who may call each', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, route, operation } of operations()) {
      expect(operation.security, `${method} ${route}`).toBeDefined();
    }
  });

  it('has the routes from sign-up to sign-out, two-step sign-in included', () => {
    const ids = new Set(operations().map(({ operation }) => operation.operationId));
    for (const id of [
      'signUp',
      'verifyEmail',
      'signIn',
      'verifyTotp',
      'verifyBackupCode',
      'getAuthSession',
      'signOut',
    ]) {
      expect(ids, id).toContain(id);
    }
    expect(doc.paths['/api/auth/sign-in/email']!.post!.security).toEqual([]);
    expect(doc.paths['/api/auth/two-factor/verify-totp']!.post!.security).toEqual([
      { twoStepCookie: [] },
      { sessionCookie: [] },
    ]);
  });

  it('gives every answer its media type, and every error the one ApiError shape', () => {
    for (const { method, route, operation } of operations()) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        const where = `${method} ${route} ${status}`;
        if (['204', '302', '304'].includes(status) || method === 'head') {
          expect(answer.content, where).toBeUndefined();
          continue;
        }
        expect(Object.keys(answer.content ?? {}).length, where).toBeGreaterThan(0);
        // The health check's 503 is its own answer (what is down), not an error of the API.
        if (Number(status) >= 400 && route !== '/healthz') {
          expect(isApiError(answer.content!['application/json']!.schema), where).toBe(true);
        }
      }
    }
    const exported = doc.paths['/api/v1/export']!.get!.responses['200']!.content!;
    expect(Object.keys(exported).sort()).toEqual([
      'application/geo+json',
      'application/gpx+xml',
      'application/vnd.google-earth.kml+xml',
      'application/zip',
      'text/csv',
    ]);
    expect(Object.values(exported).every((media) => media.schema.format === 'binary')).toBe(true);
    expect(Object.keys(doc.paths['/api/v1/photos/{key}']!.get!.responses['200']!.content!)).toEqual(['image/webp']);
  });

  it('states that a mushroom spot needs its types and finder, and a car park does not', () => {
    const content = doc.paths['/api/v1/locations']!.post!.requestBody!.content;
    for (const type of ['application/json', 'multipart/form-data']) {
      const branches = content[type]!.schema.oneOf as Array<{
        properties: { type: { const?: string; enum?: string[] } };
        required: string[];
      }>;
      const byType = Object.fromEntries(
        branches.map((branch) => [branch.properties.type.const ?? branch.properties.type.enum?.[0], branch.required]),
      );
      expect(byType.mushroom_spot, type).toEqual(expect.arrayContaining(['mushroom_types', 'finder']));
      expect(byType.car_park, type).not.toContain('mushroom_types');
      expect(byType.car_park, type).not.toContain('finder');
    }
  });
});

describe('what the document says, the server does', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await t.createUser()).cookie;
  });

  /** Path parameters that pass each route's schema, so that only the session decides. */
  const SAMPLE: Record<string, string> = {
    id: crypto.randomUUID(),
    visitId: crypto.randomUUID(),
    photoId: crypto.randomUUID(),
    invite_id: crypto.randomUUID(),
    user_id: 'someone',
    token: 'a'.repeat(32),
    key: 'a'.repeat(32),
    lng: 'en',
    z: '3',
    x: '4',
    y: '2',
  };

  it('answers 401 without the session to every operation that says it needs one, and not to a public one', async () => {
    for (const { method, route, operation } of operations()) {
      if (operation.requestBody || !route.startsWith('/api/v1/')) continue;
      const url = route.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name] ?? name);
      const required = (operation.parameters ?? []).filter(
        (parameter) => parameter.in === 'query' && parameter.required,
      );
      const query = required.map(
        (parameter) =>
          `${parameter.name}=${parameter.schema?.const ?? parameter.schema?.enum?.[0] ?? (parameter.name === 'bbox' ? '25,54,26,55' : '1')}`,
      );
      const response = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: query.length > 0 ? `${url}?${query.join('&')}` : url,
      });
      // An administrator's route answers anyone else as a route that does not exist (ADR 0077).
      if (route.startsWith('/api/v1/admin/')) {
        expect(response.statusCode, `${method} ${route}`).toBe(404);
        continue;
      }
      const needsSession = JSON.stringify(operation.security) === JSON.stringify([{ sessionCookie: [] }]);
      expect(response.statusCode === 401, `${method} ${route}: ${response.statusCode}`).toBe(needsSession);
    }
  });

  it('answers a mushroom spot without its types with 400 MISSING_INFORMATION, and takes a car park without them', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/locations', headers: { cookie }, payload });
    const mushroom = await post(validSpot({ mushroom_types: undefined, finder: '  ' }));
    expect(mushroom.statusCode).toBe(400);
    expect(mushroom.json().error.code).toBe('MISSING_INFORMATION');
    expect((await post(validSpot({ type: 'car_park', mushroom_types: undefined, finder: undefined }))).statusCode).toBe(
      201,
    );
  });

  it('answers VALIDATION_ERROR in one shape, whether Fastify or the create route read the request', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: { cookie },
      payload: validSpot(),
    });
    const answers = [
      // Read by the create route by hand (JSON or a form).
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/locations',
        headers: { cookie },
        payload: validSpot({ latitude: 91 }),
      }),
      // Checked by Fastify against the route's schema.
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/locations/${created.json<{ id: string }>().id}`,
        headers: { cookie },
        payload: { latitude: 91, longitude: 25 },
      }),
      await t.app.inject({ url: '/api/v1/locations?limit=nope', headers: { cookie } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      const body = ApiErrorSchema.strict().parse(answer.json());
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.error.details ?? {})).toEqual(['issues']);
      expect(body.error.details!.issues!.length).toBeGreaterThan(0);
      for (const issue of body.error.details!.issues!) {
        expect(issue).toEqual({ path: expect.stringMatching(/^(\/[\w-]+)*$/), message: expect.any(String) });
      }
    }
    expect(answers[0]!.json().error.details.issues[0].path).toBe('/latitude');
    expect(answers[1]!.json().error.details.issues[0].path).toBe('/latitude');
  });
});
