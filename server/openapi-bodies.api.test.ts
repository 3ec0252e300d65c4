import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateSpotSchema } from '../common/schemas/spots.ts';
import { ImportConfirmFieldsSchema } from '../common/schemas/import.ts';
import { createTestContext, type TestContext } from './test/test-app.ts';

// Every request body is in the OpenAPI document as a schema, one per content type the route takes — the
// multipart forms included, which the routes read by hand — so a client can be generated from the document.

type JsonSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
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
    expect(fieldsOf(body['application/json'])).toEqual(fields);
    expect(fieldsOf(body['multipart/form-data'])).toEqual([...fields, 'photo'].sort());
    expect(body['multipart/form-data']!.properties!.photo).toMatchObject(binary);
    expect(body['multipart/form-data']!.required ?? []).not.toContain('photo');
    expect(body['application/json']!.required).toEqual(
      expect.arrayContaining(['type', 'date_found', 'latitude', 'longitude']),
    );
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
    // Circles as a form sends them: one text of comma-separated ids; the audience by name.
    expect(form.properties!.circle_ids).toMatchObject({ type: 'string' });
    expect(form.properties!.audience).toMatchObject({ enum: ['private', 'circles', 'public'] });
  });

  it('documents the JSON bodies it validates as before', () => {
    expect(fieldsOf(bodyOf('/api/v1/locations/{id}', 'patch')['application/json'])).toContain('base_version');
    expect(fieldsOf(bodyOf('/api/v1/locations/{id}/photos/order', 'put')['application/json'])).toEqual(['photo_ids']);
    expect(Object.keys(bodyOf('/api/v1/locations/{id}/visits', 'post'))).toEqual(['application/json']);
  });
});
