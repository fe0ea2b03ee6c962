/**
 * Operational alerts to a tenant's admins and operations staff (lib/use-cases/outbox/deliver-alert.ts):
 * each reads the alert in their own language, its parameters included where the alert has them
 * in that language (what falls due, an unnamed car), the rest as written.
 */
import { describe, expect, it } from 'vitest';
import { STAFF_TOOL } from '../../lib/domain/caller.js';
import { newId } from '../../lib/domain/ids.js';
import type { ChatChannel, ChatMessage } from '../../lib/notify/message.js';
import { renderMessage } from '../../lib/notify/templates.js';
import { claim, newOutboxEvent, outboxPutItem, type OutboxEvent } from '../../lib/store/outbox.js';
import { createTenant } from '../../lib/store/tenants.js';
import { transact } from '../../lib/store/transact.js';
import { deliverAlert } from '../../lib/use-cases/outbox/deliver-alert.js';
import { createUser } from '../../lib/use-cases/users.js';
import { uniquePhone } from '../support/http.js';

/** A channel that takes every message and keeps it. */
function keepingChannel(): ChatChannel & { sent: ChatMessage[] } {
  const sent: ChatMessage[] = [];
  return { sent, send: async (message) => ({ messageId: `kept.${sent.push(message)}` }) };
}

/**
 * The alert stored and claimed as the consumer claims it, due in an hour so that the test stack's
 * own consumer leaves it to this test.
 */
async function claimed(event: OutboxEvent): Promise<OutboxEvent> {
  const later = { ...event, nextAttemptAt: new Date(Date.now() + 3_600_000).toISOString() };
  await transact([outboxPutItem(later)]);
  const taken = await claim(later);
  if (!taken || taken === 'blocked') throw new Error('the alert could not be claimed');
  return taken;
}

const textOf = (message: ChatMessage | undefined) => {
  const rendering = renderMessage(message!);
  return 'text' in rendering ? rendering.text : rendering.problem;
};

let tenants = 0;
/** A tenant of the test's own: its staff are the alert's only recipients. */
function alertedTenant() {
  tenants += 1;
  const suffix = `${Date.now().toString(36)}${tenants}`;
  return createTenant({
    name: `Alerts ${suffix}`,
    subdomain: `alerts${suffix}`,
    markup: '1.05',
    visibleProviders: ['kcar'],
    publishedOnly: false,
  });
}

describe('an alert to staff', () => {
  it("is read in each recipient's language, with the parameters it has in that language", async () => {
    // Arrange: a tenant of its own, with an English and an Arabic operations member.
    const tenant = await alertedTenant();
    const [english, arabic] = await Promise.all(
      (['en', 'ar'] as const).map((language) =>
        createUser(STAFF_TOOL, {
          name: `Ops ${language}`,
          role: 'operations',
          mobileNumber: uniquePhone(),
          language,
          tenantId: tenant.id,
        }),
      ),
    );
    const event = newOutboxEvent(
      {
        id: newId(),
        kind: 'alert',
        orderId: newId(),
        tenantId: tenant.id,
        payload: {
          template: 'export_deadline_soon',
          parameters: [
            '1042',
            'the car of order #1042 (make and model not recorded yet)',
            'loading (export declaration)',
            '2026-12-20',
          ],
          parametersIn: {
            ar: ['1042', 'سيارة الطلب #1042 (لم تُسجَّل الماركة والطراز بعد)', 'التحميل (بيان التصدير)', '2026-12-20'],
          },
        },
      },
      new Date().toISOString(),
    );
    const taken = await claimed(event);
    const channel = keepingChannel();

    // Act
    await deliverAlert(taken, channel);

    // Assert
    const to = (user: { mobileNumber?: string } | undefined) =>
      channel.sent.find((message) => message.to === user?.mobileNumber);
    expect(channel.sent).toHaveLength(2);
    expect(textOf(to(english))).toBe(
      'Order #1042 (the car of order #1042 (make and model not recorded yet)): loading (export declaration) is due on 2026-12-20; please record it in time.',
    );
    expect(textOf(to(arabic))).toBe(
      'الطلب #1042 (سيارة الطلب #1042 (لم تُسجَّل الماركة والطراز بعد)): موعد التحميل (بيان التصدير) هو 2026-12-20؛ يرجى تسجيله في الوقت المحدد.',
    );
    // Each recipient is noted on the event (and recorded with it): a retry sends to nobody twice.
    expect(Object.keys(taken.deliveries).sort()).toEqual([`staff:${english!.id}`, `staff:${arabic!.id}`].sort());
  });

  it('gives an alert written before it had Arabic parameters to an Arabic reader with the parameters it has', async () => {
    const tenant = await alertedTenant();
    const arabic = await createUser(STAFF_TOOL, {
      name: 'Ops ar',
      role: 'operations',
      mobileNumber: uniquePhone(),
      language: 'ar',
      tenantId: tenant.id,
    });
    const event = newOutboxEvent(
      {
        id: newId(),
        kind: 'alert',
        orderId: newId(),
        tenantId: tenant.id,
        payload: { template: 'order_car_sold', parameters: ['77', 'Kia Ray 2021'] },
      },
      new Date().toISOString(),
    );
    const taken = await claimed(event);
    const channel = keepingChannel();

    await deliverAlert(taken, channel);

    expect(textOf(channel.sent.find((message) => message.to === arabic.mobileNumber))).toBe(
      'الطلب #77 (Kia Ray 2021): بيعت السيارة في المزاد قبل أن نشتريها. أبلغوا العميل واتفقوا على مصير الطلب.',
    );
  });
});
