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
  summary: 'Human-readable API documentation (HTML, works offline)',
  status: 200,
  raw: true,
  public: true,
  cors: false,
});
