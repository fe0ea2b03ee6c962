import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { OrderTrackingRecord, TrackingLinkRecord } from './tracking-link.schema.js';

export type TrackingLink = Static<typeof TrackingLinkRecord>;
export type OrderTracking = Static<typeof OrderTrackingRecord>;
export const trackingLinkCodec = /* @__PURE__ */ recordCodec('tracking link', stored.TrackingLinkRecord);

/** A buyer's tracking link, by the hash of its token (GET /track/{token}). */
export const trackingLink = (hash: string) => ({ pk: `TRACKING#${hash}`, sk: 'LINK' });
