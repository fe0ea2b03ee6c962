/**
 * The local chat transport against the test run's DynamoDB Local (tests/support/env.ts points
 * the data layer at it): it refuses what WhatsApp would (free-form text outside the 24-hour
 * window, templates not in the catalogue or given the wrong parameters) with Meta's codes, records
 * templates with the text they render to, lists newest first, its fail list, and `cli chat log`.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cli } from '../support/cli.js';
import { ChannelError } from '../../lib/notify/message.js';
import { createLocalChatLogChannel } from '../../lib/notify/local-chat-log.js';
import { listChatLog, type ChatLogEntry } from '../../lib/store/chat-log.js';
import { recordInbound } from '../../lib/store/chat-contacts.js';
import { uniquePhone } from '../support/http.js';

const unique = (): string => randomBytes(5).toString('hex');
/** createdAt has millisecond precision; a pause keeps consecutive messages apart in time. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The person writes to the business number (as the webhook records it): their 24-hour window opens. */
async function wroteUs(phone: string, at = new Date()): Promise<void> {
  await recordInbound(phone, `wamid.test.${unique()}`, at.toISOString(), undefined);
}

const SHIPPED = {
  name: 'vpo_order_shipped_customer',
  language: 'en',
  parameters: ['Ahmed Said', '1042', 'Kia K5 2022'],
};

describe('the local stand-in refuses what WhatsApp refuses', () => {
  it("refuses free-form text to someone who never wrote, with Meta's code 131047, and records nothing", async () => {
    const to = uniquePhone();

    const error: unknown = await createLocalChatLogChannel()
      .send({ to, text: 'hello out of the blue' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ code: 'REJECTED', retryable: false, providerCode: 131047 });
    expect((await listChatLog(200)).some((m) => m.to === to)).toBe(false);
  });

  it('refuses free-form text once 24 hours have passed since the person last wrote', async () => {
    const to = uniquePhone();
    await wroteUs(to, new Date(Date.now() - 24 * 3600_000 - 60_000));

    await expect(createLocalChatLogChannel().send({ to, text: 'too late' })).rejects.toMatchObject({
      providerCode: 131047,
    });
  });

  it('accepts free-form text inside the window the person opened by writing', async () => {
    const to = uniquePhone();
    await wroteUs(to, new Date(Date.now() - 23 * 3600_000));

    const sent = await createLocalChatLogChannel().send({ to, text: 'thanks for your message' });

    expect((await listChatLog(200)).find((m) => m.messageId === sent.messageId)?.text).toBe('thanks for your message');
  });

  it('accepts a template at any time and records its name, language, parameters and the text it renders to', async () => {
    const to = uniquePhone();

    const sent = await createLocalChatLogChannel().send({ to, template: SHIPPED });

    expect((await listChatLog(200)).find((m) => m.messageId === sent.messageId)).toEqual<ChatLogEntry>({
      messageId: sent.messageId,
      to,
      template: SHIPPED,
      text: 'Hello Ahmed Said, order #1042 (Kia K5 2022): your car has been shipped. Reply STOP to stop these messages.',
      createdAt: expect.any(String) as string,
    });
  });

  it('refuses a template that is not in the catalogue (132001) or not in that language, and one given the wrong number of parameters (132000)', async () => {
    const channel = createLocalChatLogChannel();
    const to = uniquePhone();

    await expect(
      channel.send({ to, template: { ...SHIPPED, name: 'vpo_order_teleported_customer' } }),
    ).rejects.toMatchObject({
      code: 'REJECTED',
      providerCode: 132001,
    });
    await expect(channel.send({ to, template: { ...SHIPPED, language: 'fr' } })).rejects.toMatchObject({
      providerCode: 132001,
    });
    await expect(channel.send({ to, template: { ...SHIPPED, parameters: ['Ahmed Said'] } })).rejects.toMatchObject({
      providerCode: 132000,
    });
    expect((await listChatLog(200)).some((m) => m.to === to)).toBe(false);
  });
});

describe('local chat log', () => {
  it('lists messages newest first, with the recipient normalised', async () => {
    // Arrange
    const channel = createLocalChatLogChannel();
    const to = uniquePhone();
    await wroteUs(to);
    const text = `Your order is confirmed ${unique()}`;

    // Act
    const first = await channel.send({ to, text });
    await tick();
    const second = await channel.send({ to, template: SHIPPED });
    await tick();
    const third = await channel.send({ to: to.replace('+971', '+971 '), text: 'spaces are normalised' });
    const listed = await listChatLog(200);

    // Assert
    const mine = listed.filter((message) => message.to === to);
    expect(mine.map((message) => message.messageId)).toEqual([third.messageId, second.messageId, first.messageId]);
    expect(mine[2]).toEqual<ChatLogEntry>({
      messageId: first.messageId,
      to,
      text,
      createdAt: expect.any(String) as string,
    });
    const times = listed.map((message) => message.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('returns at most the requested number of messages', async () => {
    // Arrange
    const channel = createLocalChatLogChannel();
    for (const n of [1, 2, 3])
      await channel.send({ to: uniquePhone(), template: { ...SHIPPED, parameters: [`Customer ${n}`, '1', 'Kia K5'] } });

    // Act
    const listed = await listChatLog(2);

    // Assert
    expect(listed).toHaveLength(2);
  });

  it('throws REJECTED for a recipient in CHAT_LOCAL_FAIL_NUMBERS and records nothing', async () => {
    // Arrange
    const refused = uniquePhone();
    vi.stubEnv('CHAT_LOCAL_FAIL_NUMBERS', `+10000000000, ${refused}`);
    const channel = createLocalChatLogChannel();

    // Act
    const error: unknown = await channel
      .send({ to: refused, text: 'never recorded' })
      .catch((rejection: unknown) => rejection);

    // Assert
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ code: 'REJECTED', retryable: false });
    expect((await listChatLog(200)).some((message) => message.to === refused)).toBe(false);
  });

  it('throws RECIPIENT_INVALID for a number that is not E.164, like the WhatsApp transport', async () => {
    // Act
    const sent = createLocalChatLogChannel().send({ to: '0501234567', text: 'no country code' });

    // Assert
    await expect(sent).rejects.toMatchObject({ code: 'RECIPIENT_INVALID', retryable: false });
  });
});

describe('cli chat log', () => {
  it('shows a recorded message as JSON', async () => {
    // Arrange
    const to = uniquePhone();
    await wroteUs(to);
    const text = `Inspection report ready ${unique()}`;
    const { messageId } = await createLocalChatLogChannel().send({ to, text });

    // Act
    // (The widest page: other test files send messages concurrently and could push it off a short one.)
    const result = await cli(['chat', 'outbox', '--json', '--limit', '200']);

    // Assert
    expect(result.code, result.stderr).toBe(0);
    const listed = (JSON.parse(result.stdout) as { messages: ChatLogEntry[] }).messages;
    expect(listed.length).toBeLessThanOrEqual(200);
    expect(listed).toContainEqual({ messageId, to, text, createdAt: expect.any(String) as string });
  });

  it('shows a readable table with the template and the rendered text in full', async () => {
    // Arrange
    const to = uniquePhone();
    const parameters = ['أحمد سعيد', '1042', `Hyundai Palisade Calligraphy 2023 with a long trim name ${unique()}`];
    const { messageId } = await createLocalChatLogChannel().send({
      to,
      template: { ...SHIPPED, language: 'ar', parameters },
    });

    // Act (`chat outbox` is the old name of `chat log`)
    for (const command of ['log', 'outbox']) {
      const result = await cli(['chat', command, '--to', to]);

      // Assert
      expect(result.code, result.stderr).toBe(0);
      const row = result.stdout.split('\n').find((line) => line.includes(messageId));
      expect(row).toContain(to);
      expect(row).toContain('vpo_order_shipped_customer (ar)');
      expect(row).toContain(
        `مرحباً أحمد سعيد، الطلب #1042 (${parameters[2]}): تم شحن سيارتك. أرسل "إيقاف" لإيقاف هذه الرسائل.`,
      );
    }
  });

  it.each([['0'], ['201'], ['ten']])('exits 2 for --limit %s', async (limit) => {
    // Act
    const result = await cli(['chat', 'outbox', '--limit', limit]);

    // Assert
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toMatch(/--limit must be/);
    expect(result.stdout).toBe('');
  });
});
