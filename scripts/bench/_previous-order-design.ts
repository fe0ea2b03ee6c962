/**
 * The baseline of the orders bench: order creation as it was before the atomic number, kept
 * here only to be measured side by side with the current design. The order counter is read with
 * the customer, then moved from the value read to the next inside the order's transaction, on a
 * condition; a creation that loses the race to another re-reads and tries again (withRetries).
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../lib/config.js';
import type { Caller } from '../../lib/domain/caller.js';
import { newId } from '../../lib/domain/ids.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import { ORDER_COUNTER, putHistoryItem, putOrderItem, type OrderRecord } from '../../lib/store/orders.js';
import { newOutboxEvent, outboxPutItem } from '../../lib/store/outbox.js';
import { transact, type TransactItem } from '../../lib/store/transact.js';
import { auditItem } from '../../lib/use-cases/shared/audit-item.js';
import { RETRY, withRetries } from '../../lib/use-cases/shared/retry.js';

const stats = { retried: 0, maxRoundTrips: 0 };

function claimNextNumber(current: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counter(ORDER_COUNTER),
      UpdateExpression: 'ADD #v :one',
      ConditionExpression: current === 0 ? 'attribute_not_exists(#v)' : '#v = :current',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: current === 0 ? { ':one': 1 } : { ':one': 1, ':current': current },
    },
  };
}

async function create(caller: Caller, customerId: string): Promise<OrderRecord> {
  let trips = 0;
  let attempts = 0;
  const order = await withRetries(async () => {
    attempts += 1;
    trips += 1;
    const table = tableName();
    const { Responses } = await ddb.send(
      new BatchGetCommand({
        RequestItems: {
          [table]: { Keys: [keys.customer(customerId), keys.counter(ORDER_COUNTER)], ConsistentRead: true },
        },
      }),
    );
    const items = Responses?.[table] ?? [];
    const customer = items.find((i) => i.sk === 'CUSTOMER');
    if (!customer) throw new Error('bench customer missing');
    const current = Number(items.find((i) => i.sk === 'COUNTER')?.value ?? 0);
    const now = new Date().toISOString();
    const id = newId();
    const record: OrderRecord = {
      id,
      orderNumber: current + 1,
      status: 'DepositSubmitted',
      version: 1,
      customerId,
      tenantId: String(customer.tenantId),
      carDetails: { customerNotificationsEnabled: true },
      totalAmount: 100,
      currency: 'USD',
      notes: null,
      inspectionDate: null,
      paidFromWallet: false,
      customer: { id: customerId, name: String(customer.name), mobileNumber: String(customer.mobileNumber) },
      createdByKeyId: caller.keyId,
      notificationSeq: 1,
      createdAt: now,
      updatedAt: now,
    };
    trips += 1;
    const outcome = await transact([
      claimNextNumber(current),
      putOrderItem(record),
      putHistoryItem({
        id: newId(),
        orderId: id,
        from: null,
        to: 'DepositSubmitted',
        by: caller.keyId,
        role: caller.role,
        at: now,
      }),
      // The previous design also checked at the commit that the customer still existed.
      {
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.customer(customerId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      },
      auditItem(
        caller,
        { entity: 'order', entityId: id, tenantId: record.tenantId, action: 'created', after: record },
        now,
      ),
      outboxPutItem(
        newOutboxEvent(
          {
            id: newId(),
            kind: 'notify',
            event: 'order.created',
            orderId: id,
            tenantId: record.tenantId,
            orderSeq: 1,
            payload: { customerNotificationsEnabled: true },
          },
          now,
        ),
      ),
    ]);
    return outcome.ok ? record : RETRY;
  });
  stats.retried += attempts > 1 ? 1 : 0;
  stats.maxRoundTrips = Math.max(stats.maxRoundTrips, trips);
  return order;
}

export const previousDesignCreateOrder = Object.assign(create, { stats });
