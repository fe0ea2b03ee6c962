import { apiIndexJson, serverUrlPlaceholder } from '../../lib/schemas/generated/api-index.js';
import route from '../../lib/schemas/generated/getApiIndex.js';
import { rawHttpHandler } from '../../lib/http/raw-handler.js';
import { serverUrlOf } from '../../lib/http/server-url.js';

export const handler = rawHttpHandler(route, async (event) => ({
  body: apiIndexJson.replaceAll(serverUrlPlaceholder, serverUrlOf(event)),
  contentType: 'application/json',
}));
