import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { carNameOf } from '../../domain/car.js';
import { invalidState, validationError } from '../../domain/errors.js';
import { addDays, openDeadlines, REMIND_DAYS_BEFORE, type ExportStep } from '../../domain/export-steps.js';
import { newId } from '../../domain/ids.js';
import { localDay, tenantTimeZone } from '../../domain/time-zone.js';
import { actorOf } from '../../domain/scope.js';
import { isLoaded, planShipment, type ShipmentNews } from '../../domain/shipment.js';
import type { ExpectedVersion } from '../../domain/versioning.js';
import { planExportStep } from '../../domain/export-steps.js';
import type {
  ExportDeadline,
  listExportDeadlines as DeadlinesRoute,
  recordExportStep as StepRoute,
  updateShipment as ShipmentRoute,
} from '../../schemas/export.js';
import { deadlineChanges, deadlinesBefore, markRemindedItem, type DeadlineRecord } from '../../store/export-deadlines.js';
import { putHistoryItem, type OrderRecord } from '../../store/orders.js';
import { newOutboxEvent, outboxPutItem } from '../../store/outbox.js';
import { listTenants } from '../../store/tenants.js';
import { transact } from '../../store/transact.js';
import { owningTenant, tenantToday } from '../shared/tenancy.js';
import { editOrder } from './edit-order.js';
import { orderView, type OrderView } from './order-view.js';

type StepBody = Static<NonNullable<(typeof StepRoute)['body']>>;
type ShipmentBody = Static<NonNullable<(typeof ShipmentRoute)['body']>>;
type DeadlineQuery = Static<NonNullable<(typeof DeadlinesRoute)['query']>>;

/** The order's deadline index entries, in step with the change (same transaction). */
const deadlineItems = (before: OrderRecord, next: OrderRecord) =>
  deadlineChanges(
    { ...next, car: carNameOf(next.carDetails) },
    openDeadlines(before.exportSteps, isLoaded(before.shipment)),
    openDeadlines(next.exportSteps, isLoaded(next.shipment)),
  );

/** Records (or corrects) one export step; with its history entry, audit record, event and deadlines. */
export async function recordExportStep(
  caller: Caller,
  id: string,
  step: ExportStep,
  { version: _version, ...input }: StepBody,
  expected?: ExpectedVersion,
): Promise<OrderView> {
  const by = actorOf(caller);
  const order = await editOrder(
    caller,
    id,
    expected,
    `export.${step}`,
    async (current) => {
      const now = new Date().toISOString();
      const plan = planExportStep(current.status, current.exportSteps, step, input, by, now, await tenantToday(current.tenantId, now));
      if (!plan.ok)
        throw plan.state ? invalidState(plan.state, [{ field: 'step', message: plan.state, status: current.status }]) : validationError(plan.problems);
      return { exportSteps: plan.steps };
    },
    (before, next, now) => [
      ...deadlineItems(before, next),
      putHistoryItem({
        id: newId(),
        orderId: id,
        from: before.status,
        to: before.status,
        by,
        role: caller.role,
        at: now,
        note: `export step ${step} recorded (${input.date})`,
      }),
    ],
  );
  return orderView(order, caller);
}

/**
 * Sets the shipment's fields given; tells the customer (and marketer) of a booking, a departure
 * with its ETA, an arrival, each once, in the order's sequence of notifications.
 */
export async function updateShipment(
  caller: Caller,
  id: string,
  { version: _version, ...input }: ShipmentBody,
  expected?: ExpectedVersion,
): Promise<OrderView> {
  let news: ShipmentNews[] = [];
  const order = await editOrder(
    caller,
    id,
    expected,
    'shipment.updated',
    async (current) => {
      if (current.status !== 'Purchased' && current.status !== 'Shipped') {
        throw invalidState(`The shipment is recorded while the order is Purchased or Shipped; it is ${current.status}`, [
          { field: 'id', message: `must name an order that is Purchased or Shipped; it is ${current.status}`, status: current.status },
        ]);
      }
      const now = new Date().toISOString();
      const plan = planShipment(current.shipment, input, now, await tenantToday(current.tenantId, now));
      if (!plan.ok) throw validationError(plan.problems);
      news = plan.news;
      return { shipment: plan.shipment, ...(news.length > 0 ? { notificationSeq: (current.notificationSeq ?? 0) + news.length } : {}) };
    },
    (before, next, now) => [
      ...deadlineItems(before, next),
      ...news.map((happened, i) =>
        outboxPutItem(
          newOutboxEvent(
            {
              id: newId(),
              kind: 'notify',
              event: `shipment.${happened}`,
              orderId: id,
              tenantId: before.tenantId,
              orderSeq: (before.notificationSeq ?? 0) + i + 1,
              payload: { customerNotificationsEnabled: before.carDetails.customerNotificationsEnabled !== false },
            },
            now,
          ),
        ),
      ),
    ],
  );
  return orderView(order, caller);
}

export async function listExportDeadlines(caller: Caller, query: DeadlineQuery): Promise<Array<Static<typeof ExportDeadline>>> {
  const deadlines = await deadlinesBefore(owningTenant(caller, query.tenantId), query.before);
  return deadlines.map(({ orderId, orderNumber, kind, due, remindedAt }) => ({ orderId, orderNumber, kind, due, ...(remindedAt ? { remindedAt } : {}) }));
}

const WHAT_IS_DUE = { 'load-by': 'loading (export declaration)', 'completion-report': 'the export-completion report' } as const;

/**
 * Tells each tenant's admins and operations staff of every open deadline due within
 * REMIND_DAYS_BEFORE days, once: the deadline is marked in the same transaction as the alert
 * is queued (the schedule in AWS, the local runner on the local stack).
 */
export async function remindExportDeadlines(nowMs = Date.now()): Promise<number> {
  const now = new Date(nowMs).toISOString();
  // Each tenant's horizon counts from its own today.
  const tenants = [...(await listTenants()).map((t) => ({ id: t.id, today: localDay(now, tenantTimeZone(t)) })), { id: undefined, today: now.slice(0, 10) }];
  let told = 0;
  for (const { id: tenantId, today } of tenants) {
    const horizon = addDays(today, REMIND_DAYS_BEFORE + 1);
    const due = (await deadlinesBefore(tenantId, horizon)).filter((d: DeadlineRecord) => !d.remindedAt);
    for (const deadline of due) {
      const outcome = await transact([
        markRemindedItem(deadline, now),
        outboxPutItem(
          newOutboxEvent(
            {
              id: newId(),
              kind: 'alert',
              orderId: deadline.orderId,
              ...(tenantId ? { tenantId } : {}),
              payload: {
                template: 'export_deadline_soon',
                parameters: [String(deadline.orderNumber), deadline.car ?? 'car', WHAT_IS_DUE[deadline.kind], deadline.due],
              },
            },
            now,
          ),
        ),
      ]);
      if (outcome.ok) told += 1;
    }
  }
  return told;
}
