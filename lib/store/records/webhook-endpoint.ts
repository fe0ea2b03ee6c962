import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import type {
  WebhookCursorRecord as WebhookCursorRecordSchema,
  WebhookEndpointRecord as WebhookEndpointRecordSchema,
} from './webhook-endpoint.schema.js';

/** A webhook endpoint: where a tenant's events are delivered, signed with its secrets, and its health. */
export type WebhookEndpointRecord = Static<typeof WebhookEndpointRecordSchema>;
export const webhookEndpointCodec = /* @__PURE__ */ recordCodec('webhook endpoint', stored.WebhookEndpointRecord);

/** How far an endpoint has read its tenant's feed, and which worker holds its deliveries. */
export type WebhookCursorRecord = Static<typeof WebhookCursorRecordSchema>;
export const webhookCursorCodec = /* @__PURE__ */ recordCodec('webhook cursor', stored.WebhookCursorRecord);

/** A webhook endpoint; GSI1 lists a tenant's, GSI2 every one (the sweeper's round). */
export const webhookEndpoint = (id: string) => ({ pk: `WEBHOOK#${id}`, sk: 'ENDPOINT' });
export const webhookEndpointIndexes = (tenantId: string | undefined, createdAt: string, id: string) => ({
  gsi1pk: webhookEndpointsOf(tenantId),
  gsi1sk: `${createdAt}#${id}`,
  gsi2pk: allWebhookEndpoints,
  gsi2sk: id,
});
export const webhookEndpointsOf = (tenantId: string | undefined) => `WEBHOOKS#T#${tenantPart(tenantId)}`;
export const allWebhookEndpoints = 'WEBHOOKS';
/** How far an endpoint has read its tenant's feed, and which worker holds its deliveries. */
export const webhookCursor = (endpointId: string) => ({ pk: `WEBHOOK#${endpointId}`, sk: 'CURSOR' });
