import { rendererVersion } from '../../lib/schemas/generated/docs-renderer.js';
import route from '../../lib/schemas/generated/getDocsRenderer.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';
import { rendererScript } from '../../lib/openapi/renderer-script.js';

// Changes only with a deployment: browsers keep it for a day and revalidate by version.
export const handler = rawHttpHandler(route, async () => ({
  body: rendererScript(),
  contentType: 'text/javascript; charset=utf-8',
  headers: { 'Cache-Control': 'public, max-age=86400', ETag: `"scalar-${rendererVersion}"` },
}));
