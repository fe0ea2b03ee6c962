import { ROLES, type Role } from './caller.js';
import { sumMoney } from './money.js';

/**
 * The order lifecycle as data: statuses with their progress, the moves between them, who may
 * make each move, and what each target status requires. Pure: the API, validate-transition and
 * the tests all read these tables.
 */
export const ORDER_STATUSES = [
  'DepositSubmitted',
  'DepositConfirmed',
  'InspectionScheduled',
  'InspectionCompleted',
  'ContractSigned',
  'PaymentSubmitted',
  'PaymentConfirmed',
  'Purchased',
  'Shipped',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PROGRESS: Record<OrderStatus, number> = {
  DepositSubmitted: 0,
  DepositConfirmed: 10,
  InspectionScheduled: 20,
  InspectionCompleted: 35,
  ContractSigned: 50,
  PaymentSubmitted: 60,
  PaymentConfirmed: 70,
  Purchased: 80,
  Shipped: 90,
  Delivered: 100,
  Cancelled: -1,
};

/** Forward moves of an order paid by deposit and payment. */
const FORWARD: Partial<Record<OrderStatus, OrderStatus>> = {
  DepositSubmitted: 'DepositConfirmed',
  DepositConfirmed: 'InspectionScheduled',
  InspectionScheduled: 'InspectionCompleted',
  InspectionCompleted: 'ContractSigned',
  ContractSigned: 'PaymentSubmitted',
  PaymentSubmitted: 'PaymentConfirmed',
  PaymentConfirmed: 'Purchased',
  Purchased: 'Shipped',
  Shipped: 'Delivered',
};

/** A wallet-paid order starts at InspectionScheduled and skips the payment steps. */
const FORWARD_WALLET: Partial<Record<OrderStatus, OrderStatus>> = {
  ...FORWARD,
  ContractSigned: 'Purchased',
};

/** Cancelling is possible in every status before Purchased. */
const CANCELLABLE = new Set<OrderStatus>([
  'DepositSubmitted',
  'DepositConfirmed',
  'InspectionScheduled',
  'InspectionCompleted',
  'ContractSigned',
  'PaymentSubmitted',
  'PaymentConfirmed',
]);

/** Which role makes each forward move (admin may make every move). */
const MOVER: Partial<Record<OrderStatus, Role>> = {
  DepositConfirmed: 'accountant',
  InspectionScheduled: 'operations',
  InspectionCompleted: 'inspector',
  PaymentSubmitted: 'operations',
  PaymentConfirmed: 'accountant',
  Purchased: 'operations',
  Shipped: 'operations',
  Delivered: 'operations',
};
// ContractSigned follows the contract being signed (operations records it).
MOVER.ContractSigned = 'operations';

export interface OrderFacts {
  status: OrderStatus;
  paidFromWallet: boolean;
  /** The caller created the order or is its marketer (for cancellation by marketers and integrators). */
  callerOwnsOrder: boolean;
  inspectionDate?: string | null;
  totalAmount: number;
  currency: string;
  receipts: Array<{ status: string; amount: number; currency: string }>;
  inspections: Array<{ status: string }>;
  contracts: Array<{ status: string }>;
  hasCustomsInvoice: boolean;
  /** The shipment's bill of lading is recorded (the car is loaded). */
  hasBillOfLading?: boolean;
  /** The shipment's actual time of arrival is recorded. */
  hasArrived?: boolean;
}

export interface Requirement {
  type: 'receipt' | 'inspection' | 'contract' | 'payment' | 'customs' | 'shipment' | 'field' | 'status' | 'role';
  code: string;
  message: string;
}

export const isTerminal = (status: OrderStatus): boolean => status === 'Delivered' || status === 'Cancelled';
/** Open and the car not bought yet: what the auction does with the car still decides the order. */
export const awaitsPurchase = (status: OrderStatus): boolean =>
  !isTerminal(status) && PROGRESS[status] < PROGRESS.Purchased;
export const canCancel = (status: OrderStatus): boolean => CANCELLABLE.has(status);

/** What can be added to an order after it is created. */
export type OrderAddition = 'billing entry' | 'contract' | 'inspection' | 'customs data';

/**
 * The statuses in which an order takes no more of each: a cancelled order takes nothing new (no
 * money is received for it, no paperwork is made); a car that has shipped is not inspected in
 * Korea any more; a delivered order gets no new contract. Invoices, receipts and customs papers
 * may still follow a delivery (late fees, corrected papers).
 */
const CLOSED_TO: Record<OrderAddition, ReadonlySet<OrderStatus>> = {
  'billing entry': new Set<OrderStatus>(['Cancelled']),
  'customs data': new Set<OrderStatus>(['Cancelled']),
  contract: new Set<OrderStatus>(['Cancelled', 'Delivered']),
  inspection: new Set<OrderStatus>(['Cancelled', 'Shipped', 'Delivered']),
};

export const acceptsAddition = (status: OrderStatus, addition: OrderAddition): boolean =>
  !CLOSED_TO[addition].has(status);

/** The next statuses the lifecycle has from here, whoever asks. */
export function nextStatuses(status: OrderStatus, paidFromWallet: boolean): OrderStatus[] {
  const forward = (paidFromWallet ? FORWARD_WALLET : FORWARD)[status];
  return [...(forward ? [forward] : []), ...(canCancel(status) ? (['Cancelled'] as const) : [])];
}

/** Whether this role may make this move (the lifecycle allowing it is checked separately). */
function roleMayMove(role: Role, from: OrderStatus, to: OrderStatus, callerOwnsOrder: boolean): boolean {
  if (role === 'admin') return true;
  if (to === 'Cancelled') {
    if (role === 'operations' || role === 'accountant') return true;
    return (role === 'marketer' || role === 'integrator') && from === 'DepositSubmitted' && callerOwnsOrder;
  }
  return MOVER[to] === role;
}

/** The statuses this caller could move the order to now (before checking requirements). */
export function allowedTransitions(
  facts: Pick<OrderFacts, 'status' | 'paidFromWallet' | 'callerOwnsOrder'>,
  role: Role,
): OrderStatus[] {
  return nextStatuses(facts.status, facts.paidFromWallet).filter((to) =>
    roleMayMove(role, facts.status, to, facts.callerOwnsOrder),
  );
}

const sumConfirmed = (receipts: OrderFacts['receipts'], currency: string): number =>
  sumMoney(receipts.filter((r) => r.status === 'Confirmed' && r.currency === currency).map((r) => r.amount));

/** What the target status needs that the order does not have yet. */
export function missingRequirements(facts: OrderFacts, to: OrderStatus, inspectionDateGiven: boolean): Requirement[] {
  const missing: Requirement[] = [];
  switch (to) {
    case 'DepositConfirmed':
      if (!facts.receipts.some((r) => r.status === 'Confirmed')) {
        missing.push({
          type: 'receipt',
          code: 'CONFIRMED_RECEIPT_REQUIRED',
          message: 'A confirmed deposit receipt is required',
        });
      }
      break;
    case 'InspectionScheduled':
      if (!facts.inspectionDate && !inspectionDateGiven) {
        missing.push({
          type: 'field',
          code: 'INSPECTION_DATE_REQUIRED',
          message:
            'An inspectionDate is required to schedule the inspection: send it with this move, or create the inspection with one (POST /inspections)',
        });
      }
      break;
    case 'InspectionCompleted':
      if (!facts.inspections.some((i) => i.status === 'Completed')) {
        missing.push({
          type: 'inspection',
          code: 'COMPLETED_INSPECTION_REQUIRED',
          message: 'A completed inspection is required',
        });
      }
      break;
    case 'ContractSigned':
      if (!facts.contracts.some((c) => c.status === 'Signed')) {
        missing.push({ type: 'contract', code: 'SIGNED_CONTRACT_REQUIRED', message: 'A signed contract is required' });
      }
      break;
    case 'PaymentConfirmed':
      if (sumConfirmed(facts.receipts, facts.currency) < facts.totalAmount) {
        missing.push({
          type: 'payment',
          code: 'PAYMENT_NOT_COVERED',
          message: `Confirmed receipts in ${facts.currency} must cover the total amount of ${facts.totalAmount} ${facts.currency}`,
        });
      }
      break;
    case 'Shipped':
      if (!facts.hasCustomsInvoice)
        missing.push({
          type: 'customs',
          code: 'CUSTOMS_INVOICE_REQUIRED',
          message: 'A customs invoice is required before shipping',
        });
      if (!facts.hasBillOfLading) {
        missing.push({
          type: 'shipment',
          code: 'BILL_OF_LADING_REQUIRED',
          message: 'The bill of lading (number and file) is required before shipping: PATCH /orders/{id}/shipment',
        });
      }
      break;
    case 'Delivered':
      if (!facts.hasArrived)
        missing.push({
          type: 'shipment',
          code: 'ARRIVAL_REQUIRED',
          message: "The shipment's arrival (ata) is required before delivery",
        });
      break;
    default:
      break;
  }
  return missing;
}

export type TransitionCheck =
  | { valid: true; errors: []; missingRequirements: [] }
  | {
      valid: false;
      reason: 'not-in-lifecycle' | 'role' | 'requirements';
      errors: string[];
      missingRequirements: Requirement[];
    };

/** The roles that may make a move on any order (the one who placed an order may also cancel it while DepositSubmitted). */
export const rolesThatMayMove = (from: OrderStatus, to: OrderStatus): Role[] =>
  ROLES.filter((role) => roleMayMove(role, from, to, false));

/** The whole verdict on one move, as validate-transition reports it and the status change enforces it. */
export function checkTransition(
  facts: OrderFacts,
  to: OrderStatus,
  role: Role,
  inspectionDateGiven = false,
): TransitionCheck {
  if (facts.status === to || !nextStatuses(facts.status, facts.paidFromWallet).includes(to)) {
    const reason = isTerminal(facts.status)
      ? `${facts.status} is a final status`
      : `${facts.status} cannot move to ${to}`;
    return { valid: false, reason: 'not-in-lifecycle', errors: [reason], missingRequirements: [] };
  }
  if (!roleMayMove(role, facts.status, to, facts.callerOwnsOrder)) {
    const may = rolesThatMayMove(facts.status, to);
    return {
      valid: false,
      reason: 'role',
      errors: [`The role ${role} may not move an order from ${facts.status} to ${to}; ${may.join(', ')} may`],
      missingRequirements: [],
    };
  }
  const missing = missingRequirements(facts, to, inspectionDateGiven);
  if (missing.length > 0)
    return {
      valid: false,
      reason: 'requirements',
      errors: missing.map((m) => m.message),
      missingRequirements: missing,
    };
  return { valid: true, errors: [], missingRequirements: [] };
}

/**
 * What a move refused before its requirements are looked at needs, as one requirement: another
 * status first (or none: the order is closed, or the status is not one), or a key of another role.
 * validate-transition lists it, so an invalid move always names what it lacks (docs/api.md, "Orders").
 */
export function refusalRequirement(
  facts: Pick<OrderFacts, 'status' | 'paidFromWallet'>,
  to: string,
  role: Role,
): Requirement {
  if (!(ORDER_STATUSES as readonly string[]).includes(to))
    return {
      type: 'status',
      code: 'UNKNOWN_STATUS',
      message: `${to} is not a status; statuses are ${ORDER_STATUSES.join(', ')}`,
    };
  const target = to as OrderStatus;
  if (isTerminal(facts.status))
    return {
      type: 'status',
      code: 'ORDER_CLOSED',
      message: `The order is ${facts.status}, a final status: it moves no more`,
    };
  if (facts.status === target)
    return { type: 'status', code: 'ALREADY_IN_STATUS', message: `The order is already ${target}` };
  const next = nextStatuses(facts.status, facts.paidFromWallet);
  if (target === 'Cancelled' && !next.includes(target))
    return {
      type: 'status',
      code: 'NOT_CANCELLABLE',
      message: `An order that is ${facts.status} can no longer be cancelled`,
    };
  if (!next.includes(target)) {
    const ahead = target !== 'Cancelled' && PROGRESS[target] > PROGRESS[facts.status];
    return {
      type: 'status',
      code: ahead ? 'EARLIER_STATUS_REQUIRED' : 'STATUS_PASSED',
      message: ahead
        ? `The order must move through ${next.filter((s) => s !== 'Cancelled').join(' or ')} before ${target}`
        : `The order has passed ${target}: from ${facts.status} it moves to ${next.join(' or ') || 'no other status'}`,
    };
  }
  const may = rolesThatMayMove(facts.status, target);
  return {
    type: 'role',
    code: 'ROLE_NOT_ALLOWED',
    message: `A key of role ${may.join(' or ')} makes this move, not ${role}`,
  };
}

/**
 * Where this caller can take the order from here: the moves it may make that nothing blocks, and
 * the ones waiting on a requirement (with what is missing), so a client needs no second guess.
 */
export function transitionOutlook(
  facts: OrderFacts,
  role: Role,
): { reachableNow: OrderStatus[]; blocked: Array<{ status: OrderStatus; missingRequirements: Requirement[] }> } {
  const reachableNow: OrderStatus[] = [];
  const blocked: Array<{ status: OrderStatus; missingRequirements: Requirement[] }> = [];
  for (const status of allowedTransitions(facts, role)) {
    const missing = missingRequirements(facts, status, false);
    if (missing.length === 0) reachableNow.push(status);
    else blocked.push({ status, missingRequirements: missing });
  }
  return { reachableNow, blocked };
}

/** The lifecycle as rows, for the reference: each status, its progress, who moves an order into it, and what it needs. */
export function lifecycleSteps(): Array<{
  status: OrderStatus;
  progress: number;
  movedBy: string;
  requires: Requirement[];
}> {
  const nothing: OrderFacts = {
    status: 'DepositSubmitted',
    paidFromWallet: false,
    callerOwnsOrder: false,
    totalAmount: 1,
    currency: 'USD',
    receipts: [],
    inspections: [],
    contracts: [],
    hasCustomsInvoice: false,
  };
  return ORDER_STATUSES.map((status) => ({
    status,
    progress: PROGRESS[status],
    movedBy:
      status === 'DepositSubmitted'
        ? 'order creation'
        : status === 'Cancelled'
          ? 'operations or accountant; the marketer or integrator who placed it while DepositSubmitted'
          : (MOVER[status] ?? 'admin'),
    // The payment rule names an order's own amount; the table states it for any order.
    requires: missingRequirements(nothing, status, false).map((r) =>
      r.code === 'PAYMENT_NOT_COVERED'
        ? { ...r, message: "Confirmed receipts in the order's currency must cover its total amount" }
        : r,
    ),
  }));
}
