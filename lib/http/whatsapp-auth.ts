import { createHmac, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { whatsappAppSecret, whatsappVerifyToken } from '../config.js';
import { forbidden, invalidField, unauthorized } from '../domain/errors.js';
import { log } from '../logger.js';

/** Meta's callers prove themselves instead of an API key: these checks stand where auth.ts stands for keys. */

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * X-Hub-Signature-256 must be "sha256=" and the hex HMAC-SHA256 of the raw body under the app
 * secret. Checked before the body is parsed, on the exact bytes Meta signed; anything else is 401.
 */
export function checkWhatsAppSignature(
  event: Pick<APIGatewayProxyEvent, 'headers' | 'body' | 'isBase64Encoded'>,
): void {
  const secret = whatsappAppSecret();
  if (secret === '') {
    log.error('WhatsApp webhook refused: WHATSAPP_APP_SECRET is not set');
    throw unauthorized('This webhook is not configured to accept calls');
  }
  const header = event.headers?.['x-hub-signature-256'];
  if (!header) throw unauthorized('The X-Hub-Signature-256 header is required');
  const raw =
    event.body === null || event.body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  const expected = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  if (!sameText(header.trim().toLowerCase(), expected))
    throw unauthorized('The X-Hub-Signature-256 signature does not match the body');
}

/** Meta's verification handshake: the challenge back when the token is this stage's. */
export function answerWhatsAppChallenge(query: Record<string, string | undefined>): string {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe') throw invalidField('query.hub.mode', 'must be "subscribe", e.g. hub.mode=subscribe');
  if (!token)
    throw invalidField(
      'query.hub.verify_token',
      'is required: the verify token set in the app dashboard, e.g. hub.verify_token=my-verify-token',
    );
  if (!challenge || challenge.length > 256)
    throw invalidField(
      'query.hub.challenge',
      'is required: at most 256 characters, answered back as they are, e.g. hub.challenge=1158201444',
    );
  const expected = whatsappVerifyToken();
  if (expected === '' || !sameText(token, expected))
    throw forbidden("hub.verify_token is not this webhook's verify token");
  return challenge;
}
