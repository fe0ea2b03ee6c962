import { docsHtml } from '../../lib/schemas/generated/docs.js';
import route from '../../lib/schemas/generated/getDocsPage.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';
import { DOCS_PAGE_SECURITY_HEADERS } from '../../lib/openapi/page.js';

export const handler = rawHttpHandler(
  route,
  async () => ({ body: docsHtml, contentType: 'text/html; charset=utf-8' }),
  DOCS_PAGE_SECURITY_HEADERS,
);
