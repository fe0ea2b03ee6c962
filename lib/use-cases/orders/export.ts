import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { invalidState, validationError } from '../../domain/errors.js';
import { addDays, openDeadlines, REMIND_DAYS_BEFORE, type ExportStep } from '../../domain/export-steps.js';
import { newId } from '../../domain/ids.js';
import { localDay, tenantTimeZone } from '../../domain/time-zone.js';
import { actorOf, PLATFORM_SCOPE } from '../../domain/scope.js';
import { isLoaded, planShipment, type ShipmentNews } from '../../domain/shipment.js';
import { vehicleLabel, vehicleName, vehicleOf } from '../../domain/vehicle.js';
import type { ExpectedVersion } from '../../domain/versioning.js';
import { planExportStep, purchaseDay } from '../../domain/export-steps.js';
import { log } from '../../logger.js';
import type {
  ExportDeadline,
  listExportDeadlines as DeadlinesRoute,
  recordExportStep as StepRoute,
  updateShipment as ShipmentRoute,
} from '../../schemas/export.js';
import {
  deadlineChanges,
  deadlinesBefore,
  markRemindedItem,
  type DeadlineRecord,
} from '../../store/export-deadlines.js';
import { listChildren } from '../../store/order-children.js';
import { lastMoveInto } from '../../store/order-history.js';
import { putHistoryItem } from '../../store/order-writes.js';
import { getOrder, type OrderRecord } from '../../store/orders.js';
import { newOutboxEvent, outboxPutItem } from '../../store/outbox.js';
import { CorruptRecordError } from '../../store/record.js';
import { listTenants } from '../../store/tenants.js';
import { transact } from '../../store/transact.js';
import { owningTenant, tenantToday, tenantZone } from '../shared/tenancy.js';
import { editOrder } from './edit-order.js';
import { orderView, type OrderView } from './order-view.js';

type StepBody = Static<NonNullable<(typeof StepRoute)['body']>>;
type ShipmentBody = Static<NonNullable<(typeof ShipmentRoute)['body']>>;
type DeadlineQuery = Static<NonNullable<(typeof DeadlinesRoute)['query']>>;

/**
 * The order's deadline index entries, in step with the change (same transaction), with the car's
 * name from what the order already read (its snapshot and customs invoice); an entry with none is
 * named when its reminder goes out.
 */
const deadlineItems = (before: OrderRecord, next: OrderRecord) =>
  deadlineChanges(
    { ...next, car: vehicleName(vehicleOf({ carDetails: next.carDetails, customsInvoice: next.customsInvoice })) },
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
      // One read of the tenant's zone for both days, alongside the history's purchase.
      const [zone, purchasedAt] = await Promise.all([
        tenantZone(current.tenantId),
        lastMoveInto(current.id, 'Purchased'),
      ]);
      const purchasedOn = purchasedAt === undefined ? undefined : purchaseDay(purchasedAt, zone);
      const plan = planExportStep(
        current.status,
        current.exportSteps,
        step,
        input,
        by,
        now,
        localDay(now, zone),
        purchasedOn,
      );
      if (!plan.ok)
        throw plan.state
          ? invalidState(plan.state, [{ field: 'step', message: plan.state, status: current.status }])
          : validationError(plan.problems);
      return { exportSteps: plan.steps };
    },
    (changes, before, next) =>
      changes.write(
        ...deadlineItems(before, next),
        putHistoryItem({
          id: newId(),
          orderId: id,
          from: before.status,
          to: before.status,
          by,
          role: caller.role,
          at: changes.at,
          note: `export step ${step} recorded (${input.date})`,
          exportStep: { step, date: input.date },
        }),
      ),
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
        throw invalidState(
          `The shipment is recorded while the order is Purchased or Shipped; it is ${current.status}`,
          [
            {
              field: 'id',
              message: `must name an order that is Purchased or Shipped; it is ${current.status}`,
              status: current.status,
            },
          ],
        );
      }
      const now = new Date().toISOString();
      const plan = planShipment(current.shipment, input, now, await tenantToday(current.tenantId, now));
      if (!plan.ok) throw validationError(plan.problems);
      news = plan.news;
      return {
        shipment: plan.shipment,
        ...(news.length > 0 ? { notificationSeq: (current.notificationSeq ?? 0) + news.length } : {}),
      };
    },
    (changes, before, next) => {
      changes.write(...deadlineItems(before, next));
      const payload = { customerNotificationsEnabled: before.carDetails.customerNotificationsEnabled !== false };
      for (const [i, happened] of news.entries()) {
        const orderSeq = (before.notificationSeq ?? 0) + i + 1;
        changes.notify({
          kind: 'notify',
          event: `shipment.${happened}`,
          orderId: id,
          tenantId: before.tenantId,
          orderSeq,
          payload,
        });
      }
    },
  );
  return orderView(order, caller);
}

export async function listExportDeadlines(
  caller: Caller,
  query: DeadlineQuery,
): Promise<Array<Static<typeof ExportDeadline>>> {
  const deadlines = await deadlinesBefore(owningTenant(caller, query.tenantId), query.before);
  return deadlines.map(({ orderId, orderNumber, kind, due, remindedAt }) => ({
    orderId,
    orderNumber,
    kind,
    due,
    ...(remindedAt ? { remindedAt } : {}),
  }));
}

/** What falls due, in each language staff read (the alert's third parameter). */
const WHAT_IS_DUE = {
  en: { 'load-by': 'loading (export declaration)', 'completion-report': 'the export-completion report' },
  ar: { 'load-by': 'التحميل (بيان التصدير)', 'completion-report': 'تقرير إتمام التصدير' },
} as const;

/**
 * The car of a deadline's reminder, in each language: the name its entry was written with; else,
 * read now (a reminder goes out once per deadline, off any request's path), the order's name for
 * it from its snapshot, contract and customs invoice; else words saying what is missing.
 */
async function reminderCar(deadline: DeadlineRecord): Promise<Record<'en' | 'ar', string>> {
  if (deadline.car) return { en: deadline.car, ar: deadline.car };
  const read = Promise.all([
    getOrder(PLATFORM_SCOPE, deadline.orderId),
    listChildren(PLATFORM_SCOPE, 'CONTRACT', deadline.orderId),
  ] as const);
  // A record that does not decode would fail every run: the reminder goes out saying what is missing.
  const [order, contracts] = await read.catch((error: unknown) => {
    if (!(error instanceof CorruptRecordError)) throw error;
    log.warn('export reminder cannot read the order to name its car', {
      orderId: deadline.orderId,
      reason: error.message,
    });
    return [undefined, []] as const;
  });
  const vehicle = vehicleOf({
    carDetails: order?.carDetails,
    contract: contracts.at(-1),
    customsInvoice: order?.customsInvoice,
  });
  return {
    en: vehicleLabel(vehicle, 'en', deadline.orderNumber),
    ar: vehicleLabel(vehicle, 'ar', deadline.orderNumber),
  };
}

/**
 * Tells each tenant's admins and operations staff of every open deadline due within
 * REMIND_DAYS_BEFORE days, once: the deadline is marked in the same transaction as the alert
 * is queued (the schedule in AWS, the local runner on the local stack).
 */
export async function remindExportDeadlines(nowMs = Date.now()): Promise<number> {
  const now = new Date(nowMs).toISOString();
  // Each tenant's horizon counts from its own today.
  const tenants = [
    ...(await listTenants()).map((t) => ({ id: t.id, today: localDay(now, tenantTimeZone(t)) })),
    { id: undefined, today: now.slice(0, 10) },
  ];
  let told = 0;
  for (const { id: tenantId, today } of tenants) {
    const horizon = addDays(today, REMIND_DAYS_BEFORE + 1);
    const due = (await deadlinesBefore(tenantId, horizon)).filter((d: DeadlineRecord) => !d.remindedAt);
    for (const deadline of due) {
      const car = await reminderCar(deadline);
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
                parameters: [String(deadline.orderNumber), car.en, WHAT_IS_DUE.en[deadline.kind], deadline.due],
                // An Arabic reader gets what is due (and an unnamed car) in Arabic.
                parametersIn: {
                  ar: [String(deadline.orderNumber), car.ar, WHAT_IS_DUE.ar[deadline.kind], deadline.due],
                },
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
