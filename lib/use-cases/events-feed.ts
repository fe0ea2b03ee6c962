import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { cursorRefused, invalidField } from '../domain/errors.js';
import { decodeFeedCursor, encodeFeedCursor, FEED_START, nextFeedPage } from '../domain/event-feed.js';
import { EVENT_TYPES, isEventType } from '../domain/integrator-events.js';
import type { CursorMeta } from '../domain/paging.js';
import type { IntegratorEvent, listEvents as ListRoute } from '../schemas/events.js';
import { readEventsAfter, settleMs, type StoredEvent } from '../store/events.js';
import { owningTenant } from './shared/tenancy.js';
import { eventBodyForIntegrators } from './shared/event-items.js';

type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

/**
 * Ids an API cursor remembers beyond its safe point, which bounds its length (about 450
 * characters) whatever the burst: in a burst, the newest events wait for the settle horizon
 * rather than growing the cursor (lib/domain/event-feed.ts).
 */
const MAX_SEEN = 8;

/** Events a request with `types` reads at most, looking for its page among events of other types. */
const TYPED_READ_MAX = 2_000;

function typesOf(text: string | undefined): Set<string> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const types = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = types.filter((t) => !isEventType(t));
  if (unknown.length > 0)
    throw invalidField(
      'types',
      `has unknown event types: ${unknown.join(', ')}; use any of ${EVENT_TYPES.join(', ')}, comma-separated`,
    );
  return new Set(types);
}

/**
 * The next page of the tenant's events after the cursor: every event once, as soon as it is
 * visible, never one skipped (lib/domain/event-feed.ts). A cursor is only a position: whoever
 * uses it reads their own tenant's feed.
 */
export async function listEvents(
  caller: Caller,
  query: ListQuery,
): Promise<{ data: Array<Static<typeof IntegratorEvent>>; meta: CursorMeta }> {
  const tenantId = owningTenant(caller, query.tenantId);
  const types = typesOf(query.types);
  let cursor = FEED_START;
  if (query.after !== undefined) {
    const decoded = decodeFeedCursor(query.after);
    if (!decoded) throw cursorRefused('after', 'this is not one the feed gave');
    cursor = decoded;
  }
  const horizon = new Date(Date.now() - settleMs()).toISOString();
  // With types, events of other types are read past until the page is full or the newest is
  // reached (up to TYPED_READ_MAX a request), so a short page means up to date there too.
  let max = query.limit + cursor.seen.length + 1;
  let step: ReturnType<typeof nextFeedPage<StoredEvent>>;
  for (;;) {
    const { events, exhausted } = await readEventsAfter(tenantId, cursor.safe, max);
    step = nextFeedPage<StoredEvent>(cursor, events, {
      limit: query.limit,
      horizon,
      exhausted,
      maxSeen: MAX_SEEN,
      ...(types ? { wanted: (event: StoredEvent) => types.has(event.type) } : {}),
    });
    if (!types || exhausted || step.page.length >= query.limit || max >= TYPED_READ_MAX) break;
    max = Math.min(max * 4, TYPED_READ_MAX);
  }
  return {
    data: step.page.map((event) => JSON.parse(eventBodyForIntegrators(event.body)) as Static<typeof IntegratorEvent>),
    meta: { limit: query.limit, nextCursor: encodeFeedCursor(step.cursor) },
  };
}
