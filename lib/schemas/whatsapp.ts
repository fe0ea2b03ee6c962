import * as Type from '@sinclair/typebox';
import { defineRoute } from './route.js';

/**
 * The WhatsApp Cloud API calls these (Meta app dashboard -> WhatsApp -> Configuration -> Webhook,
 * field "messages"): no API key; Meta proves itself with the verify token (GET) and the app
 * secret's signature on every call (POST).
 */
export const verifyWhatsAppWebhook = defineRoute({
  id: 'verifyWhatsAppWebhook',
  errors: ['VALIDATION_ERROR', 'FORBIDDEN'],
  folder: 'whatsapp',
  method: 'GET',
  path: '/api/v1/webhooks/whatsapp',
  tag: 'WhatsApp',
  summary: "WhatsApp's verification handshake: answers hub.challenge when hub.verify_token is this stage's token",
  description:
    'Meta calls this once when the webhook is configured. With hub.mode=subscribe and the verify token of this stage (WHATSAPP_VERIFY_TOKEN), the answer is the hub.challenge value as plain text; any other token gets 403.',
  status: 200,
  raw: true,
  public: true,
  cors: false,
  rawContentType: 'text/plain',
  query: Type.Object(
    {
      'hub.mode': Type.Literal('subscribe'),
      'hub.verify_token': Type.String({
        minLength: 1,
        maxLength: 256,
        description: 'the verify token set in the app dashboard',
        examples: ['local-whatsapp-verify-token'],
      }),
      'hub.challenge': Type.String({
        minLength: 1,
        maxLength: 256,
        description: 'answered back as plain text',
        examples: ['1158201444'],
      }),
    },
    { additionalProperties: true },
  ),
});

const StatusUpdate = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 256,
      description: "WhatsApp's message id (wamid)",
      examples: ['wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0'],
    }),
    status: Type.String({
      maxLength: 32,
      description: 'sent, delivered, read or failed (others are ignored)',
      examples: ['delivered'],
    }),
    timestamp: Type.Optional(Type.String({ maxLength: 20, description: 'epoch seconds', examples: ['1774000000'] })),
    recipient_id: Type.Optional(Type.String({ maxLength: 32, examples: ['971501234567'] })),
    biz_opaque_callback_data: Type.Optional(
      Type.String({
        maxLength: 512,
        description: 'echoed from the message as sent: names its event and recipient',
        examples: ['ckx8k2m1p0000abcd1234efg.customer'],
      }),
    ),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          code: Type.Optional(Type.Number({ examples: [131026] })),
          title: Type.Optional(Type.String({ maxLength: 500, examples: ['Message undeliverable'] })),
        }),
        {
          maxItems: 10,
          examples: [[{ code: 131026, title: 'Message undeliverable' }]],
        },
      ),
    ),
  },
  {
    additionalProperties: true,
    examples: [
      {
        id: 'wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0',
        status: 'delivered',
        timestamp: '1774000000',
        recipient_id: '971501234567',
      },
    ],
  },
);

const InboundMessage = Type.Object(
  {
    from: Type.String({
      minLength: 1,
      maxLength: 32,
      description: "the sender's number without the +",
      examples: ['971501234567'],
    }),
    id: Type.String({ minLength: 1, maxLength: 256, examples: ['wamid.HBgMOTcxNTAxMjM0NTY3FQIAEhgUM0EB'] }),
    timestamp: Type.Optional(Type.String({ maxLength: 20, examples: ['1774000000'] })),
    type: Type.Optional(Type.String({ maxLength: 32, examples: ['text'] })),
    text: Type.Optional(
      Type.Object(
        { body: Type.String({ maxLength: 4096, examples: ['STOP'] }) },
        { additionalProperties: true, examples: [{ body: 'STOP' }] },
      ),
    ),
    button: Type.Optional(
      Type.Object(
        { text: Type.Optional(Type.String({ maxLength: 256, examples: ['Stop promotions'] })) },
        { additionalProperties: true, examples: [{ text: 'Stop promotions' }] },
      ),
    ),
  },
  {
    additionalProperties: true,
    examples: [
      {
        from: '971501234567',
        id: 'wamid.HBgMOTcxNTAxMjM0NTY3FQIAEhgUM0EB',
        timestamp: '1774000000',
        type: 'text',
        text: { body: 'STOP' },
      },
    ],
  },
);

/** A delivery status as Meta posts it (the reference's example of the webhook body). */
const STATUS_CALL = {
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: '106540352242922' },
            statuses: [
              {
                id: 'wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0',
                status: 'delivered',
                timestamp: '1774000000',
                recipient_id: '971501234567',
                biz_opaque_callback_data: 'ckx8k2m1p0000abcd1234efg.customer',
              },
            ],
          },
        },
      ],
    },
  ],
};

export const receiveWhatsAppWebhook = defineRoute({
  id: 'receiveWhatsAppWebhook',
  errors: [
    'PAYLOAD_TOO_LARGE',
    'UNAUTHORIZED',
    'INVALID_JSON',
    'UNSUPPORTED_MEDIA_TYPE',
    'VALIDATION_ERROR',
    'SERVICE_UNAVAILABLE',
  ],
  folder: 'whatsapp',
  method: 'POST',
  path: '/api/v1/webhooks/whatsapp',
  tag: 'WhatsApp',
  summary: 'WhatsApp delivery statuses and inbound messages (signed by Meta with X-Hub-Signature-256)',
  description:
    'Every call must carry X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>; without it, or with a wrong one, the answer is 401 and nothing is stored. Statuses (sent, delivered, read, failed with Meta\'s error code) are recorded on the message they name; an inbound message opens its sender\'s 24-hour window, and "STOP" (or "إيقاف") turns their messages off, "START" (or "ابدأ") back on, each acknowledged. Repeated calls change nothing twice.',
  status: 200,
  public: true,
  cors: false,
  body: Type.Object(
    {
      object: Type.String({ maxLength: 64, examples: ['whatsapp_business_account'] }),
      entry: Type.Array(
        Type.Object(
          {
            id: Type.Optional(Type.String({ maxLength: 64, examples: ['102290129340398'] })),
            changes: Type.Array(
              Type.Object(
                {
                  field: Type.Optional(Type.String({ maxLength: 64, examples: ['messages'] })),
                  value: Type.Object(
                    {
                      statuses: Type.Optional(
                        Type.Array(StatusUpdate, {
                          maxItems: 1000,
                          examples: [STATUS_CALL.entry[0]!.changes[0]!.value.statuses],
                        }),
                      ),
                      messages: Type.Optional(
                        Type.Array(InboundMessage, {
                          maxItems: 1000,
                          examples: [
                            [
                              {
                                from: '971501234567',
                                id: 'wamid.HBgMOTcxNTAxMjM0NTY3FQIAEhgUM0EB',
                                timestamp: '1774000000',
                                type: 'text',
                                text: { body: 'STOP' },
                              },
                            ],
                          ],
                        }),
                      ),
                    },
                    { additionalProperties: true, examples: [STATUS_CALL.entry[0]!.changes[0]!.value] },
                  ),
                },
                { additionalProperties: true, examples: [STATUS_CALL.entry[0]!.changes[0]] },
              ),
              { maxItems: 100, examples: [STATUS_CALL.entry[0]!.changes] },
            ),
          },
          { additionalProperties: true, examples: [STATUS_CALL.entry[0]] },
        ),
        { maxItems: 100, examples: [STATUS_CALL.entry] },
      ),
    },
    { additionalProperties: true, examples: [STATUS_CALL] },
  ),
  response: Type.Object({
    statuses: Type.Integer({ description: 'statuses recorded on a message of ours' }),
    unknownStatuses: Type.Integer({ description: 'statuses naming no message of ours (ignored)' }),
    messages: Type.Integer({ description: 'inbound messages recorded (repeats of one already seen are not counted)' }),
    optOuts: Type.Integer({ description: 'senders who opted out or back in with this call' }),
  }),
});
