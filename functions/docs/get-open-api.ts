import route from '../../lib/schemas/generated/getOpenApi.js';
import { openApiJson, serverUrlPlaceholder } from '../../lib/schemas/generated/docs.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';
import { serverUrlOf } from '../../lib/http/server-url.js';

export const handler = rawHttpHandler(route, async (event) => ({
  body: openApiJson().replace(serverUrlPlaceholder, serverUrlOf(event)),
  contentType: 'application/json',
}));
