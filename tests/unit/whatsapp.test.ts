/**
 * The WhatsApp transport against a stub of the Graph API (node:http on a random local port):
 * the exact requests it makes, and how it maps and retries Meta's answers. Sleeps are injected,
 * so retries cost no time; only the timeout tests wait, for a few tens of milliseconds.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { channelDispatchFailed } from '../../lib/domain/errors.js';
import { ChannelError, type ChatMessage } from '../../lib/notify/message.js';
import { createWhatsAppChannel, type WhatsAppOptions } from '../../lib/notify/whatsapp.js';

// --- the stub Graph API ----------------------------------------------------------------------------

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

/** What the stub answers to one request: a status with a JSON (or raw) body, or no answer at all. */
type Answer = { status: number; json?: unknown; raw?: string; headers?: Record<string, string> };
type Reply = Answer | 'hang';

const requests: Recorded[] = [];
let replies: Reply[] = [];
let server: Server;
let baseUrl: string;

const PHONE_NUMBER_ID = '106540352242922';
const TOKEN = 'EAAtesttoken';
const MESSAGES_PATH = `/v21.0/${PHONE_NUMBER_ID}/messages`;

const delivered = (id: string): Answer => ({
  status: 200,
  json: {
    messaging_product: 'whatsapp',
    contacts: [{ input: '971501234567', wa_id: '971501234567' }],
    messages: [{ id }],
  },
});
const metaError = (status: number, code: number, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  json: { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf123', ...extra } },
});

function answer(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    });
    // The last scripted reply repeats, so "500 for ever" is one entry.
    const reply = (replies.length > 1 ? replies.shift() : replies[0]) ?? delivered('wamid.default');
    if (reply === 'hang') return; // the client's timeout aborts and closes the connection
    // A fresh connection per request: a kept-alive socket closed between tests would look like a network failure.
    response.writeHead(reply.status, {
      'Content-Type': reply.raw === undefined ? 'application/json' : 'text/html',
      Connection: 'close',
      ...reply.headers,
    });
    response.end(reply.raw ?? JSON.stringify(reply.json));
  });
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections(); // nothing should be left, but a hanging request must not keep the run alive
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  replies = [];
});

afterEach(() => {
  vi.unstubAllEnvs();
});

// --- helpers ----------------------------------------------------------------------------------------

const sleeps: number[] = [];
const fakeSleep = async (ms: number): Promise<void> => {
  sleeps.push(ms);
};
beforeEach(() => {
  sleeps.length = 0;
});

const channel = (options: WhatsAppOptions = {}) =>
  createWhatsAppChannel({
    baseUrl,
    accessToken: TOKEN,
    phoneNumberId: PHONE_NUMBER_ID,
    sleep: fakeSleep,
    random: () => 0.5,
    ...options,
  });

/** A port that was free a moment ago: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const TEXT: ChatMessage = {
  to: '+971501234567',
  text: 'Your Hyundai Sonata has passed inspection: https://example.com/o/1',
};

/** The ChannelError a send rejects with (fails the test if it resolves or throws something else). */
async function failure(send: Promise<unknown>): Promise<ChannelError> {
  const error: unknown = await send.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  expect(error).toBeInstanceOf(ChannelError);
  return error as ChannelError;
}

// --- requests -----------------------------------------------------------------------------------

describe('whatsapp: the request', () => {
  it("posts a text message to /<version>/<phone number id>/messages with the bearer token and Meta's body", async () => {
    // Arrange
    replies = [delivered('wamid.HBgLOTcxNTAxMjM0NTY3FQIAERgSQ0')];

    // Act
    const result = await channel().send(TEXT);

    // Assert
    expect(result).toEqual({ messageId: 'wamid.HBgLOTcxNTAxMjM0NTY3FQIAERgSQ0' });
    expect(requests).toEqual([
      {
        method: 'POST',
        url: MESSAGES_PATH,
        authorization: `Bearer ${TOKEN}`,
        contentType: 'application/json',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '971501234567',
          type: 'text',
          text: { preview_url: true, body: 'Your Hyundai Sonata has passed inspection: https://example.com/o/1' },
        },
      },
    ]);
  });

  it('posts a template message with its language and one body parameter per value, in order', async () => {
    // Arrange
    replies = [delivered('wamid.template1')];

    // Act
    const result = await channel().send({
      to: '+821012345678',
      template: { name: 'order_status', language: 'en_US', parameters: ['VPO-1042', 'shipped'] },
    });

    // Assert
    expect(result.messageId).toBe('wamid.template1');
    expect(requests[0]?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '821012345678',
      type: 'template',
      template: {
        name: 'order_status',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'VPO-1042' },
              { type: 'text', text: 'shipped' },
            ],
          },
        ],
      },
    });
  });

  it('sends a template without parameters without components (Meta refuses an empty body component)', async () => {
    // Act
    await channel().send({ to: '+971501234567', template: { name: 'hello_world', language: 'en_US', parameters: [] } });

    // Assert
    expect(requests[0]?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '971501234567',
      type: 'template',
      template: { name: 'hello_world', language: { code: 'en_US' } },
    });
  });

  it('sends the callback data as biz_opaque_callback_data, which Meta echoes in the statuses', async () => {
    // Act
    await channel().send({
      to: '+971501234567',
      template: { name: 'hello_world', language: 'en_US', parameters: [] },
      callbackData: 'evt123.customer',
    });
    const tooLong = await channel()
      .send({ to: '+971501234567', text: 'hi', callbackData: 'x'.repeat(513) })
      .catch((error: unknown) => error);

    // Assert
    expect(requests[0]?.body).toMatchObject({ to: '971501234567', biz_opaque_callback_data: 'evt123.customer' });
    expect(requests).toHaveLength(1);
    expect(tooLong).toMatchObject({ code: 'REJECTED', message: 'Callback data may have at most 512 characters' });
  });

  it('takes the URL, version, token and phone number id from the environment when not given', async () => {
    // Arrange
    vi.stubEnv('WHATSAPP_API_BASE_URL', `${baseUrl}/`);
    vi.stubEnv('WHATSAPP_API_VERSION', 'v22.0');
    vi.stubEnv('WHATSAPP_ACCESS_TOKEN', 'EAAfromenv');
    vi.stubEnv('WHATSAPP_PHONE_NUMBER_ID', '999');

    // Act
    await createWhatsAppChannel({ sleep: fakeSleep }).send(TEXT);

    // Assert
    expect(requests[0]).toMatchObject({ url: '/v22.0/999/messages', authorization: 'Bearer EAAfromenv' });
  });

  it('normalises a recipient written with spaces to digits only', async () => {
    // Act
    await channel().send({ to: '+971 50 123 4567', text: 'hi' });

    // Assert
    expect(requests[0]?.body).toMatchObject({ to: '971501234567' });
  });
});

// --- refusals before any request ---------------------------------------------------------------------

describe('whatsapp: refused before any request', () => {
  it('fails with AUTH_FAILED naming the missing settings on the first send, not when created', async () => {
    // Arrange
    vi.stubEnv('WHATSAPP_ACCESS_TOKEN', '');
    vi.stubEnv('WHATSAPP_PHONE_NUMBER_ID', '');
    const unconfigured = createWhatsAppChannel({ baseUrl, sleep: fakeSleep });

    // Act
    const error = await failure(unconfigured.send(TEXT));

    // Assert
    expect(error).toMatchObject({ code: 'AUTH_FAILED', retryable: false, attempts: 0 });
    expect(error.message).toMatch(/WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID/);
    expect(requests).toHaveLength(0);
  });

  it.each([['not a number'], ['971501234567'], ['+1']])('fails with RECIPIENT_INVALID for %j', async (to) => {
    // Act
    const error = await failure(channel().send({ to, text: 'hi' }));

    // Assert
    expect(error).toMatchObject({ code: 'RECIPIENT_INVALID', retryable: false });
    expect(requests).toHaveLength(0);
  });

  it('fails with REJECTED for an empty text or one longer than WhatsApp allows', async () => {
    // Act
    const empty = await failure(channel().send({ to: TEXT.to, text: '  ' }));
    const long = await failure(channel().send({ to: TEXT.to, text: 'x'.repeat(4097) }));

    // Assert
    expect(empty.code).toBe('REJECTED');
    expect(long.code).toBe('REJECTED');
    expect(requests).toHaveLength(0);
  });
});

// --- Meta's errors ---------------------------------------------------------------------------------

describe('whatsapp: failures and retries', () => {
  it('retries a 429 once and delivers the message exactly once', async () => {
    // Arrange
    replies = [metaError(429, 130429, '(#130429) Rate limit hit'), delivered('wamid.after429')];

    // Act
    const result = await channel().send(TEXT);

    // Assert
    expect(result.messageId).toBe('wamid.after429');
    expect(requests).toHaveLength(2);
    expect(sleeps).toEqual([150]); // base 200 ms, jitter fixed at the midpoint: 100 + 0.5 * 100
  });

  it('retries a 500 up to the maximum attempts, backing off exponentially, then fails with UNAVAILABLE', async () => {
    // Arrange
    replies = [metaError(500, 131000, 'Something went wrong')];

    // Act
    const error = await failure(channel({ maxAttempts: 4, baseDelayMs: 100, random: () => 1 }).send(TEXT));

    // Assert
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([100, 200, 400]);
    expect(error).toMatchObject({
      code: 'UNAVAILABLE',
      retryable: true,
      providerCode: 131000,
      httpStatus: 500,
      attempts: 4,
    });
    expect(error.message).toMatch(/after 4 attempts/);
  });

  it('defaults to 3 attempts', async () => {
    // Arrange
    replies = [{ status: 503, raw: '<html>Service Unavailable</html>' }];

    // Act
    const error = await failure(channel().send(TEXT));

    // Assert
    expect(requests).toHaveLength(3);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', attempts: 3 });
  });

  it('honours Retry-After in seconds, capped by the maximum delay', async () => {
    // Arrange
    replies = [
      { ...metaError(429, 4, '(#4) Application request limit reached'), headers: { 'Retry-After': '1' } },
      { ...metaError(429, 4, '(#4) Application request limit reached'), headers: { 'Retry-After': '30' } },
      delivered('wamid.afterRetryAfter'),
    ];

    // Act
    await channel({ maxDelayMs: 2000 }).send(TEXT);

    // Assert
    expect(sleeps).toEqual([1000, 2000]);
  });

  it('fails with AUTH_FAILED on 401 code 190 without retrying', async () => {
    // Arrange
    replies = [metaError(401, 190, 'Error validating access token: Session has expired', { error_subcode: 463 })];

    // Act
    const error = await failure(channel().send(TEXT));

    // Assert
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({
      code: 'AUTH_FAILED',
      retryable: false,
      providerCode: 190,
      httpStatus: 401,
      attempts: 1,
    });
    expect(error.message).toMatch(/Session has expired/);
  });

  it('fails with RECIPIENT_INVALID on 400 code 131026 without retrying', async () => {
    // Arrange
    replies = [metaError(400, 131026, 'Message undeliverable')];

    // Act
    const error = await failure(channel().send(TEXT));

    // Assert
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ code: 'RECIPIENT_INVALID', retryable: false, providerCode: 131026, attempts: 1 });
  });

  it.each([
    {
      label: '131030 (not in the allowed list)',
      reply: metaError(400, 131030, 'Recipient phone number not in allowed list'),
      code: 'RECIPIENT_INVALID',
      retryable: false,
    },
    {
      label: '100 naming the recipient',
      reply: metaError(400, 100, 'Invalid parameter', { error_data: { details: "Invalid value for parameter 'to'" } }),
      code: 'RECIPIENT_INVALID',
      retryable: false,
    },
    {
      label: '100 about something else',
      reply: metaError(400, 100, 'Invalid parameter', { error_data: { details: 'Template name does not exist' } }),
      code: 'REJECTED',
      retryable: false,
    },
    {
      label: '131047 (outside the 24-hour window)',
      reply: metaError(400, 131047, 'Re-engagement message'),
      code: 'REJECTED',
      retryable: false,
    },
    {
      label: '403 code 10 (permission)',
      reply: metaError(403, 10, 'Permission denied'),
      code: 'REJECTED',
      retryable: false,
    },
    {
      label: '400 code 131056 (pair rate limit)',
      reply: metaError(400, 131056, 'Pair rate limit hit'),
      code: 'RATE_LIMITED',
      retryable: true,
    },
    {
      label: '400 code 131048 (spam rate limit)',
      reply: metaError(400, 131048, 'Spam rate limit hit'),
      code: 'RATE_LIMITED',
      retryable: true,
    },
    {
      label: '400 code 80007 (account rate limit)',
      reply: metaError(400, 80007, 'Rate limit issues'),
      code: 'RATE_LIMITED',
      retryable: true,
    },
    {
      label: '400 code 2 (service)',
      reply: metaError(400, 2, 'Service temporarily unavailable'),
      code: 'UNAVAILABLE',
      retryable: true,
    },
    {
      label: '400 with an HTML body',
      reply: { status: 400, raw: '<html>Bad Request</html>' },
      code: 'REJECTED',
      retryable: false,
    },
  ])('maps $label to $code', async ({ reply, code, retryable }) => {
    // Arrange
    replies = [reply];

    // Act
    const error = await failure(channel({ maxAttempts: 2 }).send(TEXT));

    // Assert
    expect(error).toMatchObject({ code, retryable });
    expect(requests).toHaveLength(retryable ? 2 : 1);
  });

  it('fails with UNAVAILABLE and does not retry when a 200 has no readable message id (the message may have gone out)', async () => {
    // Arrange: malformed JSON
    replies = [{ status: 200, raw: '{"messages": [{"id": ' }];

    // Act
    const error = await failure(channel().send(TEXT));

    // Assert
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: false, httpStatus: 200, attempts: 1 });
    expect(error.message).toMatch(/may have been sent/);
  });

  it('fails with UNAVAILABLE after every attempt when WhatsApp never answers', async () => {
    // Arrange
    replies = ['hang'];

    // Act
    const error = await failure(channel({ timeoutMs: 50, maxAttempts: 2 }).send(TEXT));

    // Assert
    expect(requests).toHaveLength(2);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true, attempts: 2 });
    expect(error.message).toMatch(/did not answer within 50 ms/);
  });

  it('recovers when WhatsApp answers the attempt after a timeout', async () => {
    // Arrange
    replies = ['hang', delivered('wamid.afterTimeout')];

    // Act
    const result = await channel({ timeoutMs: 50 }).send(TEXT);

    // Assert
    expect(result.messageId).toBe('wamid.afterTimeout');
    expect(requests).toHaveLength(2);
  });

  it('fails with UNAVAILABLE, retryable, when nothing listens at the address', async () => {
    // Arrange
    const unreachable = channel({ baseUrl: `http://127.0.0.1:${await closedPort()}`, maxAttempts: 2 });

    // Act
    const error = await failure(unreachable.send(TEXT));

    // Assert
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true, attempts: 2 });
    expect(error.message).toMatch(/could not be reached/);
  });
});

describe('channelDispatchFailed', () => {
  it("turns a ChannelError into CHANNEL_DISPATCH_FAILED without the provider's message", () => {
    // Arrange
    const error = new ChannelError('RECIPIENT_INVALID', 'Message undeliverable to +971501234567', {
      retryable: false,
      providerCode: 131026,
    });

    // Act
    const appError = channelDispatchFailed(error);

    // Assert
    expect(appError).toMatchObject({
      code: 'CHANNEL_DISPATCH_FAILED',
      details: { reason: 'RECIPIENT_INVALID', retryable: false },
    });
    expect(JSON.stringify(appError.details)).not.toContain('+971');
  });
});
