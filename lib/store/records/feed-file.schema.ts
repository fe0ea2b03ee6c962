import * as Type from '@sinclair/typebox';
import { FEED_KINDS, FEED_STATUSES } from '../../domain/catalogue-feeds.js';
import { PROVIDERS } from '../../domain/car.js';

const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** What an import did with a feed's lines. */
export const FeedCounts = Type.Object({
  /** Lines read, blank ones left out. */
  read: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  /** Lines that changed nothing (the car as listed already). */
  unchanged: Type.Integer(),
  removed: Type.Integer(),
  /** Updated cars whose price changed. */
  repriced: Type.Integer(),
  refused: Type.Integer(),
});

/**
 * One file put under feeds/ in the bucket, imported once (its id is a digest of its key and
 * ETag), with its place in the import so a step cut short by a timeout resumes where it was,
 * and its report.
 */
export const FeedFileRecord = Type.Object({
  id: Type.String(),
  provider: oneOf(PROVIDERS),
  kind: oneOf(FEED_KINDS),
  key: Type.String(),
  etag: Type.String(),
  size: Type.Integer(),
  gzip: Type.Boolean(),
  status: oneOf(FEED_STATUSES),
  /** The object's time in the bucket: a provider's files are applied in this order. */
  receivedAt: Type.String(),
  startedAt: Type.Optional(Type.String()),
  finishedAt: Type.Optional(Type.String()),
  /** scan (a full list's cars counted against the list), apply (lines written), remove (a full list's missing cars), publish (the new snapshot), events. */
  phase: oneOf(['scan', 'apply', 'remove', 'publish', 'events', 'done'] as const),
  /** Lines of the file applied, or removals done, in the current phase. */
  cursor: Type.Integer(),
  /** Working files written (one per step), under catalogue/feed-work/<id>/. */
  steps: Type.Integer(),
  counts: FeedCounts,
  /** Refused lines with their reasons (the first 500). */
  refusedLines: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() })),
  /** Why the whole file was refused, held or discarded. */
  reason: Type.Optional(Type.String()),
  /** A full list's removals against the provider's listed cars. */
  removals: Type.Optional(
    Type.Object({ removing: Type.Integer(), listed: Type.Integer(), share: Type.Number(), limit: Type.Number() }),
  ),
  confirmedBy: Type.Optional(Type.String()),
  confirmedAt: Type.Optional(Type.String()),
  snapshotVersion: Type.Optional(Type.String()),
  /** Integrator events sent for cars with open orders. */
  events: Type.Optional(Type.Integer()),
  updatedAt: Type.String(),
});

/** A provider's feeds at a glance (one per provider): what the status and the staleness alarm read. */
export const FeedProviderRecord = Type.Object({
  provider: oneOf(PROVIDERS),
  lastFeedAt: Type.Optional(Type.String()),
  lastGoodFeedAt: Type.Optional(Type.String()),
  lastFileId: Type.Optional(Type.String()),
  /** The provider's cars in the list after its last applied file. */
  listedCars: Type.Optional(Type.Integer()),
  updatedAt: Type.String(),
});

/** One provider's files are imported one at a time, oldest first: this lock says which, until when. */
export const FeedLockRecord = Type.Object({
  provider: oneOf(PROVIDERS),
  fileId: Type.String(),
  /** The worker (one function invocation) holding it. */
  holder: Type.String(),
  /** Epoch ms after which another worker may take the file over (a timed-out step leaves it). */
  leaseUntil: Type.Number(),
});

/** An order placed on a catalogue car: when the car is removed or repriced, the order's tenant hears of it. */
export const CarOrderRecord = Type.Object({
  carId: Type.Integer(),
  orderId: Type.String(),
  tenantId: Type.Optional(Type.String()),
});
