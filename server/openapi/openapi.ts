// The public API's OpenAPI document, served at /api/docs/json (the browsable page at /api/docs), as ADR 0075 says:
// every route a client needs, the sign-in routes included, with its bodies, answers and media types, who may call
// it (the session cookie as a security scheme), an operationId, the server, and one error shape. The routes' zod
// schemas make most of it (@fastify/swagger); what they cannot say is added here, from three tables: operations.ts
// (names, access), answers.ts (files, headers) and auth-operations.ts (better-auth's routes).
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../common/schemas/errors.ts';
import { CircleSchema } from '../../common/schemas/circles.ts';
import { PhotoSchema, SpotSchema } from '../../common/schemas/spots.ts';
import { VisitSchema } from '../../common/schemas/visits.ts';
import { AUTH_PATHS } from './auth-operations.ts';
import { OPERATION_EXTRAS } from './answers.ts';
import { derivedOperationId, OPERATIONS, type Access } from './operations.ts';

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  security?: Array<Record<string, string[]>>;
};
type Document = {
  openapi: string;
  info: Json;
  servers?: Json[];
  tags?: Json[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Json>; securitySchemes?: Record<string, Json> };
};

/** Named in the document (components), so generated clients name their types by them. */
const NAMED_SCHEMAS: Array<[z.ZodType, string]> = [
  [ApiErrorSchema, 'ApiError'],
  [SpotSchema, 'Spot'],
  [PhotoSchema, 'Photo'],
  [CircleSchema, 'Circle'],
  [VisitSchema, 'Visit'],
];

const TAGS: Record<string, string> = {
  auth: 'Sign-up, confirmation, sign-in (with two-step sign-in), sign-out and the account (better-auth, through Foray)',
  account: 'Foray’s own account settings and sessions',
  system: 'The server: its public settings, who is signed in, health',
  translations: 'The web app’s words',
  locations: 'Spots (the API’s older word: locations): create, list, read, edit, delete',
  photos: 'The photos of spots',
  visits: 'Returns to a spot, and their photos',
  circles: 'Circles, their members and invitations',
  map: 'What the map draws: tiles, counts, pins, the region map',
  fruiting: 'What is due and what is found nearby',
  export: 'Download one’s spots',
  import: 'Bring spots in from a file',
  reports: 'Report content that everyone on the server can see',
  admin: 'For the server’s administrators only (anyone else: 404)',
};

export type OpenApiOptions = {
  publicUrl: string;
  version: string;
  /** The cookies as better-auth names them (the `__Secure-` prefix behind https). */
  cookies: { session: string; twoStep: string };
};

/** Registers the document and its page. Before the routes: @fastify/swagger collects routes as they are added. */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions) {
  for (const [schema, id] of NAMED_SCHEMAS) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Foray API', version: options.version } },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      const withComponents = jsonSchemaTransformObject(document) as unknown as Document;
      return finishDocument(withComponents, options) as unknown as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  session: [{ sessionCookie: [] }],
  public: [],
  'optional-session': [{}, { sessionCookie: [] }],
  'two-step': [{ twoStepCookie: [] }],
  'two-step-or-session': [{ twoStepCookie: [] }, { sessionCookie: [] }],
  admin: [{ sessionCookie: [] }],
};

const REASONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no content',
  206: 'Partial content',
  302: 'Found: on to Location',
  304: 'Not modified',
  400: 'VALIDATION_ERROR (or INVALID_JSON, MISSING_INFORMATION, …): the request is not one this operation takes',
  401: 'UNAUTHENTICATED: no session, or it has ended; sign in',
  403: 'Refused: FORBIDDEN, or CROSS_SITE_REQUEST (another site’s page sent it)',
  404: 'NOT_FOUND: no such thing, or not one the caller may see',
  409: 'A conflict: ID_CONFLICT, STALE, …',
  410: 'Gone: the invitation expired, was used up or revoked',
  413: 'Too large: PHOTO_TOO_LARGE, BODY_TOO_LARGE, …',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED: too many requests; wait Retry-After seconds',
  500: 'INTERNAL_ERROR: something went wrong on the server',
  503: 'SERVICE_UNAVAILABLE (the database cannot be reached) or QUERY_TIMEOUT; try again after Retry-After seconds',
};

const API_ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const retryAfter = { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } };
const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description: 'The request’s id, the same as `error.request_id` and in every line the server logged about it',
    schema: { type: 'string' },
  },
};

const errorAnswer = (status: string, headers?: Json): Json => ({
  description: REASONS[status] ?? 'An error',
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: API_ERROR_REF } },
});

/** The document as @fastify/swagger made it from the routes, finished (see the top of this file). */
export function finishDocument(document: Document, options: OpenApiOptions): Document {
  const paths: Document['paths'] = { ...document.paths };
  for (const [path, item] of Object.entries(AUTH_PATHS)) {
    paths[path] = { ...paths[path], ...(item as Record<string, Operation>) };
  }
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) item[method] = finishOperation(method, path, operation);
    }
  }
  const finished: Document = {
    ...document,
    info: {
      title: 'Foray API',
      version: options.version,
      summary: 'Record and share foraging spots',
      description:
        'The API of one Foray server, as its web app uses it. Sign in with POST /api/auth/sign-in/email; the answer ' +
        'sets the session cookie (`sessionCookie`), which every other call sends back. Requests change nothing for ' +
        'another site’s page: a browser’s request from another origin is refused (403 CROSS_SITE_REQUEST); a script ' +
        'sends no Origin at all. Every error is an `ApiError`. See docs/api.md in the source for writing a client.',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    servers: [{ url: options.publicUrl, description: 'This server (PUBLIC_URL)' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      ...document.components,
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookies.session,
          description:
            'The session: set by sign-in (or by the second step of a two-step sign-in), sent back as it was set. ' +
            'It slides: an answer may set it again with a later expiry.',
        },
        twoStepCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: options.cookies.twoStep,
          description:
            'A sign-in waiting for its second step: set by sign-in when the account has two-step sign-in, for ten minutes.',
        },
      },
    },
  };
  return withoutUnusedSchemas(finished);
}

function finishOperation(method: string, path: string, given: Operation): Operation {
  const key = `${method.toUpperCase()} ${path}`;
  const facts = OPERATIONS[key];
  const extras = OPERATION_EXTRAS[key];
  // Everything under /api/v1/admin/ is for administrators (ADR 0077).
  const access: Access = facts?.access ?? (path.startsWith('/api/v1/admin/') ? 'admin' : 'session');
  const operation: Operation = {
    ...given,
    operationId: facts?.id ?? derivedOperationId(method, path),
    tags: given.tags ?? [path.startsWith('/api/auth/') ? 'auth' : 'system'],
    security: SECURITY[access],
  };
  if (extras?.parameters) operation.parameters = [...(operation.parameters ?? []), ...extras.parameters];

  const responses: Record<string, Json> = {};
  for (const [status, response] of Object.entries({ ...given.responses, ...extras?.responses })) {
    const described =
      response.description === 'Default Response' ? { ...response, description: REASONS[status] ?? 'OK' } : response;
    responses[status] = described;
  }
  // The answers every operation of its kind can give, in the one error shape (plugins/errors.ts).
  const add = (status: string, headers?: Json) => {
    responses[status] ??= errorAnswer(status, headers);
  };
  if (operation.parameters?.some((parameter) => parameter.in !== 'header') || operation.requestBody) add('400');
  if (access === 'session' || access === 'two-step' || access === 'two-step-or-session') add('401');
  if (method !== 'get' && method !== 'head') add('403');
  // Anyone but an administrator: the 404 of a route that does not exist.
  if (access === 'admin') add('404');
  if (path.startsWith('/api/v1/') || path.startsWith('/api/auth/')) add('429', retryAfter);
  add('500');
  add('503', retryAfter);
  // A HEAD answer has no body, whatever its status.
  if (method === 'head') {
    for (const [status, { content: _body, ...response }] of Object.entries(responses)) responses[status] = response;
  }
  // Every answer names its request (ADR 0080): the id in every log line about it, and in an error's body.
  for (const [status, response] of Object.entries(responses))
    responses[status] = { ...response, headers: { ...(response.headers as Json | undefined), ...REQUEST_ID_HEADER } };
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  return operation;
}

/** Drops the named schemas no operation refers to: the registry names each schema for both requests and answers. */
function withoutUnusedSchemas(document: Document): Document {
  const schemas = document.components.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) {
        const name = child.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(document.paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: kept } };
}
