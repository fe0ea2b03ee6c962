import * as Type from '@sinclair/typebox';

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
