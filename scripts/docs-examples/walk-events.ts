import { EVENT_TYPES } from '../../lib/domain/integrator-events.js';
import { call, events, until } from './recorder.js';

/** The event feed (integrators who cannot receive webhooks), and one event of each type for the webhooks section. */
export async function eventFeed(integrator: string): Promise<void> {
  await until('the event feed', async () => {
    const page = await call('listEvents', { key: integrator, query: { limit: 2 }, skip: true });
    return page.body.data.length === 2 ? page : undefined;
  });
  await call('listEvents', { key: integrator, query: { limit: 2 } });
  // One event of each type, for the webhooks section (a type the walk never caused keeps a composed example).
  for (const type of EVENT_TYPES) {
    let after: string | undefined;
    for (let page = 0; page < 30; page++) {
      const read = await call('listEvents', {
        key: integrator,
        query: { types: type, limit: 1, ...(after ? { after } : {}) },
        skip: true,
      });
      const event = read.body.data[0];
      if (event) {
        events.push({ type, body: event, at: Date.parse(event.timestamp) });
        break;
      }
      if (!read.body.meta?.nextCursor || read.body.meta.nextCursor === after) break;
      after = read.body.meta.nextCursor;
    }
  }
}
