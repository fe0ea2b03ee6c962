// Module load hook registered by offline-gateway-body.mjs: edits one statement of one
// serverless-offline module as it loads. A new serverless-offline that no longer has the statement
// stops the stack with this message rather than silently accepting bodies without a Content-Type.
const EVENT_BUILDER = '/node_modules/serverless-offline/src/events/http/lambda-events/LambdaProxyIntegrationEvent.js';
const DEFAULT_CONTENT_TYPE = 'headers["Content-Type"] = "application/json"';

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.endsWith(EVENT_BUILDER)) return loaded;
  const source = String(loaded.source);
  if (!source.includes(DEFAULT_CONTENT_TYPE)) {
    throw new Error(
      `serverless-offline's ${EVENT_BUILDER} no longer holds ${DEFAULT_CONTENT_TYPE}: see scripts/local/offline-gateway-body.mjs`,
    );
  }
  return { ...loaded, source: source.replace(DEFAULT_CONTENT_TYPE, '/* API Gateway sets no Content-Type */') };
}
