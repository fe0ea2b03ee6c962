import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';

/**
 * An event as the feed stores it, under its sort key `<timestamp>#<id>` and removed by its TTL
 * (`expiresAt`) some days after the 30 it stays readable: `body` is the exact JSON every webhook
 * delivery sends and signs (lib/domain/integrator-events.ts IntegratorEvent).
 */
export const IntegratorEventRecord = Type.Object({
  id: Type.String(),
  type: Type.String(),
  timestamp: Type.String(),
  tenantId: Type.Optional(Type.String()),
  /** What its deliveries queue behind: its resource's earlier events go first. */
  lane: Type.String(),
  body: Type.String(),
});
export type IntegratorEventRecord = Static<typeof IntegratorEventRecord>;
export const integratorEventCodec = recordCodec('integrator event', IntegratorEventRecord);

/** A tenant's events in the order they happened: the event feed and what webhook endpoints read. */
export const eventFeed = (tenantId: string | undefined) => `EVENTS#${tenantPart(tenantId)}`;
export const event = (tenantId: string | undefined, sk: string) => ({ pk: eventFeed(tenantId), sk });
