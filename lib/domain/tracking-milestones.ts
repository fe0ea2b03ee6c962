import type { OrderStatus } from './order-lifecycle.js';
import type { Milestone, MilestoneView, TrackingPageInput } from './tracking-view-shape.js';
import { MILESTONES } from './tracking-view-shape.js';

/** The steps of the buyer's page: which are done, which is next, and when each was or is expected. */

const NOT_ON_WALLET_PATH: ReadonlySet<Milestone> = new Set(['depositConfirmed', 'paymentConfirmed']);

/** The status that marks each milestone reached (the export steps and the voyage are marked by their own records). */
const STATUS_OF: Partial<Record<Milestone, OrderStatus>> = {
  depositConfirmed: 'DepositConfirmed',
  inspectionScheduled: 'InspectionScheduled',
  inspected: 'InspectionCompleted',
  contractSigned: 'ContractSigned',
  paymentConfirmed: 'PaymentConfirmed',
  purchased: 'Purchased',
  departed: 'Shipped',
  delivered: 'Delivered',
};

/** The latest time the order reached `status`, from its history. */
export const reachedAt = (history: TrackingPageInput['history'], status: OrderStatus): string | undefined =>
  history
    .filter((entry) => entry.to === status)
    .reduce<string | undefined>((last, entry) => (last === undefined || entry.at > last ? entry.at : last), undefined);

export function milestonesOf(input: TrackingPageInput): MilestoneView[] {
  const { order, history } = input;
  const reached = new Set(history.map((entry) => entry.to));
  reached.add(order.status);
  const steps = order.exportSteps ?? {};
  const shipment = order.shipment;
  const inspection = latestInspection(input.inspections);
  const keys = MILESTONES.filter((key) => !(order.paidFromWallet && NOT_ON_WALLET_PATH.has(key)));
  const views = keys.map((key): Omit<MilestoneView, 'state'> & { done: boolean } => {
    switch (key) {
      case 'ordered':
        return { key, done: true, date: order.createdAt };
      case 'deregistered':
        return { key, done: steps.deregistration !== undefined, date: steps.deregistration?.date };
      case 'exportDeclared':
        return { key, done: steps.exportDeclaration !== undefined, date: steps.exportDeclaration?.date };
      case 'departed': {
        const at = shipment?.atd ?? reachedAt(history, 'Shipped');
        return { key, done: reached.has('Shipped') || shipment?.atd !== undefined, date: at, expected: shipment?.etd };
      }
      case 'arrived':
        return {
          key,
          done: shipment?.ata !== undefined || reached.has('Delivered'),
          date: shipment?.ata,
          expected: shipment?.eta,
        };
      case 'inspectionScheduled': {
        const status = STATUS_OF[key]!;
        return {
          key,
          done: reached.has(status),
          date: reachedAt(history, status),
          expected: order.inspectionDate ?? inspection?.inspectionDate ?? undefined,
        };
      }
      case 'inspected': {
        const status = STATUS_OF[key]!;
        return {
          key,
          done: reached.has(status),
          date: reachedAt(history, status),
          expected: order.inspectionDate ?? inspection?.inspectionDate ?? undefined,
        };
      }
      default: {
        const status = STATUS_OF[key]!;
        return { key, done: reached.has(status), date: reachedAt(history, status) };
      }
    }
  });
  // A step reached means every step before it is behind the buyer too (an order moved by staff
  // past a step it has no date for); the first step not done is the next one.
  const lastDone = views.reduce((last, view, index) => (view.done ? index : last), -1);
  const cancelled = order.status === 'Cancelled';
  // A cancelled order lists only the steps behind it: the rest will not come.
  const shown = cancelled ? views.slice(0, lastDone + 1) : views;
  return shown.map(({ done, ...view }, index) => {
    const isDone = done || index < lastDone;
    const state = isDone ? 'done' : !cancelled && index === lastDone + 1 ? 'next' : 'later';
    return {
      key: view.key,
      state,
      ...(isDone && view.date ? { date: view.date } : {}),
      ...(!isDone && view.expected ? { expected: view.expected } : {}),
    };
  });
}

/** The inspection the buyer hears of: the newest that was not cancelled. */
export function latestInspection(inspections: TrackingPageInput['inspections']) {
  return [...inspections]
    .filter((i) => i.status !== 'Cancelled')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}
