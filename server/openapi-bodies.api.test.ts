import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateSpotSchema } from '../common/schemas/spots.ts';
import { ImportConfirmFieldsSchema } from '../common/schemas/import.ts';
import { createTestContext, validSpot, type TestContext } from './test/test-app.ts';

// Every request body is in the OpenAPI document as a schema, one per content type the route takes — the
// multipart forms included, which the routes read by hand — so a client can be generated from the document.

type JsonSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: JsonSchema[];
};
type Operation = { requestBody?: { content: Record<string, { schema: JsonSchema }> } };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

let t: TestContext;
let doc: Document;

beforeAll(async () => {
  t = await createTestContext();
  doc = (await t.app.inject({ url: '/api/docs/json' })).json<Document>();
});
afterAll(() => t.close());

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? resolve(doc.components!.schemas![schema.$ref.split('/').pop()!]!) : schema;

/** The body of an operation, by content type. */
function bodyOf(path: string, method: string): Record<string, JsonSchema> {
  const content = doc.paths[path]?.[method]?.requestBody?.content;
  expect(content, `${method.toUpperCase()} ${path} has a request body`).toBeDefined();
  return Object.fromEntries(Object.entries(content!).map(([type, media]) => [type, resolve(media.schema)]));
}

const fieldsOf = (schema: JsonSchema | undefined) => Object.keys(schema?.properties ?? {}).sort();
const binary = { type: 'string', format: 'binary' };

describe('the OpenAPI document', () => {
  it('gives a new spot a JSON body and a multipart one: the same fields, and the form’s optional photo file', () => {
    const body = bodyOf('/api/v1/locations', 'post');
    expect(Object.keys(body).sort()).toEqual(['application/json', 'multipart/form-data']);
    const fields = Object.keys(CreateSpotSchema.shape).sort();
    // One shape for each type (a mushroom spot needs more): each has every field.
    const json = body['application/json']!.oneOf!.map(resolve);
    const form = body['multipart/form-data']!.oneOf!.map(resolve);
    expect(json).toHaveLength(2);
    expect(form).toHaveLength(2);
    for (const shape of json) {
      expect(fieldsOf(shape)).toEqual(fields);
      expect(shape.required).toEqual(expect.arrayContaining(['type', 'date_found', 'latitude', 'longitude']));
    }
    for (const shape of form) {
      expect(fieldsOf(shape)).toEqual([...fields, 'photo'].sort());
      expect(shape.properties!.photo).toMatchObject(binary);
      expect(shape.required ?? []).not.toContain('photo');
      expect(shape.properties!.circle_ids).toMatchObject({ type: 'array', items: { type: 'string', format: 'uuid' } });
    }
  });

  it.each([
    ['/api/v1/locations/{id}/photos', 'a spot'],
    ['/api/v1/locations/{id}/visits/{visitId}/photos', 'a visit'],
  ])('documents adding a photo to %s (%s) as a form with the photo file and its optional id', (path) => {
    const body = bodyOf(path, 'post');
    expect(Object.keys(body)).toEqual(['multipart/form-data']);
    const form = body['multipart/form-data']!;
    expect(fieldsOf(form)).toEqual(['id', 'photo']);
    expect(form.properties!.photo).toMatchObject(binary);
    expect(form.properties!.id).toMatchObject({ type: 'string', format: 'uuid' });
    expect(form.required).toEqual(['photo']);
  });

  it('documents an import’s preview and its confirm as forms with the file', () => {
    const preview = bodyOf('/api/v1/import/preview', 'post');
    expect(Object.keys(preview)).toEqual(['multipart/form-data']);
    expect(fieldsOf(preview['multipart/form-data'])).toEqual(['file']);
    expect(preview['multipart/form-data']!.properties!.file).toMatchObject(binary);
    expect(preview['multipart/form-data']!.required).toEqual(['file']);

    const confirm = bodyOf('/api/v1/import', 'post');
    expect(Object.keys(confirm)).toEqual(['multipart/form-data']);
    const form = confirm['multipart/form-data']!;
    expect(fieldsOf(form)).toEqual([...Object.keys(ImportConfirmFieldsSchema.shape), 'file'].sort());
    expect(form.properties!.file).toMatchObject(binary);
    expect(form.required).toEqual(expect.arrayContaining(['import_id', 'file']));
    // Circles as generated clients send an array in a form: the field once per circle; the audience by name.
    expect(form.properties!.circle_ids).toMatchObject({ type: 'array', items: { type: 'string', format: 'uuid' } });
    expect(form.properties!.audience).toMatchObject({ enum: ['private', 'circles', 'public'] });
  });

  it('documents the JSON bodies it validates as before', () => {
    expect(fieldsOf(bodyOf('/api/v1/locations/{id}', 'patch')['application/json'])).toContain('base_version');
    expect(fieldsOf(bodyOf('/api/v1/locations/{id}/photos/order', 'put')['application/json'])).toEqual(['photo_ids']);
    expect(Object.keys(bodyOf('/api/v1/locations/{id}/visits', 'post'))).toEqual(['application/json']);
  });
});

/** A form as generated clients build one (hey-api's form serializer, a browser's FormData): an array, once per item. */
function form(
  fields: Record<string, string | number | boolean | string[]>,
  file?: { field: string; bytes: Uint8Array; name: string },
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, String(item));
  }
  if (file) body.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
  return body;
}

async function send(url: string, cookie: string, body: FormData) {
  const request = new Request('http://foray.test/', { method: 'POST', body });
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('the multipart forms take what the document says', () => {
  let owner: { cookie: string };
  let circles: string[];
  beforeAll(async () => {
    owner = await t.createUser();
    circles = [];
    for (const name of ['Family', 'Club', 'Neighbours']) {
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/circles',
        headers: { cookie: owner.cookie },
        payload: { name },
      });
      expect(made.statusCode, made.body).toBe(201);
      circles.push(made.json<{ id: string }>().id);
    }
  });

  it('reads a new spot’s circle_ids sent once per circle, as an array', async () => {
    const fields = validSpot({ is_public: undefined, audience: 'circles', circle_ids: circles.slice(0, 2) });
    const created = await send('/api/v1/locations', owner.cookie, form(JSON.parse(JSON.stringify(fields))));
    expect(created.statusCode, created.body).toBe(201);
    expect([...created.json<{ circle_ids: string[] }>().circle_ids].sort()).toEqual(circles.slice(0, 2).sort());
  });

  it('still reads them as one field of comma-separated ids, as the web app sends them', async () => {
    const fields = validSpot({ is_public: undefined, audience: 'circles', circle_ids: circles.join(',') });
    const created = await send('/api/v1/locations', owner.cookie, form(JSON.parse(JSON.stringify(fields))));
    expect(created.statusCode, created.body).toBe(201);
    expect([...created.json<{ circle_ids: string[] }>().circle_ids].sort()).toEqual([...circles].sort());
  });

  it('still refuses any other field sent twice, and a circle twice', async () => {
    const twice = form(validSpot());
    twice.append('finder', 'Jonas');
    const refused = await send('/api/v1/locations', owner.cookie, twice);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Field "finder" was sent twice.' });
    const sameCircle = form(
      validSpot({ is_public: undefined, audience: 'circles', circle_ids: [circles[0]!, circles[0]!] }),
    );
    expect((await send('/api/v1/locations', owner.cookie, sameCircle)).statusCode).toBe(400);
  });

  it('reads an import’s circle_ids sent once per circle', async () => {
    const gpx = new TextEncoder().encode(
      '<?xml version="1.0"?><gpx version="1.1" creator="Other app" xmlns="http://www.topografix.com/GPX/1/1">' +
        '<wpt lat="54.7" lon="25.3"><time>2025-09-20T08:00:00Z</time><name>Chanterelles</name></wpt></gpx>',
    );
    const file = { field: 'file', bytes: gpx, name: 'walk.gpx' };
    const fields = { import_id: crypto.randomUUID(), audience: 'circles', circle_ids: circles.slice(1) };
    const imported = await send('/api/v1/import', owner.cookie, form(fields, file));
    expect(imported.statusCode, imported.body).toBe(201);
    const list = await t.app.inject({
      url: '/api/v1/locations?owner=mine&q=Chanterelles',
      headers: { cookie: owner.cookie },
    });
    const [spot] = list.json<{ items: Array<{ circle_ids: string[] }> }>().items;
    expect([...spot!.circle_ids].sort()).toEqual(circles.slice(1).sort());
  });
});
