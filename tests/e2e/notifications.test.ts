/**
 * Chat notifications as a tenant and WhatsApp see them, over HTTP on the local stack: each
 * message a template in the recipient's language, listed per order with its delivery status;
 * the WhatsApp webhook (verification handshake, signature, statuses, STOP/START); the contract
 * as a template carrying its signing link.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import {
  inboundPayload,
  LOCAL_WHATSAPP,
  postWebhook,
  signatureOf,
  statusPayload,
} from '../../scripts/local/whatsapp-webhook.js';
import { createTenant, updateTenantSettings } from '../../lib/store/tenants.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { changeStatus, placeOrder } from '../support/orders.js';
import { billingOf, confirmEntry, messagesTo } from '../support/order-children.js';
import { RUNNER_WAIT_MS, waitFor } from '../support/outbox.js';
import { cli } from '../support/cli.js';

const baseUrl = () => inject('baseUrl');
const accountant = () => demoKey('accountant');

interface Notification {
  messageId: string;
  event: string;
  audience: string;
  to: string;
  template?: { name: string; language: string; parameters: string[] };
  text?: string;
  status: string;
  statuses: Record<string, string>;
  reason?: string;
  error?: { code?: number; title?: string };
}

async function notificationsOf(orderId: string, key = accountant()): Promise<Notification[]> {
  const res = await api('GET', `/api/v1/orders/${orderId}/notifications`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data as Notification[];
}

/** Waits until the order's messages for `event` are listed (the local runner delivers them). */
async function messagesFor(orderId: string, event: string, count = 1, key = accountant()): Promise<Notification[]> {
  return waitFor(
    `${count} ${event} message(s) of order ${orderId}`,
    async () => {
      const found = (await notificationsOf(orderId, key)).filter((n) => n.event === event);
      return found.length >= count ? found : undefined;
    },
    RUNNER_WAIT_MS,
    200,
  );
}

async function customerOf(language?: 'en' | 'ar', name = 'Notified Customer') {
  const mobileNumber = uniquePhone();
  const res = await api('POST', '/api/v1/customers', {
    key: demoKey('integrator'),
    body: { name, mobileNumber, ...(language ? { language } : {}) },
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id as string, mobileNumber, language: res.body.data.language as string | undefined };
}

const orderFor = (customerId: string) =>
  placeOrder(accountant(), {
    customerId,
    totalAmount: 12_000,
    receiptAmount: 1_000,
    receiptCurrency: 'USD',
    carDetails: { makeEn: 'Kia', modelEn: 'K5', year: 2022 },
  });

/** The receipt confirmed and the order moved to DepositConfirmed: the deposit.confirmed event. */
async function confirmDeposit(orderId: string, version = 1): Promise<void> {
  const [receipt] = await billingOf(orderId);
  await confirmEntry(receipt.id);
  const res = await changeStatus(orderId, accountant(), { status: 'DepositConfirmed', version });
  expect(res.status, res.text).toBe(200);
}

const rawPost = (body: string, headers: Record<string, string>) =>
  fetch(`${baseUrl()}/api/v1/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });

describe("notifications are templates in the recipient's language, listed per order", () => {
  it('sends an Arabic-speaking customer the Arabic template and the staff theirs, and lists each message with its template, text and status', async () => {
    // Arrange
    const customer = await customerOf('ar', 'أحمد سعيد');
    expect(customer.language).toBe('ar');

    // Act
    const order = await orderFor(customer.id);
    const created = await messagesFor(order.id, 'order.created', 2);

    // Assert
    const toCustomer = created.find((n) => n.audience === 'customer')!;
    // The order's tracking link is the last parameter (docs/notifications.md).
    const link = toCustomer.template?.parameters.at(-1) ?? '';
    expect(link).toMatch(/\/track\/[A-Za-z0-9_-]{32}$/);
    expect(toCustomer).toMatchObject({
      to: customer.mobileNumber,
      status: 'accepted',
      template: {
        name: 'vpo_order_created_customer_link',
        language: 'ar',
        parameters: ['أحمد سعيد', String(order.orderNumber), 'Kia K5 2022', link],
      },
      text: `مرحباً أحمد سعيد، الطلب #${order.orderNumber} (Kia K5 2022): استلمنا طلبك. تابع طلبك: ${link} أرسل "إيقاف" لإيقاف هذه الرسائل.`,
    });
    const toAccountant = created.find((n) => n.audience === 'accountant')!;
    expect(toAccountant.template).toMatchObject({ name: 'vpo_order_created_staff', language: 'en' });
    expect(toAccountant.text).toBe(`Order #${order.orderNumber} (Kia K5 2022): new order placed; deposit to confirm.`);
    // What the list shows is what was sent
    const logged = await messagesTo(customer.mobileNumber);
    expect(logged.map((m) => m.messageId)).toContain(toCustomer.messageId);
    expect(logged.find((m) => m.messageId === toCustomer.messageId)?.text).toBe(toCustomer.text);
  });

  it('tells staff of an order placed without a deposit receipt that no deposit has come yet, not that one waits to be confirmed', async () => {
    // Arrange
    const customer = await customerOf('en');

    // Act
    const order = await placeOrder(accountant(), {
      customerId: customer.id,
      totalAmount: 9_000,
      carDetails: { makeEn: 'Kia', modelEn: 'Ray', year: 2021 },
    });
    const created = await messagesFor(order.id, 'order.created', 2);

    // Assert
    const toAccountant = created.find((n) => n.audience === 'accountant')!;
    expect(toAccountant.template).toMatchObject({ name: 'vpo_order_created_no_deposit_staff', language: 'en' });
    expect(toAccountant.text).toBe(
      `Order #${order.orderNumber} (Kia Ray 2021): new order placed; no deposit received yet.`,
    );
    // The customer's words do not change with it.
    expect(created.find((n) => n.audience === 'customer')?.template?.name).toBe('vpo_order_created_customer_link');
  });

  it("writes to a customer who chose no language in their tenant's default language", async () => {
    // Arrange: a tenant whose customers read Arabic unless they say otherwise
    const suffix = randomBytes(4).toString('hex');
    const tenant = await createTenant({
      name: `Arabic Motors ${suffix}`,
      subdomain: `arabic-${suffix}`,
      markup: '1',
      visibleProviders: ['glovis'],
      publishedOnly: false,
    });
    await updateTenantSettings(tenant.id, { defaultLanguage: 'ar' });
    const platform = demoKey('platform');
    const chosen = await api('POST', '/api/v1/customers', {
      key: platform,
      body: { name: 'Sara Khan', mobileNumber: uniquePhone(), tenantId: tenant.id, language: 'en' },
    });
    const unchosen = await api('POST', '/api/v1/customers', {
      key: platform,
      body: { name: 'Omar Ali', mobileNumber: uniquePhone(), tenantId: tenant.id },
    });
    expect(chosen.status, chosen.text).toBe(201);
    expect(unchosen.status, unchosen.text).toBe(201);

    // Act
    const languages = [];
    for (const customer of [unchosen.body.data, chosen.body.data]) {
      const order = await placeOrder(platform, { customerId: customer.id, totalAmount: 5_000 });
      const [message] = (await messagesFor(order.id, 'order.created', 1, platform)).filter(
        (n) => n.audience === 'customer',
      );
      languages.push(message!.template?.language);
    }

    // Assert
    expect(languages).toEqual(['ar', 'en']);
  });

  it("lists an order's messages in the order of its events", async () => {
    const customer = await customerOf();
    const order = await orderFor(customer.id);
    await messagesFor(order.id, 'order.created');
    await confirmDeposit(order.id);
    await messagesFor(order.id, 'deposit.confirmed');

    const events = (await notificationsOf(order.id)).filter((n) => n.to === customer.mobileNumber).map((n) => n.event);

    expect(events).toEqual(['order.created', 'deposit.confirmed']);
  });

  it("answers 404 for another tenant's order and for an unknown one", async () => {
    const customer = await customerOf();
    const order = await orderFor(customer.id);

    const seoul = await api('GET', `/api/v1/orders/${order.id}/notifications`, { key: demoKey('integrator', 'seoul') });
    const unknown = await api('GET', '/api/v1/orders/ckunknownrecord000000000000/notifications', { key: accountant() });

    expect(seoul.status).toBe(404);
    expect(unknown.status).toBe(404);
  });
});

describe('the WhatsApp webhook', () => {
  it("answers Meta's verification handshake with the challenge for the right token only", async () => {
    const url = (token: string) =>
      `${baseUrl()}/api/v1/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;

    const right = await fetch(url(LOCAL_WHATSAPP.verifyToken));
    const wrong = await fetch(url('a-guess'));
    const incomplete = await fetch(`${baseUrl()}/api/v1/webhooks/whatsapp?hub.mode=subscribe`);

    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await right.text()).toBe('1158201444');
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).code).toBe('FORBIDDEN');
    expect(incomplete.status).toBe(400);
  });

  it('records sent, delivered and read on the message, keeps the first time of each, and shows the furthest', async () => {
    // Arrange
    const customer = await customerOf();
    const order = await orderFor(customer.id);
    const [message] = (await messagesFor(order.id, 'order.created')).filter((n) => n.audience === 'customer');
    const at = (s: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, s));

    // Act: delivered arrives before sent, and read twice
    for (const [status, second] of [
      ['delivered', 2],
      ['sent', 1],
      ['read', 3],
      ['read', 9],
    ] as const) {
      const answer = await postWebhook(baseUrl(), statusPayload(message!.messageId, status, { at: at(second) }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }

    // Assert
    const listed = (await notificationsOf(order.id)).find((n) => n.messageId === message!.messageId)!;
    expect(listed.status).toBe('read');
    expect(listed.statuses).toEqual({
      sent: at(1).toISOString(),
      delivered: at(2).toISOString(),
      read: at(3).toISOString(),
    });
  });

  it("records a failure with Meta's error code", async () => {
    const customer = await customerOf();
    const order = await orderFor(customer.id);
    const [message] = (await messagesFor(order.id, 'order.created')).filter((n) => n.audience === 'customer');

    const answer = await postWebhook(
      baseUrl(),
      statusPayload(message!.messageId, 'failed', { errorCode: 131026, errorTitle: 'Message undeliverable' }),
    );

    expect(answer.body).toMatchObject({ success: true, data: { statuses: 1, unknownStatuses: 0 } });
    const listed = (await notificationsOf(order.id)).find((n) => n.messageId === message!.messageId)!;
    expect(listed).toMatchObject({ status: 'failed', error: { code: 131026, title: 'Message undeliverable' } });
  });

  it('refuses an unsigned call, a wrongly signed one and a tampered body with 401, and stores nothing', async () => {
    // Arrange
    const customer = await customerOf();
    const order = await orderFor(customer.id);
    const [message] = (await messagesFor(order.id, 'order.created')).filter((n) => n.audience === 'customer');
    const read = JSON.stringify(statusPayload(message!.messageId, 'read'));
    const stop = JSON.stringify(inboundPayload(customer.mobileNumber, 'STOP'));

    // Act
    const answers = [
      await rawPost(read, {}),
      await rawPost(read, { 'X-Hub-Signature-256': signatureOf(read, 'not the app secret') }),
      await rawPost(read, {
        'X-Hub-Signature-256': signatureOf(read.replace('read', 'sent'), LOCAL_WHATSAPP.appSecret),
      }),
      await rawPost(stop, { 'X-Hub-Signature-256': 'sha256=0000' }),
    ];

    // Assert
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect((await answer.json()).code).toBe('UNAUTHORIZED');
    }
    const listed = (await notificationsOf(order.id)).find((n) => n.messageId === message!.messageId)!;
    expect(listed.status).toBe('accepted');
    expect(listed.statuses).toEqual({});
    // The refused STOP did not opt the customer out: the next event still reaches them
    await confirmDeposit(order.id);
    const [next] = (await messagesFor(order.id, 'deposit.confirmed', 1)).filter((n) => n.audience === 'customer');
    expect(next?.status).toBe('accepted');
  });

  it('answers 400 to a signed body that is not JSON, and 200 to changes it does not act on', async () => {
    const garbage = 'not json at all';
    const templateReview = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'message_template_status_update',
              value: { event: 'APPROVED', message_template_name: 'vpo_order_shipped_customer' },
            },
          ],
        },
      ],
    };

    const bad = await rawPost(garbage, { 'X-Hub-Signature-256': signatureOf(garbage, LOCAL_WHATSAPP.appSecret) });
    const ignored = await postWebhook(baseUrl(), templateReview);
    const unknown = await postWebhook(
      baseUrl(),
      statusPayload(`wamid.unknown.${randomBytes(4).toString('hex')}`, 'delivered'),
    );

    expect(bad.status).toBe(400);
    expect(ignored).toMatchObject({ status: 200, body: { data: { statuses: 0, messages: 0 } } });
    expect(unknown).toMatchObject({ status: 200, body: { data: { statuses: 0, unknownStatuses: 1 } } });
  });
});

describe('opting out by replying STOP', () => {
  it("turns the customer's messages off, acknowledges it, keeps the staff's, and START turns them back on", async () => {
    // Arrange
    const customer = await customerOf();
    const order = await orderFor(customer.id);
    await messagesFor(order.id, 'order.created', 2);

    // Act: the customer replies STOP (twice: Meta repeats webhooks)
    const stop = inboundPayload(customer.mobileNumber, 'Stop');
    const first = await postWebhook(baseUrl(), stop);
    const repeat = await postWebhook(baseUrl(), stop);
    await confirmDeposit(order.id);
    const afterStop = await messagesFor(order.id, 'deposit.confirmed', 2);

    // Assert: acknowledged once, as free-form text inside the window the STOP opened
    expect(first.body).toMatchObject({ data: { messages: 1, optOuts: 1 } });
    expect(repeat.body).toMatchObject({ data: { messages: 0, optOuts: 0 } });
    const acknowledgements = (await messagesTo(customer.mobileNumber)).filter((m) => m.template === undefined);
    expect(acknowledgements.map((m) => m.text)).toEqual([
      'You will no longer receive order updates here. Reply START at any time to resume them.',
    ]);
    expect(afterStop.find((n) => n.audience === 'customer')).toMatchObject({
      status: 'skipped',
      reason: 'the customer replied STOP',
    });
    expect(afterStop.find((n) => n.audience === 'operations')?.status).toBe('accepted');

    // Act: START, in Arabic
    const start = await postWebhook(baseUrl(), inboundPayload(customer.mobileNumber, 'ابدأ'));
    const scheduled = await changeStatus(order.id, demoKey('operations'), {
      status: 'InspectionScheduled',
      version: 2,
      inspectionDate: '2026-12-20T09:00:00.000Z',
    });
    expect(scheduled.status, scheduled.text).toBe(200);

    // Assert
    expect(start.body).toMatchObject({ data: { optOuts: 1 } });
    const [back] = (await messagesFor(order.id, 'inspection.scheduled', 1)).filter((n) => n.audience === 'customer');
    expect(back?.status).toBe('accepted');
    expect(
      (await messagesTo(customer.mobileNumber)).some(
        (m) => m.text === 'تم استئناف رسائل طلباتك. أرسل "إيقاف" لإيقافها في أي وقت.',
      ),
    ).toBe(true);
  });
});

describe('the contract goes out as a template', () => {
  it("carries the signing link, is listed with the order's messages, and takes WhatsApp's statuses", async () => {
    // Arrange
    const customer = await customerOf();
    const order = await orderFor(customer.id);
    const created = await api('POST', '/api/v1/contracts', {
      key: accountant(),
      body: { orderId: order.id, customerName: 'Contract Customer' },
    });
    expect(created.status, created.text).toBe(201);
    const link = `https://sign.example.com/c/${randomBytes(4).toString('hex')}`;

    // Act
    const sent = await api('POST', `/api/v1/contracts/${created.body.data.id}/send`, {
      key: accountant(),
      body: { phone: customer.mobileNumber, signingLink: link },
    });
    expect(sent.status, sent.text).toBe(200);
    const [message] = (await notificationsOf(order.id)).filter((n) => n.event === 'contract.ready');
    await postWebhook(baseUrl(), statusPayload(message!.messageId, 'delivered'));

    // Assert
    expect(message!.template).toMatchObject({ name: 'vpo_contract_ready_link', language: 'en' });
    expect(message!.text).toContain(`Review and sign it here: ${link}`);
    const logged = (await messagesTo(customer.mobileNumber)).find((m) => m.messageId === message!.messageId);
    expect(logged?.text).toBe(message!.text);
    expect((await notificationsOf(order.id)).find((n) => n.messageId === message!.messageId)?.status).toBe('delivered');
  });
});

describe('the staff CLI plays WhatsApp on the local stack', () => {
  it('`chat status` sends a signed status webhook and `chat inbound` a signed message from a person', async () => {
    // Arrange
    const customer = await customerOf();
    const order = await orderFor(customer.id);
    const [message] = (await messagesFor(order.id, 'order.created')).filter((n) => n.audience === 'customer');

    // Act
    const status = await cli(['chat', 'status', message!.messageId, '--status', 'read', '--api', baseUrl(), '--json']);
    const inbound = await cli([
      'chat',
      'inbound',
      customer.mobileNumber,
      '--text',
      'STOP',
      '--api',
      baseUrl(),
      '--json',
    ]);

    // Assert
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ statuses: 1 });
    expect(inbound.code, inbound.stderr).toBe(0);
    expect(JSON.parse(inbound.stdout)).toMatchObject({ messages: 1, optOuts: 1 });
    expect((await notificationsOf(order.id)).find((n) => n.messageId === message!.messageId)?.status).toBe('read');
  });

  it('`chat templates` prints the catalogue as Meta takes it, both languages of every template', async () => {
    const result = await cli(['chat', 'templates', '--json']);

    expect(result.code, result.stderr).toBe(0);
    const templates = JSON.parse(result.stdout) as Array<{
      name: string;
      language: string;
      category: string;
      components: Array<{ type: string; text: string; example: { body_text: string[][] } }>;
    }>;
    const shipped = templates.filter((t) => t.name === 'vpo_order_shipped_customer');
    expect(shipped.map((t) => t.language).sort()).toEqual(['ar', 'en']);
    expect(shipped[0]).toMatchObject({
      category: 'UTILITY',
      components: [{ type: 'BODY', example: { body_text: [['Ahmed Said', '1042', 'Hyundai Sonata 2021']] } }],
    });
  });
});
