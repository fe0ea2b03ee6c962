/**
 * Nothing lost, nothing doubled: 200 orders created at once over HTTP, and the 'order.created'
 * messages the local runner delivers for them through the local chat channel.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import { listStaff } from '../../lib/store/users.js';
import type { ApiResponse } from '../support/http.js';
import { demoKey, uniquePhone } from '../support/http.js';
import { createOrder, inPool } from '../support/orders.js';
import {
  customerWithPhone,
  DEMO_ACCOUNTANT,
  DEMO_OPERATIONS,
  GULF,
  messagesSince,
  sleep,
  tally,
} from '../support/outbox.js';

const ORDERS = 200;
const IN_FLIGHT = 25;
const CREATE_TIMEOUT_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 150_000;

/** One creation, failing clearly instead of hanging the whole test if the API never answers. */
function createWithin(i: number, body: Record<string, unknown>): Promise<ApiResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`order creation ${i} got no answer within ${CREATE_TIMEOUT_MS} ms`)),
      CREATE_TIMEOUT_MS,
    );
  });
  return Promise.race([createOrder(demoKey('accountant'), body), timeout]).finally(() => clearTimeout(timer));
}

/** Outbox events still waiting (the queue of due events), for the failure message. */
async function waitingEvents(): Promise<{ waiting: number; oldest?: string }> {
  const { Items = [] } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI10',
      KeyConditionExpression: 'gsi10pk = :pk AND gsi10sk <= :now',
      ExpressionAttributeValues: { ':pk': 'OUTBOX#DUE', ':now': `${new Date().toISOString()}~` },
    }),
  );
  return { waiting: Items.length, oldest: Items[0]?.gsi10sk as string | undefined };
}

describe('outbox under load', () => {
  it('delivers exactly one order-created message per order to the customer and to each Gulf staff phone for 200 concurrent orders', async () => {
    // Arrange
    const since = new Date().toISOString();
    const customer = await customerWithPhone(uniquePhone(), 'Load Customer');
    const staffPhones = [...(await listStaff(GULF, 'accountant')), ...(await listStaff(GULF, 'operations'))].flatMap(
      (u) => (u.mobileNumber ? [u.mobileNumber] : []),
    );
    expect(staffPhones).toEqual(expect.arrayContaining([DEMO_ACCOUNTANT.phone, DEMO_OPERATIONS.phone]));
    // The demo staff, whom no other test deactivates or adds: staff registered by other test files
    // while this one runs hear about some of these orders and not others, by design.
    const phones = [customer.mobileNumber, DEMO_ACCOUNTANT.phone, DEMO_OPERATIONS.phone];

    // Act
    const started = Date.now();
    const results = await inPool(ORDERS, IN_FLIGHT, (i) =>
      createWithin(i, { customerId: customer.id, totalAmount: 10 }),
    );
    const createdMs = Date.now() - started;
    const numbers = new Set(results.map((r) => r.body?.data?.orderNumber as number));
    /** "<order number> <phone>" -> how many messages, for the messages about these orders only. */
    const count = async () =>
      tally(
        (await messagesSince(since)).flatMap((m) => {
          const n = Number(/#(\d+) /.exec(m.text ?? '')?.[1]);
          return numbers.has(n) ? [`${n} ${m.to}`] : [];
        }),
      );
    const expectedPairs = [...numbers].flatMap((n) => phones.map((p) => `${n} ${p}`));
    let counts = await count();
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (expectedPairs.some((pair) => counts[pair] === undefined) && Date.now() < deadline) {
      await sleep(1_000);
      counts = await count();
    }
    const deliveredMs = Date.now() - started;
    const missing = expectedPairs.filter((pair) => counts[pair] === undefined);
    const backlog = missing.length > 0 ? await waitingEvents() : undefined;
    // A late duplicate (a second consumer, an expired lease) would show up after the last message.
    await sleep(3_000);
    counts = await count();

    // Assert
    expect(tally(results.map((r) => String(r.status)))).toEqual({ 201: ORDERS });
    expect(numbers.size).toBe(ORDERS);
    expect(
      missing.length,
      `${missing.length} of ${expectedPairs.length} messages missing after ${deliveredMs} ms (e.g. ${missing.slice(0, 5).join(', ')}); outbox backlog ${JSON.stringify(backlog)}`,
    ).toBe(0);
    expect(Object.keys(counts).sort()).toEqual([...expectedPairs].sort());
    const doubled = Object.entries(counts).filter(([, n]) => n !== 1);
    expect(doubled).toEqual([]);
    const perPhone = tally(Object.keys(counts).map((pair) => pair.split(' ')[1]!));
    expect(perPhone).toEqual(Object.fromEntries(phones.map((p) => [p, ORDERS])));
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(ORDERS * phones.length);
    console.info(
      `${ORDERS} concurrent orders (${IN_FLIGHT} in flight): created in ${createdMs} ms, all ${total} messages delivered ${deliveredMs} ms after the first request; per phone ${JSON.stringify(perPhone)}; lost 0, doubled ${doubled.length}`,
    );
  }, 240_000);
});
