/**
 * Which template a notification goes as, with or without the buyer's tracking link: the customer's
 * message is the `_link` variant, the link its last parameter, when the order has a link
 * (`tracking`) and the stage says where the API answers (PUBLIC_API_URL); otherwise, and always
 * for staff, the template without it (lib/domain/notifications.ts, and the outbox consumer's
 * customerTrackingUrl in lib/use-cases/outbox/deliver-notifications.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_MATRIX,
  notificationTemplate,
  ORDER_EVENTS,
  type Audience,
} from '../../lib/domain/notifications.js';
import { trackingToken } from '../../lib/domain/tracking-link.js';
import { CHAT_LANGUAGES, renderTemplate } from '../../lib/text/chat-template.js';
import { chatTemplate } from '../../lib/text/chat-templates.js';
import { customerTrackingUrl } from '../../lib/use-cases/outbox/deliver-notifications.js';

const SECRET = 'unit-test-tracking-secret';
const LINK = 'https://api.example.com/track/Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2';
const ORDER = { orderNumber: 1042, car: 'Kia K5 2022', paidFromWallet: false };
const STAFF: Audience[] = ['marketer', 'accountant', 'operations'];

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the template a notification goes as', () => {
  it("is the customer's `_link` variant, the link its last parameter, when there is a link", () => {
    const { key, parameters } = notificationTemplate(
      'order.shipped',
      'customer',
      { ...ORDER, trackingUrl: LINK },
      'Ahmed Said',
    );

    expect(key).toBe('order_shipped_customer_link');
    expect(parameters).toEqual(['Ahmed Said', '1042', 'Kia K5 2022', LINK]);
    expect(renderTemplate(chatTemplate(key)!, 'en', parameters)).toBe(
      `Hello Ahmed Said, order #1042 (Kia K5 2022): your car has been shipped. Follow your order: ${LINK} Reply STOP to stop these messages.`,
    );
    expect(renderTemplate(chatTemplate(key)!, 'ar', parameters)).toBe(
      `مرحباً Ahmed Said، الطلب #1042 (Kia K5 2022): تم شحن سيارتك. تابع طلبك: ${LINK} أرسل "إيقاف" لإيقاف هذه الرسائل.`,
    );
  });

  it('is the template without the link when there is none (an order from before the links, or no PUBLIC_API_URL)', () => {
    for (const trackingUrl of [undefined, '']) {
      const { key, parameters } = notificationTemplate(
        'order.shipped',
        'customer',
        { ...ORDER, trackingUrl },
        'Ahmed Said',
      );

      expect(key).toBe('order_shipped_customer');
      expect(parameters).toEqual(['Ahmed Said', '1042', 'Kia K5 2022']);
    }
  });

  it('keeps the wallet path and puts the link after the expected arrival of a departure', () => {
    const wallet = notificationTemplate(
      'order.created',
      'customer',
      { ...ORDER, paidFromWallet: true, trackingUrl: LINK },
      'Ahmed Said',
    );
    const departed = notificationTemplate(
      'shipment.departed',
      'customer',
      { ...ORDER, eta: '2026-12-24', trackingUrl: LINK },
      'Ahmed Said',
    );

    expect(wallet.key).toBe('order_created_wallet_customer_link');
    expect(departed.key).toBe('shipment_departed_customer_link');
    expect(departed.parameters.slice(-2)).toEqual(['2026-12-24', LINK]);
  });

  it('never gives staff the link, whatever the order has', () => {
    for (const event of ORDER_EVENTS) {
      for (const audience of STAFF.filter((a) => NOTIFICATION_MATRIX[event].includes(a))) {
        const withLink = notificationTemplate(event, audience, { ...ORDER, trackingUrl: LINK }, 'Mina Park');

        expect(withLink, `${event} ${audience}`).toEqual(notificationTemplate(event, audience, ORDER, 'Mina Park'));
        expect(withLink.parameters.join(' '), `${event} ${audience}`).not.toContain('/track/');
      }
    }
  });

  it('has a template in both languages taking the link for every event and path the customer hears of', () => {
    const missing: string[] = [];
    for (const event of ORDER_EVENTS.filter((e) => NOTIFICATION_MATRIX[e].includes('customer'))) {
      for (const paidFromWallet of [false, true]) {
        const { key, parameters } = notificationTemplate(
          event,
          'customer',
          { ...ORDER, paidFromWallet, trackingUrl: LINK },
          'Ahmed Said',
        );
        for (const language of CHAT_LANGUAGES) {
          const text = chatTemplate(key) && renderTemplate(chatTemplate(key)!, language, parameters);
          if (!key.endsWith('_link') || !text?.includes(LINK))
            missing.push(`${event} ${paidFromWallet ? 'wallet' : 'deposit'} ${language}: ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the outbox consumer's link for the customer", () => {
  const tracking = { seed: 'c2VlZC1vZi10aGUtbGluaw', issuedAt: '2026-11-20T09:00:00.000Z' };

  it("is the order's current link at the stage's address when the order has one and PUBLIC_API_URL is set", () => {
    vi.stubEnv('TRACKING_LINK_SECRET', SECRET);
    vi.stubEnv('PUBLIC_API_URL', 'https://api.example.com/prod/');

    const url = customerTrackingUrl({ tracking });

    const token = trackingToken(SECRET, tracking.seed);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`https://api.example.com/prod/track/${token}`);
  });

  it('is none for an order from before the links', () => {
    vi.stubEnv('TRACKING_LINK_SECRET', SECRET);
    vi.stubEnv('PUBLIC_API_URL', 'https://api.example.com');

    expect(customerTrackingUrl({})).toBeUndefined();
    expect(customerTrackingUrl({ tracking: undefined })).toBeUndefined();
  });

  it('is none on a stage without PUBLIC_API_URL (unset or empty)', () => {
    vi.stubEnv('TRACKING_LINK_SECRET', SECRET);
    vi.stubEnv('PUBLIC_API_URL', '');

    expect(customerTrackingUrl({ tracking })).toBeUndefined();
    expect(customerTrackingUrl({ tracking }, undefined)).toBeUndefined();
  });

  it('takes the message to the `_link` variant only when both are there', () => {
    vi.stubEnv('TRACKING_LINK_SECRET', SECRET);
    // No base URL given falls back to the stage's: none here (the test run's stack sets one for its own processes).
    vi.stubEnv('PUBLIC_API_URL', '');
    const keyFor = (order: { tracking?: typeof tracking }, baseUrl: string | undefined) =>
      notificationTemplate(
        'order.delivered',
        'customer',
        { ...ORDER, trackingUrl: customerTrackingUrl(order, baseUrl) },
        'Ahmed Said',
      ).key;

    expect(keyFor({ tracking }, 'https://api.example.com')).toBe('order_delivered_customer_link');
    expect(keyFor({ tracking }, undefined)).toBe('order_delivered_customer');
    expect(keyFor({}, 'https://api.example.com')).toBe('order_delivered_customer');
    expect(keyFor({}, undefined)).toBe('order_delivered_customer');
  });
});
