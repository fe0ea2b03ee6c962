/**
 * The rules a person's own messages set off (lib/domain/chat-contact.ts), the status a message
 * shows (lib/domain/message-status.ts) and the webhook's signature and handshake checks
 * (lib/http/whatsapp-auth.ts), without I/O.
 */
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CUSTOMER_WINDOW_MS, optOutAcknowledgement, optOutIntent, windowOpen } from '../../lib/domain/chat-contact.js';
import { AppError } from '../../lib/domain/errors.js';
import { messageStatus } from '../../lib/domain/message-status.js';
import { answerWhatsAppChallenge, checkWhatsAppSignature } from '../../lib/http/whatsapp-auth.js';
import { signatureOf } from '../../scripts/local/whatsapp-webhook.js';

describe('the 24-hour window', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('is open for 24 hours after the person last wrote, and closed from then on', () => {
    expect(windowOpen(ago(1_000), now)).toBe(true);
    expect(windowOpen(ago(CUSTOMER_WINDOW_MS - 1), now)).toBe(true);
    expect(windowOpen(ago(CUSTOMER_WINDOW_MS), now)).toBe(false);
    expect(windowOpen(ago(3 * CUSTOMER_WINDOW_MS), now)).toBe(false);
  });

  it('is closed for someone who never wrote, or whose time is garbled', () => {
    expect(windowOpen(undefined, now)).toBe(false);
    expect(windowOpen('not a time', now)).toBe(false);
  });
});

describe('opt-out words', () => {
  it.each(['STOP', 'stop', ' Stop. ', 'STOP!', 'unsubscribe', 'Opt out'])('%j opts out, in English', (text) => {
    expect(optOutIntent(text)).toEqual({ optOut: true, language: 'en' });
  });

  it.each(['إيقاف', 'ايقاف', 'توقف', ' إيقاف. ', 'إلغاء الاشتراك'])('%j opts out, in Arabic', (text) => {
    expect(optOutIntent(text)).toEqual({ optOut: true, language: 'ar' });
  });

  it.each([
    ['START', 'en'],
    ['start', 'en'],
    ['ابدأ', 'ar'],
  ] as const)('%j opts back in', (text, language) => {
    expect(optOutIntent(text)).toEqual({ optOut: false, language });
  });

  it.each(['please stop the car at the port', 'when will it ship?', 'stopped', '', 'STOP STOP'])(
    '%j is an ordinary message',
    (text) => {
      expect(optOutIntent(text)).toBeUndefined();
    },
  );

  it('acknowledges in the language of the word, and says how to undo it', () => {
    expect(optOutAcknowledgement({ optOut: true, language: 'en' })).toMatch(/no longer.*START/);
    expect(optOutAcknowledgement({ optOut: true, language: 'ar' })).toMatch(/ابدأ/);
    expect(optOutAcknowledgement({ optOut: false, language: 'en' })).toMatch(/back on.*STOP/);
  });
});

describe('messageStatus', () => {
  it('shows the furthest a sent message got, whatever order WhatsApp reported it in', () => {
    expect(messageStatus('accepted', {})).toBe('accepted');
    expect(messageStatus('accepted', { sent: 't1' })).toBe('sent');
    expect(messageStatus('accepted', { read: 't3', sent: 't1' })).toBe('read');
    expect(messageStatus('accepted', { delivered: 't2', sent: 't1' })).toBe('delivered');
    expect(messageStatus('accepted', { failed: 't2', sent: 't1' })).toBe('failed');
    // delivered to one of the person's devices though another failed
    expect(messageStatus('accepted', { failed: 't2', delivered: 't3' })).toBe('delivered');
  });

  it('shows why a message never went out', () => {
    expect(messageStatus('skipped', {})).toBe('skipped');
    expect(messageStatus('failed', {})).toBe('failed');
    expect(messageStatus('unknown', {})).toBe('unknown');
  });
});

describe('the webhook signature', () => {
  const secret = 'unit-test-app-secret';
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ changes: [{ value: { statuses: [] } }] }],
  });
  const refusal = (call: () => void) => {
    try {
      call();
    } catch (error) {
      return error instanceof AppError ? error.code : String(error);
    }
    return 'accepted';
  };
  let saved: string | undefined;
  beforeEach(() => {
    saved = process.env.WHATSAPP_APP_SECRET;
    process.env.WHATSAPP_APP_SECRET = secret;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.WHATSAPP_APP_SECRET;
    else process.env.WHATSAPP_APP_SECRET = saved;
  });

  it('accepts the HMAC-SHA256 of the exact body under the app secret, as Meta computes it', () => {
    const header = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    expect(signatureOf(body, secret)).toBe(header);
    expect(
      refusal(() =>
        checkWhatsAppSignature({ headers: { 'x-hub-signature-256': header }, body, isBase64Encoded: false }),
      ),
    ).toBe('accepted');
    expect(
      refusal(() =>
        checkWhatsAppSignature({
          headers: { 'x-hub-signature-256': header },
          body: Buffer.from(body).toString('base64'),
          isBase64Encoded: true,
        }),
      ),
    ).toBe('accepted');
  });

  it("refuses a missing header, another secret's signature, a changed body, and a malformed header", () => {
    const check = (header: string | undefined, payload = body) =>
      refusal(() =>
        checkWhatsAppSignature({
          headers: header === undefined ? {} : { 'x-hub-signature-256': header },
          body: payload,
          isBase64Encoded: false,
        }),
      );
    expect(check(undefined)).toBe('UNAUTHORIZED');
    expect(check(signatureOf(body, 'another secret'))).toBe('UNAUTHORIZED');
    expect(check(signatureOf(body, secret), `${body} `)).toBe('UNAUTHORIZED');
    expect(check(signatureOf(body, secret).replace('sha256=', 'sha1='))).toBe('UNAUTHORIZED');
    expect(check('sha256=')).toBe('UNAUTHORIZED');
  });

  it('refuses every call while no app secret is configured', () => {
    process.env.WHATSAPP_APP_SECRET = '';
    expect(
      refusal(() =>
        checkWhatsAppSignature({
          headers: { 'x-hub-signature-256': signatureOf(body, '') },
          body,
          isBase64Encoded: false,
        }),
      ),
    ).toBe('UNAUTHORIZED');
  });
});

describe('the verification handshake', () => {
  beforeEach(() => {
    process.env.WHATSAPP_VERIFY_TOKEN = 'unit-verify-token';
  });
  afterEach(() => {
    delete process.env.WHATSAPP_VERIFY_TOKEN;
  });

  it('answers the challenge for the right token', () => {
    expect(
      answerWhatsAppChallenge({
        'hub.mode': 'subscribe',
        'hub.verify_token': 'unit-verify-token',
        'hub.challenge': '1158201444',
      }),
    ).toBe('1158201444');
  });

  it('refuses another token with 403 and an incomplete request with 400', () => {
    const code = (query: Record<string, string>) => {
      try {
        answerWhatsAppChallenge(query);
        return 'answered';
      } catch (error) {
        return (error as AppError).code;
      }
    };
    expect(code({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1' })).toBe('FORBIDDEN');
    expect(code({ 'hub.mode': 'subscribe', 'hub.challenge': '1' })).toBe('VALIDATION_ERROR');
    expect(code({ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'unit-verify-token', 'hub.challenge': '1' })).toBe(
      'VALIDATION_ERROR',
    );
  });
});
