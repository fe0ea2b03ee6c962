/**
 * DynamoDB stopped for 10 seconds while two delivery workers work through an endpoint's queue:
 * every event is still delivered, each resource's events first reach the receiver in the order
 * they happened, nothing waits out the 2-minute lease, and a delivery is repeated only if it was
 * sent in the instant the table went away. The figures are printed
 * (`npx vitest run tests/integration/webhook-outage.test.ts`) for the notes.
 *
 * The outage is injected into this process's DynamoDB client; the endpoint and its events live in
 * a table of their own, so the test run's shared runner (another process) never sees them.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/domain/ids.js';
import { laneOf, newIntegratorEvent } from '../../lib/domain/integrator-events.js';
import type { WebhookAnswer, WebhookRequest } from '../../lib/notify/webhook-sender.js';
import { ddb } from '../../lib/store/client.js';
import { eventPutItem } from '../../lib/store/events.js';
import { putEndpointItem } from '../../lib/store/webhook-endpoints.js';
import { runEndpoint } from '../../lib/use-cases/webhooks/deliver.js';
import { outageSwitch, useOwnTable } from '../support/outage.js';
import { sleep } from '../support/outbox.js';

process.env.EVENT_SETTLE_MS = '500';
process.env.LOG_LEVEL = 'fatal'; // the failed passes below are expected

useOwnTable('webhook-outage');
const TENANT = 'webhookoutagetenant00001';
const LANES = 10;
const PER_LANE = 6;
const OUTAGE_MS = 10_000;

describe('webhook delivery through a 10-second DynamoDB outage', () => {
  it('delivers every event, each resource in order, none waiting out the lease', async () => {
    // Arrange: an endpoint, and 60 events of 10 orders, 6 each, a few milliseconds apart.
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    const endpointId = newId();
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          putEndpointItem({
            id: endpointId,
            tenantId: TENANT,
            url: 'https://receiver.example/hook',
            eventTypes: [],
            enabled: true,
            secrets: [{ secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`, createdAt }],
            consecutiveFailures: 0,
            createdAt,
            createdBy: 'test',
            updatedAt: createdAt,
            version: 1,
          }),
        ],
      }),
    );
    const lanes = Array.from({ length: LANES }, () => newId());
    const order = new Map<string, { lane: string; n: number }>();
    const base = Date.now() - 5_000;
    for (let n = 0; n < PER_LANE; n += 1) {
      for (const [i, orderId] of lanes.entries()) {
        const event = newIntegratorEvent(
          'order.updated',
          TENANT,
          { type: 'order', id: orderId },
          { id: orderId, n },
          { n },
          new Date(base + n * 100 + i).toISOString(),
        );
        order.set(event.id, { lane: laneOf(event), n });
        await ddb.send(new TransactWriteCommand({ TransactItems: [eventPutItem(event, laneOf(event))] }));
      }
    }
    // A receiver that takes 30 ms per call.
    const received: Array<{ id: string; at: number }> = [];
    const send = async (request: WebhookRequest): Promise<WebhookAnswer> => {
      await sleep(30);
      received.push({ id: request.id, at: Date.now() });
      return { statusCode: 204, latencyMs: 30 };
    };
    // Two workers, as the stream trigger and the sweeper would run.
    const outage = outageSwitch();
    let stop = false;
    const failedPasses = { count: 0 };
    const worker = async () => {
      while (!stop) {
        await runEndpoint(endpointId, send).catch(() => (failedPasses.count += 1));
        await sleep(100);
      }
    };

    // Act: the table goes away once a sixth of the events are out, for 10 seconds.
    const started = Date.now();
    const workers = [worker(), worker()];
    while (received.length < (LANES * PER_LANE) / 6) await sleep(5);
    outage.state.down = true;
    const sentBeforeOutage = received.length;
    await sleep(OUTAGE_MS);
    outage.state.down = false;
    const outageEnd = Date.now();
    while (new Set(received.map((r) => r.id)).size < LANES * PER_LANE && Date.now() - outageEnd < 60_000)
      await sleep(20);
    const doneAt = Date.now();
    stop = true;
    await Promise.all(workers);
    outage.remove();

    // Assert
    const ids = new Set(received.map((r) => r.id));
    expect(ids.size).toBe(LANES * PER_LANE);
    const firsts = [...new Map(received.map((r) => [r.id, r] as const)).keys()];
    const seenOrder = new Map<string, number[]>();
    for (const id of received.map((r) => r.id).filter((id, i, all) => all.indexOf(id) === i)) {
      const { lane, n } = order.get(id)!;
      seenOrder.set(lane, [...(seenOrder.get(lane) ?? []), n]);
    }
    for (const [lane, ns] of seenOrder) expect(ns, lane).toEqual([...ns].sort((a, b) => a - b));
    const duplicates = received.length - ids.size;
    expect(duplicates).toBeLessThanOrEqual(LANES);
    expect(doneAt - outageEnd).toBeLessThan(30_000);
    console.log(
      `webhook outage figures: ${JSON.stringify({ events: LANES * PER_LANE, lanes: LANES, sentBeforeOutage, outageMs: OUTAGE_MS, refusedCalls: outage.state.refused, failedPasses: failedPasses.count, duplicates, allDeliveredMsAfterOutage: doneAt - outageEnd, totalMs: doneAt - started, firstDeliveries: firsts.length })}`,
    );
  });
});
