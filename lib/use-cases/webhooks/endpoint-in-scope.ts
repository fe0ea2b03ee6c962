import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import { scopeOf } from '../../domain/scope.js';
import { getEndpoint, type WebhookEndpointRecord } from '../../store/webhook-endpoints.js';

/** The endpoint in the caller's scope, or 404 (another tenant's is not found). */
export async function endpointInScope(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
  const endpoint = await getEndpoint(scopeOf(caller), id);
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}
