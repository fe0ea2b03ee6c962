import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret, in the form Standard Webhooks libraries take (`whsec_` + base64 of 32 bytes). */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhookRequest {
  url: string;
  /** `webhook-id`: the event id, the same on every attempt. */
  id: string;
  body: string;
  /** Every secret currently valid (two during a rotation's grace period): one signature each. */
  secrets: string[];
  at?: Date;
}

export interface WebhookAnswer {
  statusCode?: number;
  latencyMs: number;
  error?: string;
  response?: string;
}

export type SendWebhook = (request: WebhookRequest) => Promise<WebhookAnswer>;

const TIMEOUT_MS = 10_000;
const RESPONSE_KEPT = 300;

/**
 * The Standard Webhooks signature headers for a body: `webhook-signature` holds one
 * `v1,<base64 HMAC-SHA256 of id.timestamp.body>` per secret, space separated.
 */
function signatureHeaders(request: Pick<WebhookRequest, 'id' | 'body' | 'secrets' | 'at'>): Record<string, string> {
  const at = request.at ?? new Date();
  return {
    'webhook-id': request.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': request.secrets
      .map((secret) => new Webhook(secret).sign(request.id, at, request.body))
      .join(' '),
  };
}

/**
 * One signed POST of the body. Never throws: whatever happened (an answer, a timeout, a refused
 * connection) comes back as the attempt's record. Redirects are not followed: a receiver that
 * moved must be updated.
 */
export const sendWebhook: SendWebhook = async (request) => {
  const started = performance.now();
  try {
    const answer = await fetch(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'vehicle-purchase-orders-webhooks/1',
        ...signatureHeaders(request),
      },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await answer.text().catch(() => '');
    return {
      statusCode: answer.status,
      latencyMs: Math.round(performance.now() - started),
      ...(text ? { response: text.slice(0, RESPONSE_KEPT) } : {}),
    };
  } catch (error) {
    const cause =
      error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      latencyMs: Math.round(performance.now() - started),
      error: timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : cause.slice(0, RESPONSE_KEPT),
    };
  }
};
