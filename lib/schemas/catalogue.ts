import * as Type from '@sinclair/typebox';
import { PROVIDERS } from '../domain/car.js';
import { FEED_KINDS, FEED_STATUSES } from '../domain/catalogue-feeds.js';
import { DateTime } from './common.js';
import { defineRoute } from './route.js';

const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));
const Provider = oneOf(PROVIDERS);
const FeedId = Type.Object(
  {
    id: Type.String({
      pattern: '^[0-9a-f]{32}$',
      description: 'the feed file id, as the status and the list give it',
      examples: ['5f0c2d8e9a7b4c1d3e6f8a0b2c4d6e8f'],
    }),
  },
  { additionalProperties: false },
);

const Counts = Type.Object(
  {
    read: Type.Integer({ description: 'lines read, blank ones left out' }),
    created: Type.Integer(),
    updated: Type.Integer(),
    unchanged: Type.Integer({ description: 'lines that changed nothing' }),
    removed: Type.Integer({
      description: "cars that left the list: a delta's remove lines, or a full list's missing cars",
    }),
    repriced: Type.Integer({ description: 'updated cars whose price changed' }),
    refused: Type.Integer({ description: 'lines refused (see refusedLines)' }),
  },
  { title: 'FeedCounts' },
);

const feedFields = {
  id: Type.String(),
  provider: Provider,
  kind: oneOf(FEED_KINDS),
  key: Type.String({ description: 'the object key in the bucket, feeds/{provider}/{full|delta}/...' }),
  etag: Type.String(),
  size: Type.Integer(),
  gzip: Type.Boolean(),
  status: oneOf(FEED_STATUSES),
  receivedAt: DateTime,
  startedAt: Type.Optional(DateTime),
  finishedAt: Type.Optional(DateTime),
  phase: oneOf(['scan', 'apply', 'remove', 'publish', 'events', 'done'] as const),
  cursor: Type.Integer(),
  steps: Type.Integer(),
  counts: Counts,
  reason: Type.Optional(Type.String({ description: 'why the file was refused, held or discarded' })),
  removals: Type.Optional(
    Type.Object(
      { removing: Type.Integer(), listed: Type.Integer(), share: Type.Number(), limit: Type.Number() },
      { description: "a full list's removals against the provider's listed cars" },
    ),
  ),
  confirmedBy: Type.Optional(Type.String()),
  confirmedAt: Type.Optional(DateTime),
  snapshotVersion: Type.Optional(Type.String()),
  events: Type.Optional(
    Type.Integer({ description: 'car.removed / car.repriced events sent to tenants with open orders on the cars' }),
  ),
  updatedAt: DateTime,
};

export const FeedFileSummary = Type.Object(feedFields, { title: 'FeedFileSummary' });
export const FeedFileReport = Type.Object(
  {
    ...feedFields,
    refusedLines: Type.Array(Type.Object({ line: Type.Integer(), reason: Type.String() }), {
      description: 'the first 500 refused lines',
    }),
  },
  { title: 'FeedFileReport' },
);

const ProviderStatus = Type.Object(
  {
    provider: Provider,
    lastFeedAt: Type.Union([DateTime, Type.Null()]),
    lastGoodFeedAt: Type.Union([DateTime, Type.Null()]),
    stale: Type.Boolean({
      description: 'the last good feed is older than staleAfterHours: the late-feed alarm is raised',
    }),
    listedCars: Type.Union([Type.Integer(), Type.Null()], {
      description: "the provider's cars in the list after its last applied file",
    }),
    lastFile: Type.Union([FeedFileSummary, Type.Null()]),
    openFiles: Type.Array(FeedFileSummary, { description: 'files queued, importing or held, oldest first' }),
  },
  { title: 'CatalogueProviderStatus' },
);

const PLATFORM = ' Platform admins only (an admin key of no tenant): the catalogue is shared by every tenant.';

export const getCatalogueStatus = defineRoute({
  id: 'getCatalogueStatus',
  folder: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/status',
  tag: 'Catalogue feeds',
  summary: 'Per provider: last feed, last good feed, late or not, cars listed, files open or held (platform admin)',
  description: `What an operator checks each morning: the snapshot the list serves, and per auction provider its feeds.${PLATFORM}`,
  status: 200,
  roles: [],
  response: Type.Object(
    {
      snapshot: Type.Union([
        Type.Object({ version: Type.String(), cars: Type.Integer(), createdAt: DateTime }),
        Type.Null(),
      ]),
      settings: Type.Object({
        maxRemovalShare: Type.Number({
          description: "share of a provider's cars a full list may remove before it is held (FEED_MAX_REMOVAL_SHARE)",
        }),
        staleAfterHours: Type.Number({
          description: 'age of the last good feed that raises the alarm (FEED_STALE_AFTER_HOURS)',
        }),
      }),
      providers: Type.Array(ProviderStatus),
    },
    { title: 'CatalogueStatus' },
  ),
});

export const listFeedFiles = defineRoute({
  id: 'listFeedFiles',
  folder: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/feeds',
  tag: 'Catalogue feeds',
  summary: 'Feed files, newest first, with what each import did (platform admin)',
  description: `Each file put under feeds/{provider}/{full|delta}/ in the bucket, imported once by its key and ETag.${PLATFORM}`,
  status: 200,
  roles: [],
  query: Type.Object(
    { provider: Type.Optional(Provider), limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }) },
    { additionalProperties: false },
  ),
  response: Type.Array(FeedFileSummary),
});

export const getFeedFile = defineRoute({
  id: 'getFeedFile',
  errors: ['NOT_FOUND'],
  folder: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/feeds/{id}',
  tag: 'Catalogue feeds',
  summary: "One feed file's report: counts, refused lines by line number with the reason (platform admin)",
  description: PLATFORM.trim(),
  status: 200,
  roles: [],
  params: FeedId,
  response: FeedFileReport,
});

export const confirmFeedFile = defineRoute({
  id: 'confirmFeedFile',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  folder: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/feeds/{id}/confirm',
  tag: 'Catalogue feeds',
  summary: 'Apply a held full list: the provider really sold or withdrew that many cars (platform admin)',
  description: `The file goes back to importing and is applied by the next run of the import (at once on the local stack, within 5 minutes in AWS). Only a held file can be confirmed (409 INVALID_STATE otherwise).${PLATFORM}`,
  status: 200,
  roles: [],
  params: FeedId,
  response: FeedFileSummary,
});

export const discardFeedFile = defineRoute({
  id: 'discardFeedFile',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  folder: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/feeds/{id}/discard',
  tag: 'Catalogue feeds',
  summary:
    "Drop a held full list: the provider's catalogue stays as it was, and its later files go on (platform admin)",
  description: `Only a held file can be discarded (409 INVALID_STATE otherwise).${PLATFORM}`,
  status: 200,
  roles: [],
  params: FeedId,
  response: FeedFileSummary,
});
