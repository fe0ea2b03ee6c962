/**
 * The WhatsApp template catalogue (lib/text/chat-templates.ts) is what gets submitted to Meta
 * and what every notification and contract is sent as. Meta refuses a message whose parameters
 * do not match the approved template, and refuses templates that break its rules, so both are
 * checked here for every entry, in both languages.
 */
import { describe, expect, it } from 'vitest';
import { CHAT_LANGUAGES, placeholdersOf, renderTemplate, templateParameter } from '../../lib/text/chat-template.js';
import { CHAT_TEMPLATES, chatTemplate } from '../../lib/text/chat-templates.js';
import { contractTemplate, contractTemplateKey } from '../../lib/text/contract-templates.js';
import {
  NOTIFICATION_MATRIX,
  notificationTemplate,
  ORDER_EVENTS,
  type Audience,
} from '../../lib/domain/notifications.js';

const ARABIC = /[\u0600-\u06FF]/;
const AUDIENCES: Audience[] = ['customer', 'marketer', 'accountant', 'operations'];
const order = (paidFromWallet: boolean) => ({ orderNumber: 1042, car: 'Hyundai Sonata 2021', paidFromWallet });

describe('the template catalogue', () => {
  it('has a template in English and Arabic for every event, audience and payment path the service sends', () => {
    const missing: string[] = [];
    for (const event of ORDER_EVENTS) {
      for (const audience of AUDIENCES.filter((a) => NOTIFICATION_MATRIX[event].includes(a))) {
        for (const paidFromWallet of [false, true]) {
          const { key, parameters } = notificationTemplate(event, audience, order(paidFromWallet), 'Ahmed Said');
          const template = chatTemplate(key);
          for (const language of CHAT_LANGUAGES) {
            const text = template && renderTemplate(template, language, parameters);
            if (!text)
              missing.push(`${event} ${audience} ${paidFromWallet ? 'wallet' : 'deposit'} ${language}: ${key}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("numbers each body's placeholders {{1}}..{{n}}, each once, n being the parameters and example values it declares", () => {
    for (const template of CHAT_TEMPLATES) {
      expect(template.examples, template.key).toHaveLength(template.parameters.length);
      for (const language of CHAT_LANGUAGES) {
        const used = placeholdersOf(template.body[language]);
        expect(
          used.slice().sort((a, b) => a - b),
          `${template.key} ${language}`,
        ).toEqual(template.parameters.map((_, i) => i + 1));
      }
    }
  });

  it("follows Meta's rules: names of lower-case letters, digits and underscores, bodies that neither start nor end with a placeholder, at most 1024 characters, Utility category", () => {
    for (const template of CHAT_TEMPLATES) {
      expect(`vpo_${template.key}`, template.key).toMatch(/^[a-z0-9_]{1,512}$/);
      expect(template.category).toBe('UTILITY');
      for (const language of CHAT_LANGUAGES) {
        const body = template.body[language];
        expect(body.length, `${template.key} ${language}`).toBeLessThanOrEqual(1024);
        expect(body.trim(), `${template.key} ${language}`).not.toMatch(/^\{\{\d+\}\}|\{\{\d+\}\}[.!]?$/);
        expect(body, `${template.key} ${language}`).not.toMatch(/\{\{\d+\}\}\s*\{\{\d+\}\}/);
      }
    }
  });

  it('writes the Arabic bodies in Arabic and the English ones in plain ASCII', () => {
    for (const template of CHAT_TEMPLATES) {
      expect(template.body.ar, template.key).toMatch(ARABIC);
      expect(template.body.en, template.key).toMatch(/^[\x20-\x7E]+$/);
    }
  });

  it('gives every template its own key, and every key its own English body', () => {
    expect(new Set(CHAT_TEMPLATES.map((t) => t.key)).size).toBe(CHAT_TEMPLATES.length);
    expect(new Set(CHAT_TEMPLATES.map((t) => t.body.en)).size).toBe(CHAT_TEMPLATES.length);
  });

  it('renders the example values into a readable message with no placeholder left', () => {
    for (const template of CHAT_TEMPLATES) {
      for (const language of CHAT_LANGUAGES) {
        const text = renderTemplate(template, language, template.examples);
        expect(text, `${template.key} ${language}`).toBeDefined();
        expect(text).not.toMatch(/\{\{|\}\}/);
        for (const example of template.examples) expect(text).toContain(example);
      }
    }
  });

  it('refuses to render with too few or too many parameters, as Meta refuses the message', () => {
    const template = chatTemplate('order_shipped_customer')!;
    expect(renderTemplate(template, 'en', ['Ahmed', '1042'])).toBeUndefined();
    expect(renderTemplate(template, 'en', ['Ahmed', '1042', 'Kia K5', 'extra'])).toBeUndefined();
  });

  it('tells the customer how to stop the messages, in their language', () => {
    for (const template of CHAT_TEMPLATES.filter((t) => /_customer(_link)?$/.test(t.key))) {
      expect(template.body.en).toContain('Reply STOP');
      expect(template.body.ar).toContain('إيقاف');
    }
  });
});

describe("the buyer's tracking link", () => {
  /** Every customer message that marks the order's progress: one per event and path, and the departure. */
  const PROGRESS = CHAT_TEMPLATES.filter((t) => t.key.endsWith('_customer'));
  const LINK = 'https://api.example.com/track/Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2';

  it('is there for every progress template: 14 events and paths and the departure', () => {
    expect(PROGRESS).toHaveLength(15);
    expect(PROGRESS.map((t) => t.key)).toContain('shipment_departed_customer');
  });

  it('has a `_link` variant of every progress template, in English and Arabic, taking the link as one more parameter, placeholders matching', () => {
    for (const plain of PROGRESS) {
      const variant = chatTemplate(`${plain.key}_link`);
      expect(variant, plain.key).toBeDefined();
      expect(variant!.parameters, plain.key).toEqual([...plain.parameters, 'tracking link']);
      expect(variant!.examples.at(-1), plain.key).toMatch(/^https:\/\/[^ ]+\/track\/[A-Za-z0-9_-]{32}$/);
      const n = variant!.parameters.length;
      for (const language of CHAT_LANGUAGES) {
        const used = placeholdersOf(variant!.body[language]);
        expect(used, `${variant!.key} ${language}`).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        expect(placeholdersOf(variant!.body[language]).slice(0, -1), `${variant!.key} ${language}`).toEqual(
          placeholdersOf(plain.body[language]),
        );
      }
    }
  });

  it('says the same as the message without the link, with one sentence carrying the link before the opt-out', () => {
    for (const plain of PROGRESS) {
      const variant = chatTemplate(`${plain.key}_link`)!;
      const n = variant.parameters.length;
      expect(variant.body.en.replace(`Follow your order: {{${n}}} `, ''), plain.key).toBe(plain.body.en);
      expect(variant.body.ar.replace(`تابع طلبك: {{${n}}} `, ''), plain.key).toBe(plain.body.ar);
      expect(variant.body.en, plain.key).toMatch(
        new RegExp(`Follow your order: \\{\\{${n}\\}\\} Reply STOP to stop these messages\\.$`),
      );
      expect(variant.body.ar, plain.key).toMatch(
        new RegExp(`تابع طلبك: \\{\\{${n}\\}\\} أرسل "إيقاف" لإيقاف هذه الرسائل\\.$`),
      );
    }
  });

  it('renders the link whole, with nothing after it but a space', () => {
    for (const plain of PROGRESS) {
      const variant = chatTemplate(`${plain.key}_link`)!;
      const parameters = [...plain.examples, LINK];
      for (const language of CHAT_LANGUAGES)
        expect(renderTemplate(variant, language, parameters), `${variant.key} ${language}`).toContain(` ${LINK} `);
    }
  });

  it('is in no staff template, nor any other but the progress ones', () => {
    const withLink = CHAT_TEMPLATES.filter((t) => t.parameters.includes('tracking link')).map((t) => t.key);
    expect(withLink.sort()).toEqual(PROGRESS.map((t) => `${t.key}_link`).sort());
    expect(CHAT_TEMPLATES.filter((t) => t.key.includes('_staff_link'))).toEqual([]);
  });
});

describe('the words of each path', () => {
  it('does not ask the staff of a wallet-paid order for a deposit or a payment', () => {
    for (const event of ['order.created', 'contract.signed'] as const) {
      const { key } = notificationTemplate(event, 'accountant', order(true), 'Sara');
      expect(chatTemplate(key)!.body.en).not.toMatch(/deposit to confirm|payment next/);
    }
  });

  it('tells the customer of a wallet-paid order that the wallet paid it', () => {
    const { key, parameters } = notificationTemplate('order.created', 'customer', order(true), 'Ahmed Said');
    expect(renderTemplate(chatTemplate(key)!, 'en', parameters)).toBe(
      'Hello Ahmed Said, order #1042 (Hyundai Sonata 2021): we have received your order, paid from your wallet. Reply STOP to stop these messages.',
    );
  });

  it('names the order number and the car in Arabic too', () => {
    const { key, parameters } = notificationTemplate('order.shipped', 'customer', order(false), 'أحمد سعيد');
    expect(renderTemplate(chatTemplate(key)!, 'ar', parameters)).toBe(
      'مرحباً أحمد سعيد، الطلب #1042 (Hyundai Sonata 2021): تم شحن سيارتك. أرسل "إيقاف" لإيقاف هذه الرسائل.',
    );
  });

  it('writes a departure without an ETA in the message language', () => {
    const withoutEta = { ...order(false), eta: undefined };
    const arabic = notificationTemplate('shipment.departed', 'customer', withoutEta, 'أحمد سعيد', 'ar');
    expect(arabic.parameters.at(-1)).toBe('يحدد لاحقاً');
    expect(renderTemplate(chatTemplate(arabic.key)!, 'ar', arabic.parameters)).not.toMatch(
      /[A-Za-z]{3,} [a-z]{2} [a-z]{4,}/,
    );
    expect(notificationTemplate('shipment.departed', 'customer', withoutEta, 'Ahmed', 'en').parameters.at(-1)).toBe(
      'to be confirmed',
    );
    expect(
      notificationTemplate(
        'shipment.departed',
        'customer',
        { ...withoutEta, eta: '2026-12-10' },
        'Ahmed',
        'ar',
      ).parameters.at(-1),
    ).toBe('2026-12-10');
  });
});

describe('the contract template', () => {
  it('carries the signing link in its body when there is one', () => {
    const template = chatTemplate(contractTemplateKey(true))!;
    const text = renderTemplate(template, 'en', [
      'Ahmed Said',
      '2031',
      'Kia K5',
      '18500 USD',
      'https://sign.example.com/c/2031',
    ]);
    expect(text).toContain('https://sign.example.com/c/2031');
    expect(
      renderTemplate(template, 'ar', ['أحمد', '2031', 'Kia K5', '18500 USD', 'https://sign.example.com/c/2031']),
    ).toContain('https://sign.example.com/c/2031');
  });

  it('has a version without a link that says the team will share the contract', () => {
    const template = chatTemplate(contractTemplateKey(false))!;
    expect(template.parameters).toHaveLength(4);
    expect(renderTemplate(template, 'en', ['Ahmed Said', '2031', 'Kia K5', '18500 USD'])).toMatch(
      /Our team will share it/,
    );
  });

  it('is the catalogue entry Meta approves under its key, so the text recorded is the text sent', () => {
    for (const withLink of [true, false]) {
      expect(contractTemplate(withLink).key).toBe(contractTemplateKey(withLink));
      expect(chatTemplate(contractTemplateKey(withLink))).toBe(contractTemplate(withLink));
    }
  });
});

describe('templateParameter', () => {
  it('keeps parameters to one line without long runs of spaces (Meta refuses those) and never empty', () => {
    expect(templateParameter('Kia\nK5\t2022')).toBe('Kia K5 2022');
    expect(templateParameter('a      b')).toBe('a   b');
    expect(templateParameter('   ')).toBe('-');
  });
});
