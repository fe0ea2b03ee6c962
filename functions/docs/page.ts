import { docsHtml } from '../../lib/contracts/generated/docs.js';
import contract from '../../lib/contracts/generated/getDocsPage.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';

// The page is static HTML with inline styles only, so the policy allows exactly that.
export const handler = rawHttpHandler(contract, async () => ({ body: docsHtml, contentType: 'text/html; charset=utf-8' }), {
  'default-src': "'none'",
  'style-src': "'unsafe-inline'",
  'frame-ancestors': "'none'",
});
