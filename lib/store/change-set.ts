import type { Caller } from '../domain/caller.js';
import { newId } from '../domain/ids.js';
import type { EventType, IntegratorEvent } from '../domain/integrator-events.js';
import { auditChangeItem, type AuditedChange } from './audit-trail.js';
import { changeEventItem } from './events.js';
import { newOutboxEvent, outboxPutItem, type OutboxEvent } from './outbox.js';
import { transact, type TransactItem, type TransactOutcome } from './transact.js';

/** Who makes a change: its audit record names them. */
export type ChangeSetCaller = Pick<Caller, 'keyId' | 'role' | 'userId' | 'requestId'>;

/** A side effect for the outbox consumer, as a use case states it (its id and bookkeeping are the store's). */
export type OutboxNotice = Pick<OutboxEvent, 'kind' | 'orderId' | 'tenantId' | 'payload' | 'orderSeq' | 'event'>;

/**
 * One change to the service's records, as a use case states it: the records it puts or updates
 * (items the records' modules make, updates guarded by the version or state they were read at),
 * its audit record, the event integrators hear of it, and what the outbox is to do. Committed
 * once, as one transaction: all of it happens or none of it. Every part shares the change's
 * instant, taken after its records were read, so a resource's events sort in the order its
 * changes happened.
 */
export class ChangeSet {
  readonly #items: TransactItem[] = [];

  constructor(
    private readonly caller: ChangeSetCaller,
    /** The change's instant: its records' updatedAt, its audit record's and its event's time. */
    readonly at: string = new Date().toISOString(),
  ) {}

  /** Writes records' items as their modules make them: new records, updates guarded by what was read, checks that a record is still there. */
  write(...items: TransactItem[]): void {
    this.#items.push(...items);
  }

  /** The change's audit record, by the caller, at the change's instant. */
  audit(change: AuditedChange): void {
    this.#items.push(auditChangeItem(this.caller, change, this.at));
  }

  /** The event integrators hear of the change (on the feed and by webhook), with `object` as its body. */
  emit(
    type: EventType,
    tenantId: string | undefined,
    resource: IntegratorEvent['resource'],
    object: object,
    facts: Record<string, unknown> = {},
  ): void {
    this.#items.push(changeEventItem(type, tenantId, resource, object, this.at, facts));
  }

  /** A side effect for the outbox consumer (a message to send, pictures to copy): it happens if and only if the change does. */
  notify(notice: OutboxNotice): OutboxEvent {
    const event = newOutboxEvent({ id: newId(), ...notice }, this.at);
    this.#items.push(outboxPutItem(event));
    return event;
  }

  /** The one transaction: refused items are named (a lost race, a record gone) for the use case to decide. */
  commit(): Promise<TransactOutcome> {
    return transact(this.#items);
  }
}
