import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import type { IntegratorEventRecord as IntegratorEventRecordSchema } from './integrator-event.schema.js';

/** An event as the feed stores it: `body` is the exact JSON every webhook delivery sends and signs. */
export type IntegratorEventRecord = Static<typeof IntegratorEventRecordSchema>;
export const integratorEventCodec = /* @__PURE__ */ recordCodec('integrator event', stored.IntegratorEventRecord);

/** A tenant's events in the order they happened: the event feed and what webhook endpoints read. */
export const eventFeed = (tenantId: string | undefined) => `EVENTS#${tenantPart(tenantId)}`;
export const event = (tenantId: string | undefined, sk: string) => ({ pk: eventFeed(tenantId), sk });
