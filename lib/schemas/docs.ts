import * as Type from '@sinclair/typebox';
import { defineRoute } from './route.js';

const IndexRoute = Type.Object({
  method: Type.String({ description: 'HTTP method', examples: ['POST'] }),
  path: Type.String({ examples: ['/api/v1/orders'] }),
  summary: Type.String({ examples: ['Place an order for a customer'] }),
  access: Type.String({
    description: 'the roles that may call it (admin always), or "public" for the routes that need no key',
    examples: ['admin, marketer, operations'],
  }),
});

/**
 * GET /api/v1: the address `npm start` prints answers with what the API is and where to go next,
 * rather than a 404. Public, like the reference: it reveals routes, never data.
 */
export const getApiIndex = defineRoute({
  id: 'getApiIndex',
  folder: 'docs',
  method: 'GET',
  path: '/api/v1',
  tag: 'Documentation',
  summary: 'What this API is, where its reference is, and every route with who may call it',
  description: 'Every other route needs an `X-API-Key` header, except the documentation and the WhatsApp webhooks.',
  status: 200,
  raw: true,
  public: true,
  response: Type.Object({
    success: Type.Literal(true),
    data: Type.Object({
      name: Type.String({ examples: ['Vehicle Purchase Order Service'] }),
      version: Type.String({ examples: ['0.1.0'] }),
      reference: Type.String({
        description: 'the API reference (HTML)',
        examples: ['http://localhost:3000/api/v1/docs'],
      }),
      openapi: Type.String({
        description: 'the OpenAPI 3.1 document',
        examples: ['http://localhost:3000/api/v1/openapi.json'],
      }),
      authentication: Type.String({ examples: ['X-API-Key header on every route whose access is not "public"'] }),
      routes: Type.Array(IndexRoute),
    }),
  }),
});

export const getOpenApi = defineRoute({
  id: 'getOpenApi',
  folder: 'docs',
  method: 'GET',
  path: '/api/v1/openapi.json',
  tag: 'Documentation',
  summary: 'The OpenAPI 3.1 document of this API',
  status: 200,
  raw: true,
  public: true,
  response: Type.Object({}, { additionalProperties: true }),
});

export const getDocsPage = defineRoute({
  id: 'getDocsPage',
  folder: 'docs',
  method: 'GET',
  path: '/api/v1/docs',
  tag: 'Documentation',
  summary:
    'The API reference: every operation with its roles, errors and examples, a getting-started guide and the order lifecycle (HTML)',
  description:
    'Rendered in the browser by Scalar from /api/v1/openapi.json; everything it needs is served by this API, nothing from the internet.',
  status: 200,
  raw: true,
  public: true,
  cors: false,
});

/**
 * The renderer's script (Scalar's standalone build, 4.3 MB), copied here by npm run build:contracts
 * and shipped as a file in getDocsRenderer's package: content, not code, so it is read on the
 * first request instead of being parsed with the bundle at every cold start.
 */
export const RENDERER_SCRIPT = 'lib/schemas/generated/scalar-api-reference.js';

export const getDocsRenderer = defineRoute({
  id: 'getDocsRenderer',
  folder: 'docs',
  method: 'GET',
  path: '/api/v1/docs/renderer.js',
  tag: 'Documentation',
  summary: 'The script that renders the API reference (Scalar API Reference, bundled)',
  status: 200,
  raw: true,
  public: true,
  rawContentType: 'text/javascript',
  cors: false,
  packageFiles: [RENDERER_SCRIPT],
});
