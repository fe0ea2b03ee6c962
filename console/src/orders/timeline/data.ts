import { api, call } from '../../api/client.js';
import { type DataPart, records } from '../../api/handlers.js';

/** react-admin wants an id: a chat message's is its messageId. */
const withId = <T extends { messageId: string }>(rows: T[]) =>
  rows.map((message) => ({ ...message, id: message.messageId }));

/** Chat messages: an order's (its timeline), and the tenant's failed ones (Today), newest first. */
export const timelineData = {
  handlers: {
    notifications: {
      // The tenant's failed messages across its orders: the only list of them the API keeps.
      getList: async ({ pagination }) => {
        const { body } = await call(
          api().GET('/api/v1/notifications', {
            params: { query: { status: 'failed', limit: pagination?.perPage ?? 20 } },
          }),
        );
        return records(withId(body.data));
      },
      getManyReference: {
        orderId: async ({ id }) =>
          records(
            withId(
              (await call(api().GET('/api/v1/orders/{id}/notifications', { params: { path: { id: String(id) } } })))
                .body.data,
            ),
          ),
      },
    },
  },
} satisfies DataPart;
