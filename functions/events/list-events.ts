import route from '../../lib/schemas/generated/listEvents.js';
import type { listEvents as Route } from '../../lib/schemas/events.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listEvents } from '../../lib/use-cases/events-feed.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => listEvents(caller, query));
