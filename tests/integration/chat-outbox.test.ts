/**
 * The local chat transport against the test run's DynamoDB Local (tests/support/env.ts points
 * the data layer at it): what it records, how it lists, its fail list, and `cli chat outbox`.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChannelError } from '../../lib/notify/message.js';
import { createLocalChatLogChannel } from '../../lib/notify/local-chat-log.js';
import { listChatLog, type ChatLogEntry } from '../../lib/store/chat-log.js';
import { uniquePhone } from '../support/http.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const unique = (): string => randomBytes(5).toString('hex');
/** createdAt has millisecond precision; a pause keeps consecutive messages apart in time. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', ...args], { cwd: root, env: process.env, timeout: 50_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('local chat outbox', () => {
  it('records text and template messages and lists them newest first', async () => {
    // Arrange
    const channel = createLocalChatLogChannel();
    const to = uniquePhone();
    const text = `Your order is confirmed ${unique()}`;

    // Act
    const first = await channel.send({ to, text });
    await tick();
    const second = await channel.send({ to, template: { name: 'order_status', language: 'en_US', parameters: ['VPO-1', 'paid'] } });
    await tick();
    const third = await channel.send({ to: to.replace('+971', '+971 '), text: 'spaces are normalised' });
    const listed = await listChatLog(200);

    // Assert
    const mine = listed.filter((message) => message.to === to);
    expect(mine.map((message) => message.messageId)).toEqual([third.messageId, second.messageId, first.messageId]);
    expect(mine[2]).toEqual<ChatLogEntry>({ messageId: first.messageId, to, text, createdAt: expect.any(String) as string });
    expect(mine[1]).toEqual<ChatLogEntry>({
      messageId: second.messageId,
      to,
      template: { name: 'order_status', language: 'en_US', parameters: ['VPO-1', 'paid'] },
      createdAt: expect.any(String) as string,
    });
    const times = listed.map((message) => message.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(mine.map((message) => message.messageId)).size).toBe(3);
  });

  it('returns at most the requested number of messages', async () => {
    // Arrange
    const channel = createLocalChatLogChannel();
    for (const n of [1, 2, 3]) await channel.send({ to: uniquePhone(), text: `message ${n}` });

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
    const error: unknown = await channel.send({ to: refused, text: 'never recorded' }).catch((rejection: unknown) => rejection);

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

describe('cli chat outbox', () => {
  it('shows a recorded message as JSON', async () => {
    // Arrange
    const to = uniquePhone();
    const text = `Inspection report ready ${unique()}`;
    const { messageId } = await createLocalChatLogChannel().send({ to, text });

    // Act
    // (The widest page: other test files send messages concurrently and could push it off a short one.)
    const result = await cli(['chat', 'outbox', '--json', '--limit', '200']);

    // Assert
    expect(result.code, result.stderr).toBe(0);
    const listed = JSON.parse(result.stdout) as ChatLogEntry[];
    expect(listed.length).toBeLessThanOrEqual(200);
    expect(listed).toContainEqual({ messageId, to, text, createdAt: expect.any(String) as string });
  });

  it('shows a readable table', async () => {
    // Arrange
    const to = uniquePhone();
    const { messageId } = await createLocalChatLogChannel().send({ to, template: { name: 'car_shipped', language: 'ar', parameters: [] } });

    // Act
    const result = await cli(['chat', 'outbox', '--limit', '200']);

    // Assert
    expect(result.code, result.stderr).toBe(0);
    const row = result.stdout.split('\n').find((line) => line.includes(messageId));
    expect(row).toContain(to);
    expect(row).toContain('template car_shipped');
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
