import { Type } from '@sinclair/typebox';
import { defineRoute } from './route.js';

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
  summary: 'The API reference: every operation with its roles, errors and examples, a getting-started guide and the order lifecycle (HTML)',
  description: 'Rendered in the browser by Scalar from /api/v1/openapi.json; everything it needs is served by this API, nothing from the internet.',
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
