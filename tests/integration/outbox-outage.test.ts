/**
 * DynamoDB stopped for 10 seconds while three consumers work through a load of notification
 * events: every event is still delivered, none later than its back-off after the table is back
 * (nothing waits out the 5-minute lease), and nobody gets a message twice. The figures are
 * printed (`npx vitest run tests/integration/outbox-outage.test.ts`) for the notes.
 *
 * The outage is injected into this process's DynamoDB client (every call fails as an unreachable
 * endpoint does), so the consumers here see it while the rest of the test run goes on. The orders,
 * staff and events live in a table of their own, so the test run's shared outbox runner (another
 * process, not in the outage) cannot take any of them.
 */
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/domain/ids.js';
import type { OrderEvent } from '../../lib/domain/notifications.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import type { OrderRecord } from '../../lib/store/orders.js';
import { getOutboxEvent, newOutboxEvent, outboxPutItem, type OutboxEvent } from '../../lib/store/outbox.js';
import { processEvent, type ProcessorDeps } from '../../lib/use-cases/outbox/process-event.js';
import { uniquePhone } from '../support/http.js';
import { outageSwitch, useOwnTable } from '../support/outage.js';
import { RecordingChannel, sleep } from '../support/outbox.js';

// Read by fail() on every call, in this worker only: a failed attempt is retried after 1 s, 2 s, 4 s ...
process.env.OUTBOX_RETRY_BASE_MS = '1000';
process.env.OUTBOX_MAX_ATTEMPTS = '8';
process.env.LOG_LEVEL = 'error'; // the failed attempts below are expected

const ORDERS = 20;
const SEQUENCE: OrderEvent[] = ['deposit.confirmed', 'inspection.scheduled', 'inspection.completed', 'contract.signed'];
const OUTAGE_MS = 10_000;
const TENANT = 'outagetenant000000000001';
const TABLE = useOwnTable('outage');

const put = (item: Record<string, unknown>) => ddb.send(new PutCommand({ TableName: TABLE, Item: item }));

/** An order as createOrder leaves it, with a customer and a marketer to message. */
async function seedOrder(i: number): Promise<OrderRecord> {
  const now = new Date().toISOString();
  const order: OrderRecord = {
    id: newId(),
    orderNumber: 5000 + i,
    status: 'DepositSubmitted',
    version: 0,
    customerId: newId(),
    marketerId: 'outagemarketer0000000001',
    tenantId: TENANT,
    carDetails: { makeEn: 'Hyundai', modelEn: 'Tucson', year: 2021 },
    totalAmount: 9_000,
    currency: 'USD',
    notes: null,
    inspectionDate: null,
    paidFromWallet: false,
    customer: { id: `customer${i}`, name: `Outage Customer ${i}`, mobileNumber: uniquePhone() },
    marketer: { id: 'outagemarketer0000000001', name: 'Outage Marketer', mobileNumber: '+971502220001' },
    createdByKeyId: 'test',
    createdAt: now,
    updatedAt: now,
  };
  await put({ ...keys.order(order.id), entity: 'order', ...order });
  return order;
}

/** An accountant and an operations user of the tenant, who hear of some of the events. */
async function seedStaff(): Promise<void> {
  const createdAt = new Date(Date.now() - 60_000).toISOString();
  for (const [role, phone] of [
    ['accountant', '+971502220002'],
    ['operations', '+971502220003'],
  ] as const) {
    const id = `outage${role}`.padEnd(24, '0');
    await put({
      ...keys.user(id),
      ...keys.staffIndex(TENANT, role, id),
      entity: 'user',
      id,
      name: `Outage ${role}`,
      role,
      tenantId: TENANT,
      mobileNumber: phone,
      language: 'en',
      active: true,
      createdAt,
      updatedAt: createdAt,
    });
  }
}

describe('outbox consumers through a 10-second DynamoDB outage', () => {
  it('deliver every message once, each event no later than its back-off after the table is back', async () => {
    // Arrange: orders, staff, and each order's notification events, all due now.
    await seedStaff();
    const events: OutboxEvent[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const order = await seedOrder(i);
      for (const [seq, event] of SEQUENCE.entries()) {
        const outboxEvent = newOutboxEvent(
          {
            id: newId(),
            kind: 'notify',
            event,
            orderId: order.id,
            tenantId: TENANT,
            orderSeq: seq + 1,
            payload: { customerNotificationsEnabled: true },
          },
          new Date().toISOString(),
        );
        await ddb.send(new TransactWriteCommand({ TransactItems: [outboxPutItem(outboxEvent)] }));
        events.push(outboxEvent);
      }
    }
    const mine = new Set(events.map((e) => e.id));
    const channel = new RecordingChannel(() => undefined, 15);
    const deps: ProcessorDeps = {
      channel,
      copy: async () => {
        throw new Error('notification events copy no images');
      },
    };
    const outage = outageSwitch();
    const doneAt = new Map<string, number>();
    const backoffs: number[] = [];

    // Act: three consumers honour each event's nextAttemptAt, as the sweeper does; the table goes away
    // for 10 s shortly after they start.
    const consumer = async () => {
      const deadline = Date.now() + 120_000;
      while (doneAt.size < mine.size && Date.now() < deadline) {
        let unreachable = false;
        for (const id of [...mine].sort(() => Math.random() - 0.5)) {
          if (unreachable) break;
          if (doneAt.has(id)) continue;
          try {
            const event = await getOutboxEvent(id);
            if (event?.status === 'done') {
              doneAt.set(id, Date.parse(event.updatedAt));
              continue;
            }
            if (event?.status !== 'pending' || Date.parse(event.nextAttemptAt) > Date.now()) continue;
            const outcome = await processEvent(id, deps, event);
            if (outcome === 'retry') {
              const after = await getOutboxEvent(id).catch(() => undefined);
              if (after) backoffs.push(Date.parse(after.nextAttemptAt) - Date.parse(after.updatedAt));
            }
          } catch {
            // The table is unreachable: this consumer tries again on its next pass, as the sweeper's next run would.
            unreachable = true;
          }
        }
        await sleep(unreachable ? 250 : 50);
      }
    };
    const running = Promise.all([consumer(), consumer(), consumer()]);
    await sleep(400);
    const outageStart = Date.now();
    outage.state.down = true;
    // The events some consumer was working on when the table went away.
    const inFlight = new Set(events.filter((e) => !doneAt.has(e.id)).map((e) => e.id));
    await sleep(OUTAGE_MS);
    outage.state.down = false;
    const outageEnd = Date.now();
    await running;
    outage.remove();

    // Assert
    const stored = await Promise.all(events.map((e) => getOutboxEvent(e.id)));
    const sentOk = channel.sends.filter((s) => s.ok);
    const perMessage = new Map<string, number>();
    for (const send of sentOk)
      perMessage.set(`${send.to} ${send.text}`, (perMessage.get(`${send.to} ${send.text}`) ?? 0) + 1);
    const duplicates = [...perMessage.values()].filter((n) => n > 1).length;
    const unknown = stored
      .flatMap((e) => Object.values(e?.deliveries ?? {}))
      .filter((v) => v.startsWith('unknown:')).length;
    const lateAfterOutage = [...doneAt.values()].map((at) => Math.max(0, at - outageEnd));
    // Of the events not yet done when the table went away, the first ones each order had ready (the others wait their turn behind them).
    const firstWaiting = events.filter(
      (e) =>
        inFlight.has(e.id) &&
        !events.some(
          (other) => other.orderId === e.orderId && inFlight.has(other.id) && (other.orderSeq ?? 0) < (e.orderSeq ?? 0),
        ),
    );
    const firstDoneAfterOutage = firstWaiting.map((e) => Math.max(0, (doneAt.get(e.id) ?? Infinity) - outageEnd));
    const maxBackoff = Math.max(0, ...backoffs);
    const figures = {
      events: events.length,
      messages: sentOk.length,
      refusedCalls: outage.state.refused,
      refusedByCommand: outage.state.byCommand,
      retriedAttempts: backoffs.length,
      parked: stored.filter((e) => e?.status === 'parked').length,
      duplicates,
      unknownOutcome: unknown,
      maxBackoffMs: maxBackoff,
      lastDoneAfterOutageMs: Math.max(...lateAfterOutage),
      ordersWaiting: firstWaiting.length,
      slowestOrderResumedAfterMs: Math.max(0, ...firstDoneAfterOutage),
      outageMs: outageEnd - outageStart,
    };
    console.log(`outage figures: ${JSON.stringify(figures)}`);

    expect(stored.every((e) => e?.status === 'done')).toBe(true);
    expect(duplicates).toBe(0);
    expect(unknown).toBe(0);
    // Each order's recipients got its events in order, and everyone got every message meant for them.
    expect(perMessage.size).toBe(sentOk.length);
    expect(Object.keys(stored[0]!.deliveries).length).toBeGreaterThan(0);
    expect(sentOk.length).toBe(stored.reduce((n, e) => n + Object.keys(e!.deliveries).length, 0));
    // Nothing waited out a lease (5 minutes): every order's next event went within its back-off of
    // the table coming back (the consumers' own 20 s of retrying a write at most), and the last
    // event of all soon after.
    expect(Math.max(0, ...firstDoneAfterOutage)).toBeLessThan(Math.max(maxBackoff, 20_000));
    expect(Math.max(...lateAfterOutage)).toBeLessThan(60_000);
  }, 300_000);
});
