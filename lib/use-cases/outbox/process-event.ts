import { recordEvent } from '../../metrics.js';
import { ArchiveError, copyImage } from '../../archive/images.js';
import { describeError, log } from '../../logger.js';
import { chatChannel } from '../../notify/channel.js';
import type { ChatChannel } from '../../notify/message.js';
import { getOrderNotice } from '../../store/orders.js';
import {
  claim,
  complete,
  dueEvents,
  fail,
  getOutboxEvent,
  LeaseLost,
  type DeliveryNotes,
  type OutboxDue,
} from '../../store/outbox.js';
import { archivedKeys, archiveImages, recordImageArchive, type CopyImage } from './archive-images.js';
import { deliverAlert } from './deliver-alert.js';
import { deliverNotifications, NotSent } from './deliver-notifications.js';
import { untilTableAnswers } from '../shared/until-table-answers.js';

export interface ProcessorDeps {
  channel: ChatChannel;
  copy: CopyImage;
}
const defaultDeps = (): ProcessorDeps => ({ channel: chatChannel(), copy: copyImage });

/** `waiting`: an earlier notification of the same order is not done yet; it is taken up later, with no attempt counted. */
export type Outcome = 'done' | 'retry' | 'parked' | 'skipped' | 'waiting';

/**
 * One attempt at one outbox event: claim it, do what is not done yet, then mark it done, or
 * record the failure for a retry with back-off, parking it after the last attempt.
 */
export async function processEvent(
  id: string,
  deps: ProcessorDeps = defaultDeps(),
  listed?: OutboxDue,
): Promise<Outcome> {
  // The order and sequence never change, so the queue's entry spares a read; the claim checks the rest (and returns the event whole).
  const stored = listed ?? (await getOutboxEvent(id));
  if (stored?.status !== 'pending') return 'skipped';
  const event = await claim(stored);
  if (event === 'blocked') return 'waiting';
  if (!event) return 'skipped';
  // Deliveries recorded but not yet noted on the event: they go with its next write, whatever it is.
  const notes: DeliveryNotes = {};
  try {
    if (event.kind === 'archive') await archiveImages(event, deps.copy);
    else if (event.kind === 'alert') await deliverAlert(event, deps.channel);
    else {
      const order = await getOrderNotice(event.orderId);
      if (order) await deliverNotifications(event, order, deps.channel, notes);
    }
    await untilTableAnswers(() => complete(event, notes));
    return 'done';
  } catch (error) {
    if (error instanceof LeaseLost) return 'skipped';
    const permanent = error instanceof ArchiveError && error.permanent;
    const reason = error instanceof Error ? error.message : String(error);
    log.warn('outbox attempt failed', {
      eventId: id,
      kind: event.kind,
      attempt: event.attempts,
      permanent,
      ...describeError(error),
    });
    // The event is given back for its retry as soon as the table answers, not held for the lease.
    const unsent = error instanceof NotSent ? error.recipientKey : undefined;
    if (unsent) delete notes[unsent];
    const outcome = await untilTableAnswers(() => fail(event, reason, permanent, Date.now(), unsent, notes));
    if (outcome === 'parked') recordEvent('EventsParked');
    if (outcome === 'parked' && event.kind === 'archive') {
      await recordImageArchive(event.orderId, {
        status: 'failed',
        eventId: event.id,
        reason,
        objectKeys: archivedKeys(event),
      });
    }
    return outcome;
  }
}

/**
 * Works through every event that is due now (the schedule in AWS, the local runner on npm start):
 * different orders in parallel, one order's events one after the other in their sequence.
 */
export async function processDue(deps?: ProcessorDeps, limit = 50): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { done: 0, retry: 0, parked: 0, skipped: 0, waiting: 0 };
  const byOrder = new Map<string, OutboxDue[]>();
  for (const event of await dueEvents(new Date().toISOString(), limit))
    byOrder.set(event.orderId, [...(byOrder.get(event.orderId) ?? []), event]);
  await Promise.all(
    [...byOrder.values()].map(async (events) => {
      for (const event of events.sort((a, b) => (a.orderSeq ?? 0) - (b.orderSeq ?? 0))) {
        const outcome = await processEvent(event.id, deps, event);
        counts[outcome] += 1;
        // A later notification of this order would only wait behind this one.
        if (outcome !== 'done' && event.orderSeq !== undefined) break;
      }
    }),
  );
  return counts;
}
