// Request bodies a route reads by hand — a multipart form, or JSON beside one — documented in the OpenAPI
// document as schemas, one per content type, so a client can be generated from it. Only the document sees
// them: Fastify does not validate these bodies; the route reads and checks the form itself, by the same rules.
import type { FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export type BodyContentType = 'multipart/form-data' | 'application/json';

/** A route's `config` that documents its body: for each content type it takes, the zod schema of that body. */
export function documentedBody(bodies: Partial<Record<BodyContentType, z.ZodType>>): FastifyContextConfig {
  return {
    swaggerTransform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const content: Record<string, { schema: unknown }> = {};
      for (const [contentType, body] of Object.entries(bodies)) {
        content[contentType] = { schema: jsonSchemaTransform({ ...document, schema: { body } }).schema.body };
      }
      return { ...transformed, schema: { ...transformed.schema, body: { content } } };
    },
  };
}
