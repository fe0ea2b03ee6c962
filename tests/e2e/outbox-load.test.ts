/**
 * Nothing lost, nothing doubled: 200 orders created at once over HTTP, and the 'order.created'
 * messages the local runner delivers for them through the local chat channel.
 */
import { describe, expect, it } from 'vitest';
import { listStaff } from '../../lib/store/users.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
async function dueSummary() {
  let n = 0; let leased = 0; let start: any; let first: any; const now = Date.now(); const iso = new Date().toISOString();
  let dueNow = 0;
  do {
    const p = await ddb.send(new QueryCommand({ TableName: tableName(), IndexName: 'GSI1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'OUTBOX#DUE' }, ExclusiveStartKey: start }));
    for (const i of p.Items ?? []) { n++; if (i.leaseUntil && i.leaseUntil > now) leased++; if (String(i.gsi1sk) <= iso) dueNow++; first ??= { sk: i.gsi1sk, status: i.status, attempts: i.attempts, lease: i.leaseUntil ? i.leaseUntil - now : null, kind: i.kind, err: i.lastError }; }
    start = p.LastEvaluatedKey;
  } while (start);
  return JSON.stringify({ n, dueNow, leased, first });
}
import { demoKey, uniquePhone } from '../support/http.js';
import { createOrder, inPool } from '../support/orders.js';
import { customerWithPhone, DEMO_ACCOUNTANT, DEMO_OPERATIONS, GULF, messagesSince, sleep, tally, waitFor } from '../support/outbox.js';

const ORDERS = 200;
const IN_FLIGHT = 25;

describe('outbox under load', () => {
  it(
    'delivers exactly one order-created message per order to the customer and to each Gulf staff phone for 200 concurrent orders',
    async () => {
      // Arrange
      const since = new Date().toISOString();
      const customer = await customerWithPhone(uniquePhone(), 'Load Customer');
      const staffPhones = [...(await listStaff(GULF, 'accountant')), ...(await listStaff(GULF, 'operations'))].flatMap((u) => (u.mobileNumber ? [u.mobileNumber] : []));
      expect(staffPhones).toEqual(expect.arrayContaining([DEMO_ACCOUNTANT.phone, DEMO_OPERATIONS.phone]));
      const phones = [customer.mobileNumber, ...staffPhones];

      // Act
      const started = Date.now();
      let doneN = 0; const tick = setInterval(() => console.log(`DIAG t=${Date.now() - started} created=${doneN}`), 5000);
      const results = await inPool(ORDERS, IN_FLIGHT, () => createOrder(demoKey('accountant'), { customerId: customer.id, totalAmount: 10 }).then((r) => { doneN++; return r; }));
      clearInterval(tick);
      const createdMs = Date.now() - started;
      const numbers = new Set(results.map((r) => r.body?.data?.orderNumber as number));
      /** (order number, phone) -> how many messages, for the messages about these orders only. */
      const count = async () => {
        const pairs = (await messagesSince(since)).flatMap((m) => {
          const n = Number(/#(\d+) /.exec(m.text ?? '')?.[1]);
          return numbers.has(n) ? [`${n} ${m.to}`] : [];
        });
        return tally(pairs);
      };
      const expectedPairs = [...numbers].flatMap((n) => phones.map((p) => `${n} ${p}`));
      await waitFor(
        'every message of the 200 orders',
        async () => {
          const counts = await count();
          console.log(`DIAG t=${Date.now() - started} pairs=${Object.keys(counts).length} ${await dueSummary()}`);
          return expectedPairs.every((pair) => counts[pair] !== undefined) ? counts : undefined;
        },
        200_000,
        1_000,
      );
      const deliveredMs = Date.now() - started;
      // A late duplicate (a second consumer, an expired lease) would show up after the last message.
      await sleep(3_000);
      const counts = await count();

      // Assert
      expect(tally(results.map((r) => String(r.status)))).toEqual({ 201: ORDERS });
      expect(numbers.size).toBe(ORDERS);
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
    },
    240_000,
  );
});
