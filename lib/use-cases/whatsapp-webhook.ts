import { optOutAcknowledgement, optOutIntent } from '../domain/chat-contact.js';
import { isDeliveryStatus } from '../domain/message-status.js';
import { normalizePhone } from '../domain/phone.js';
import { describeError, log } from '../logger.js';
import { chatChannel } from '../notify/channel.js';
import type { ChatChannel } from '../notify/message.js';
import { recordInbound } from '../store/chat-contacts.js';
import { recordCallbackStatus, recordDeliveryStatus } from '../store/chat-messages.js';

/** What one webhook call changed. */
export interface WebhookReceipt {
  statuses: number;
  unknownStatuses: number;
  messages: number;
  optOuts: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** Meta's epoch-second timestamps as ISO time; the time of receipt when absent or garbled. */
function instantOf(timestamp: unknown): string {
  const seconds = typeof timestamp === 'string' || typeof timestamp === 'number' ? Number(timestamp) : Number.NaN;
  const date = new Date(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now());
  return Number.isNaN(date.getTime()) ? new Date().toISOString() : date.toISOString();
}

/** The words of an inbound message: typed text, or the label of a quick-reply button. */
function wordsOf(message: Json): string | undefined {
  if (isObject(message.text) && typeof message.text.body === 'string') return message.text.body;
  if (isObject(message.button) && typeof message.button.text === 'string') return message.button.text;
  return undefined;
}

/**
 * One call of the WhatsApp webhook (already signature-checked): delivery statuses land on the
 * messages they name (by id, else by the callback data the message was sent with); each inbound message opens its sender's 24-hour window, and STOP/START
 * (English or Arabic) switch their messages off or on, acknowledged in their language. Meta
 * repeats calls: statuses keep their first time, and an inbound message is acted on once.
 * Changes of other fields (template reviews, account updates) are accepted and ignored.
 */
export async function receiveWhatsAppWebhook(
  payload: unknown,
  channel: ChatChannel = chatChannel(),
): Promise<WebhookReceipt> {
  const receipt: WebhookReceipt = { statuses: 0, unknownStatuses: 0, messages: 0, optOuts: 0 };
  const values = list(isObject(payload) ? payload.entry : undefined).flatMap((entry) =>
    list(entry.changes).map((change) => (isObject(change.value) ? change.value : {})),
  );
  for (const value of values) {
    for (const status of list(value.statuses)) {
      if (typeof status.id !== 'string' || !isDeliveryStatus(status.status)) continue;
      const error = status.status === 'failed' ? list(status.errors)[0] : undefined;
      const at = instantOf(status.timestamp);
      const reason = error && {
        code: typeof error.code === 'number' ? error.code : undefined,
        title: typeof error.title === 'string' ? error.title.slice(0, 500) : undefined,
      };
      const known = await recordDeliveryStatus(status.id, status.status, at, reason);
      const callbackData =
        typeof status.biz_opaque_callback_data === 'string' ? status.biz_opaque_callback_data : undefined;
      if (known) receipt.statuses += 1;
      else if (callbackData) {
        // Ours, but its id was never recorded (the table was away when the send answered).
        await recordCallbackStatus(callbackData, status.id, status.status, at, reason);
        receipt.statuses += 1;
      } else receipt.unknownStatuses += 1;
    }
    for (const message of list(value.messages)) {
      const phone =
        typeof message.from === 'string' ? normalizePhone(`+${message.from.replace(/^\+/, '')}`) : undefined;
      if (!phone || typeof message.id !== 'string') continue;
      const words = wordsOf(message);
      const intent = words === undefined ? undefined : optOutIntent(words);
      const fresh = await recordInbound(phone, message.id, instantOf(message.timestamp), intent?.optOut);
      if (!fresh) continue;
      receipt.messages += 1;
      if (!intent) continue;
      receipt.optOuts += 1;
      // Free-form text is allowed: the person's message has just opened their window. A failed
      // acknowledgement does not undo the opt-out, and is not worth Meta's retrying the call.
      try {
        await channel.send({ to: phone, text: optOutAcknowledgement(intent) });
      } catch (failure) {
        log.warn('opt-out acknowledgement not sent', { optOut: intent.optOut, ...describeError(failure) });
      }
    }
  }
  return receipt;
}
