import { docsHtml } from '../../lib/schemas/generated/docs.js';
import route from '../../lib/schemas/generated/getDocsPage.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';

// The page is static HTML with inline styles only, so the policy allows exactly that.
export const handler = rawHttpHandler(route, async () => ({ body: docsHtml, contentType: 'text/html; charset=utf-8' }), {
  'default-src': "'none'",
  'style-src': "'unsafe-inline'",
  'frame-ancestors': "'none'",
});
