import { createHmac } from 'node:crypto';

/**
 * Plays Meta's part on the local stack: builds the webhook calls WhatsApp would make (delivery
 * statuses, a person writing to the business number) and signs them with the app secret, for
 * the staff CLI (`chat status`, `chat inbound`) and the tests.
 */

/** Must match params.local in serverless.yml (whatsappAppSecret, whatsappVerifyToken). */
export const LOCAL_WHATSAPP = {
  appSecret: 'local-whatsapp-app-secret',
  verifyToken: 'local-whatsapp-verify-token',
} as const;

export const signatureOf = (body: string, secret: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const envelope = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'LOCAL_WABA',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: 'LOCAL' },
            ...value,
          },
        },
      ],
    },
  ],
});

const epochSeconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** A delivery status; `callbackData` is echoed as Meta echoes the biz_opaque_callback_data a message was sent with. */
export function statusPayload(
  messageId: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  options: { to?: string; errorCode?: number; errorTitle?: string; at?: Date; callbackData?: string } = {},
) {
  const error =
    status === 'failed'
      ? [{ code: options.errorCode ?? 131026, title: options.errorTitle ?? 'Message undeliverable' }]
      : undefined;
  return envelope({
    statuses: [
      {
        id: messageId,
        status,
        timestamp: epochSeconds(options.at ?? new Date()),
        recipient_id: (options.to ?? '').replace(/^\+/, ''),
        ...(options.callbackData ? { biz_opaque_callback_data: options.callbackData } : {}),
        ...(error ? { errors: error } : {}),
      },
    ],
  });
}

export function inboundPayload(from: string, text: string, options: { messageId?: string; at?: Date } = {}) {
  const id = options.messageId ?? `wamid.local.in.${Date.now()}.${Math.random().toString(36).slice(2)}`;
  const wa = from.replace(/^\+/, '');
  return envelope({
    contacts: [{ profile: { name: 'Local sender' }, wa_id: wa }],
    messages: [{ from: wa, id, timestamp: epochSeconds(options.at ?? new Date()), type: 'text', text: { body: text } }],
  });
}

/** POSTs a payload to the service's webhook, signed as Meta signs it. */
export async function postWebhook(
  baseUrl: string,
  payload: unknown,
  secret: string = LOCAL_WHATSAPP.appSecret,
): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/v1/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signatureOf(body, secret) },
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: shown as it came
  }
  return { status: response.status, body: parsed };
}
