import { publicApiUrl } from '../../config.js';
import { recordEvent } from '../../metrics.js';
import { isChatLanguage, type ChatLanguage } from '../../text/chat-template.js';
import { notificationTemplate, recipientsOf, type OrderEvent, type Recipient } from '../../domain/notifications.js';
import { PLATFORM_SCOPE } from '../../domain/scope.js';
import { trackingUrl } from '../../domain/tracking-link.js';
import { vehicleLabel, vehicleOf, type Vehicle } from '../../domain/vehicle.js';
import { log } from '../../logger.js';
import { ChannelError, type ChatChannel } from '../../notify/message.js';
import { renderMessage, templateMessage } from '../../notify/templates.js';
import { getChatContacts } from '../../store/chat-contacts.js';
import {
  findEventMessage,
  getCallbackStatuses,
  putChatMessage,
  unknownMessageId,
  type ChatMessageRecord,
} from '../../store/chat-messages.js';
import { chatLanguagesOf } from '../../store/customers.js';
import { markSending, SENDING, type DeliveryNotes, type OutboxEvent } from '../../store/outbox.js';
import { listChildren } from '../../store/order-children.js';
import { getOrder, type OrderNotice } from '../../store/orders.js';
import { CorruptRecordError } from '../../store/record.js';
import { getUser, listStaff, type StaffUser } from '../../store/users.js';
import { tokenOf } from '../shared/tracking-link.js';
import { untilTableAnswers } from '../shared/until-table-answers.js';

/** The channel did not take one recipient's message: the retry sends it (and only the ones after it). */
export class NotSent extends Error {
  constructor(
    readonly recipientKey: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'NotSent';
  }
}

/** Staff as they were when the event happened: registered by then, and not deactivated before it. */
const staffAt = (at: string) => (user: StaffUser) =>
  (user.createdAt ?? '') <= at &&
  (user.active !== false || (user.deactivatedAt !== undefined && user.deactivatedAt > at));

/** Who hears of the event: the customer flag recorded with it, and the staff of that moment, however late the delivery. */
async function recipientsAtEvent(
  event: OutboxEvent,
  order: OrderNotice,
): Promise<{ recipients: Recipient[]; staff: StaffUser[] }> {
  const [accountants, operations] = (
    await Promise.all([listStaff(order.tenantId, 'accountant'), listStaff(order.tenantId, 'operations')])
  ).map((staff) => staff.filter(staffAt(event.createdAt))) as [StaffUser[], StaffUser[]];
  const flagAtEvent = event.payload.customerNotificationsEnabled;
  const recipients = recipientsOf({
    event: event.event as OrderEvent,
    // Events recorded before the flag travelled with them fall back to the order's current flag.
    customerNotificationsEnabled:
      typeof flagAtEvent === 'boolean' ? flagAtEvent : order.carDetails.customerNotificationsEnabled !== false,
    customer: order.customer,
    marketer: order.marketer,
    staff: [
      ...accountants.map((u) => ({ ...u, role: 'accountant' as const })),
      ...operations.map((u) => ({ ...u, role: 'operations' as const })),
    ],
  });
  return { recipients, staff: [...accountants, ...operations] };
}

/** Each recipient's language: a customer's own or else their tenant's default; a staff member's own; English otherwise. */
async function languagesOf(
  order: OrderNotice,
  recipients: Recipient[],
  staff: StaffUser[],
): Promise<Map<string, ChatLanguage>> {
  const toCustomer = recipients.some((r) => r.audience === 'customer');
  const toMarketer = recipients.some((r) => r.audience === 'marketer') && order.marketerId !== undefined;
  const [customer, marketer] = await Promise.all([
    toCustomer ? chatLanguagesOf(order.customerId, order.tenantId) : undefined,
    toMarketer ? getUser(PLATFORM_SCOPE, order.marketerId!) : undefined,
  ]);
  const languages = new Map<string, ChatLanguage>();
  for (const recipient of recipients) {
    const candidates =
      recipient.audience === 'customer'
        ? [customer?.customer, customer?.tenant]
        : recipient.audience === 'marketer'
          ? [marketer?.language]
          : [staff.find((user) => `${recipient.audience}:${user.id}` === recipient.key)?.language];
    languages.set(recipient.key, candidates.find(isChatLanguage) ?? 'en');
  }
  return languages;
}

/**
 * A read that only improves the car's name: a stored record that does not decode leaves the name
 * to the snapshot rather than hold up the messages (the consumer needs the notice's fields only).
 */
const unlessCorrupt = <T>(read: Promise<T>, otherwise: T, orderId: string): Promise<T> =>
  read.catch((error: unknown) => {
    if (!(error instanceof CorruptRecordError)) throw error;
    log.warn("notification names the car from the order's snapshot only", { orderId, reason: error.message });
    return otherwise;
  });

/**
 * The order's car: its snapshot, which names a catalogue car at no read more; only a snapshot
 * missing the make, model or year (an order placed without a catalogue car) costs the reads of
 * the order's customs invoice (its head and parts) and its contracts, side by side.
 */
async function vehicleOfOrder(order: OrderNotice): Promise<Vehicle> {
  const snapshot = vehicleOf({ carDetails: order.carDetails });
  if (snapshot.make !== undefined && snapshot.model !== undefined && snapshot.year !== undefined) return snapshot;
  const [full, contracts] = await Promise.all([
    unlessCorrupt(getOrder(PLATFORM_SCOPE, order.id), undefined, order.id),
    unlessCorrupt(listChildren(PLATFORM_SCOPE, 'CONTRACT', order.id), [], order.id),
  ]);
  // The latest contract is the one the customer is signing (listed oldest first).
  return vehicleOf({ carDetails: order.carDetails, contract: contracts.at(-1), customsInvoice: full?.customsInvoice });
}

/**
 * The buyer's tracking link their messages carry: the order's current link, at the address the
 * stage says the API answers on. None for an order from before the links, or on a stage without
 * PUBLIC_API_URL: the customer then gets the template without the link.
 */
export function customerTrackingUrl(
  order: Pick<OrderNotice, 'tracking'>,
  baseUrl: string | undefined = publicApiUrl(),
): string | undefined {
  return order.tracking && baseUrl ? trackingUrl(baseUrl, tokenOf(order.tracking)) : undefined;
}

/**
 * Sends one notification event's messages, each as a WhatsApp template in the recipient's
 * language, each recipient at most once:
 * - the recipient is marked as being sent to before the message goes out, and the message's own
 *   record (its id) is written the moment the channel takes it, that write retried until the
 *   table answers; the event notes it with its next write (the next recipient's mark, or its
 *   completion: `notes` holds what is not noted yet). A retry skips everyone noted, and never
 *   re-sends to a recipient left marked: it looks for the message's record, then for WhatsApp's
 *   report of it, else lists the outcome unknown (a message twice is worse);
 * - a customer who replied STOP is skipped, and a recipient the channel refuses for good is
 *   recorded as failed, without holding up the others.
 */
export async function deliverNotifications(
  event: OutboxEvent,
  order: OrderNotice,
  channel: ChatChannel,
  notes: DeliveryNotes = {},
): Promise<void> {
  const { recipients, staff } = await recipientsAtEvent(event, order);
  const pending = recipients.filter(
    (r) => event.deliveries[r.key] === undefined || event.deliveries[r.key] === SENDING,
  );
  if (pending.length === 0) return;
  const [languages, contacts, vehicle] = await Promise.all([
    languagesOf(order, pending, staff),
    getChatContacts(pending.filter((r) => r.audience === 'customer').map((r) => r.phone)),
    vehicleOfOrder(order),
  ]);
  const link = pending.some((r) => r.audience === 'customer') ? customerTrackingUrl(order) : undefined;
  for (const recipient of pending) {
    const record = (
      outcome: ChatMessageRecord['outcome'],
      fields: Partial<ChatMessageRecord> & { messageId: string },
    ): ChatMessageRecord => ({
      orderId: order.id,
      tenantId: order.tenantId,
      eventId: event.id,
      event: String(event.event),
      audience: recipient.audience,
      recipientName: recipient.name,
      to: recipient.phone,
      outcome,
      statuses: {},
      createdAt: new Date().toISOString(),
      ...fields,
    });
    // The message's record first, then the event's note of it with the event's next write: a
    // retry that finds the recipient still marked as being sent to finds the record
    // (findEventMessage) and only notes it.
    const remember = async (value: string, message: ChatMessageRecord | undefined) => {
      if (message) await untilTableAnswers(() => putChatMessage(message));
      notes[recipient.key] = value;
      event.deliveries[recipient.key] = value;
    };

    const language = languages.get(recipient.key) ?? 'en';
    // Unnamed, the car is described in the recipient's own words.
    const car = vehicleLabel(vehicle, language, order.orderNumber);
    const { key, parameters } = notificationTemplate(
      event.event as OrderEvent,
      recipient.audience,
      // Only the customer's message carries the tracking link (notificationTemplate leaves it out of staff messages).
      {
        orderNumber: order.orderNumber,
        car,
        paidFromWallet: order.paidFromWallet,
        eta: order.shipment?.eta,
        trackingUrl: link,
        // Recorded with the event (events from before it read as received, the words they had).
        ...(typeof event.payload.depositReceived === 'boolean'
          ? { depositReceived: event.payload.depositReceived }
          : {}),
      },
      recipient.name,
      language,
    );
    // WhatsApp echoes the callback data in the message's statuses, so they find it even if its id is never recorded.
    const callbackData = `${event.id}.${recipient.key}`;
    const message = { ...templateMessage(recipient.phone, key, language, parameters), callbackData };
    const rendering = renderMessage(message);
    const content = {
      template: 'template' in message ? message.template : undefined,
      text: 'text' in rendering ? rendering.text : undefined,
    };

    if (event.deliveries[recipient.key] === SENDING) {
      // Sent, or not, by an attempt that stopped before recording it: never sent again. The
      // record that attempt wrote names it; else what WhatsApp has reported of it since; else it
      // is listed unknown until WhatsApp does.
      const written = await findEventMessage(order.id, event.id, recipient.audience, recipient.phone);
      if (written) {
        await remember(
          written.outcome === 'accepted' ? written.messageId : `failed:${written.error?.title ?? 'REJECTED'}`,
          undefined,
        );
        continue;
      }
      const reported = await getCallbackStatuses(callbackData);
      if (reported) {
        await remember(
          reported.messageId,
          record('accepted', { messageId: reported.messageId, ...content, statuses: reported.statuses }),
        );
        continue;
      }
      log.warn('notification outcome unknown: not sent again', { eventId: event.id, recipient: recipient.key });
      const reason =
        "an earlier attempt stopped between sending and recording; not sent again (WhatsApp's report of it will put this right)";
      await remember(
        'unknown:interrupted',
        record('unknown', { messageId: unknownMessageId(callbackData), ...content, reason }),
      );
      continue;
    }
    if (recipient.audience === 'customer' && contacts.get(recipient.phone)?.optedOut) {
      await remember(
        'skipped:opted-out',
        record('skipped', { messageId: `skipped.${event.id}.${recipient.key}`, reason: 'the customer replied STOP' }),
      );
      continue;
    }

    await markSending(event, recipient.key, notes);
    for (const key of Object.keys(notes)) delete notes[key];
    event.deliveries[recipient.key] = SENDING;
    let messageId: string;
    try {
      ({ messageId } = await channel.send(message));
    } catch (error) {
      // A recipient the channel refuses for good must not hold up everyone else's messages;
      // anything retryable (rate limits, outages, credentials) fails the attempt instead.
      if (!(error instanceof ChannelError) || !(error.code === 'RECIPIENT_INVALID' || error.code === 'REJECTED'))
        throw new NotSent(recipient.key, error);
      log.warn('notification refused for one recipient', {
        eventId: event.id,
        recipient: recipient.key,
        reason: error.message,
      });
      const failure = {
        messageId: `failed.${event.id}.${recipient.key}`,
        ...content,
        reason: error.message,
        error: { code: typeof error.providerCode === 'number' ? error.providerCode : undefined, title: error.code },
      };
      await remember(`failed:${error.code}`, record('failed', failure));
      recordEvent('MessagesFailed');
      continue;
    }
    await remember(messageId, record('accepted', { messageId, ...content }));
    recordEvent('MessagesSent');
  }
}
