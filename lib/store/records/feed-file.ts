import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { CarOrderRecord, FeedCounts, FeedFileRecord, FeedProviderRecord } from './feed-file.schema.js';

export type FeedFile = Static<typeof FeedFileRecord>;
export type FeedCountsRecord = Static<typeof FeedCounts>;
export const feedFileCodec = /* @__PURE__ */ recordCodec('feed file', stored.FeedFileRecord);

export type FeedProvider = Static<typeof FeedProviderRecord>;
export const feedProviderCodec = /* @__PURE__ */ recordCodec('feed provider', stored.FeedProviderRecord);

export type CarOrder = Static<typeof CarOrderRecord>;
export const carOrderCodec = /* @__PURE__ */ recordCodec('car order', stored.CarOrderRecord);

/** A feed file by id; a provider's files newest first via GSI1; files still open (queued, importing, held) via GSI2. */
export const feedFile = (id: string) => ({ pk: `FEEDFILE#${id}`, sk: 'FILE' });
export const feedFileIndex = (provider: string, receivedAt: string, id: string) => ({
  gsi1pk: `FEEDFILES#${provider}`,
  gsi1sk: `${receivedAt}#${id}`,
});
export const openFeedFileIndex = (receivedAt: string, id: string) => ({
  gsi2pk: OPEN_FEED_FILES,
  gsi2sk: `${receivedAt}#${id}`,
});
export const OPEN_FEED_FILES = 'FEEDFILES#OPEN';
/** One per provider: its last feeds (FeedProviderRecord) and the lock of the file being imported. */
export const feedProvider = (provider: string) => ({ pk: `FEEDPROVIDER#${provider}`, sk: 'STATUS' });
export const feedLock = (provider: string) => ({ pk: `FEEDPROVIDER#${provider}`, sk: 'LOCK' });
/** The orders placed on a car (written with the order): Query CARORDERS#<carId>. */
export const carOrder = (carId: number, orderId: string) => ({ pk: `CARORDERS#${carId}`, sk: `ORDER#${orderId}` });
export const carOrders = (carId: number) => `CARORDERS#${carId}`;
