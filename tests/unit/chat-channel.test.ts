/**
 * chatChannel(): the transport CHAT_TRANSPORT names, created once per container. Each test loads
 * a fresh copy of the module, since the chosen channel is cached at module scope.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const freshModule = async () => {
  vi.resetModules();
  const [channel, message] = await Promise.all([
    import('../../lib/notify/channel.js'),
    import('../../lib/notify/message.js'),
  ]);
  return { ...channel, ChannelError: message.ChannelError };
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('chatChannel', () => {
  it('chooses the local outbox when CHAT_TRANSPORT is not set', async () => {
    // Arrange
    vi.stubEnv('CHAT_TRANSPORT', '');
    const { chatTransport } = await freshModule();

    // Act
    const transport = chatTransport();

    // Assert
    expect(transport).toBe('local');
  });

  it('returns the same channel on every call', async () => {
    // Arrange
    vi.stubEnv('CHAT_TRANSPORT', 'whatsapp');
    const { chatChannel } = await freshModule();

    // Act
    const first = chatChannel();
    const second = chatChannel();

    // Assert
    expect(second).toBe(first);
  });

  it('sends through WhatsApp when CHAT_TRANSPORT=whatsapp, which refuses to send unconfigured', async () => {
    // Arrange
    vi.stubEnv('CHAT_TRANSPORT', 'whatsapp');
    vi.stubEnv('WHATSAPP_ACCESS_TOKEN', '');
    vi.stubEnv('WHATSAPP_PHONE_NUMBER_ID', '');
    const { chatChannel, ChannelError } = await freshModule();

    // Act
    const sent = chatChannel().send({ to: '+971501234567', text: 'hello' });

    // Assert
    await expect(sent).rejects.toBeInstanceOf(ChannelError);
    await expect(sent).rejects.toMatchObject({
      code: 'AUTH_FAILED',
      retryable: false,
      message: expect.stringMatching(/WHATSAPP_ACCESS_TOKEN/),
    });
  });

  it('fails loudly for an unknown CHAT_TRANSPORT', async () => {
    // Arrange
    vi.stubEnv('CHAT_TRANSPORT', 'sms');
    const { chatChannel } = await freshModule();

    // Act
    const choose = () => chatChannel();

    // Assert
    expect(choose).toThrow('CHAT_TRANSPORT must be whatsapp or local, got "sms"');
  });
});
