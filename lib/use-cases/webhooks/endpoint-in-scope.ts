import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import { scopeOf } from '../../domain/scope.js';
import { getEndpoint, type WebhookEndpointRecord } from '../../store/webhook-endpoints.js';

/**
 * The endpoint in the caller's scope, or 404 (another tenant's is not found, nor a deleted one
 * unless `deleted` is set: only its delivery log stays readable).
 */
export async function endpointInScope(
  caller: Caller,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<WebhookEndpointRecord> {
  const endpoint = await getEndpoint(scopeOf(caller), id);
  if (!endpoint || (endpoint.deletedAt !== undefined && !options.deleted)) throw notFound('Webhook endpoint');
  return endpoint;
}
