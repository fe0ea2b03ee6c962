/**
 * The order lifecycle of docs/api.md, "Orders" (lib/domain/order-lifecycle.ts), stated as properties
 * over random orders, roles and moves, plus a few named cases that spell the rules out.
 *
 * DepositSubmitted (0) -> DepositConfirmed (10) -> InspectionScheduled (20) -> InspectionCompleted (35)
 * -> ContractSigned (50) -> PaymentSubmitted (60) -> PaymentConfirmed (70) -> Purchased (80)
 * -> Shipped (90) -> Delivered (100); Cancelled (-1) from any status before Purchased. A wallet-paid
 * order goes from ContractSigned straight to Purchased. Delivered and Cancelled are final.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../lib/domain/caller.js';
import {
  rolesThatMayMove,
  refusalRequirement,
  awaitsPurchase,
  acceptsAddition,
  allowedTransitions,
  canCancel,
  checkTransition,
  isTerminal,
  missingRequirements,
  nextStatuses,
  ORDER_STATUSES,
  PROGRESS,
  type OrderFacts,
  type OrderStatus,
} from '../../lib/domain/order-lifecycle.js';

// --- arbitraries ------------------------------------------------------------------------------------

const anyStatus = fc.constantFrom(...ORDER_STATUSES);
const anyRole = fc.constantFrom(...ROLES);
const anyCurrency = fc.constantFrom('USD', 'AED', 'KRW');
/** Money to the cent, 0 to 10,000.00. */
const anyAmount = fc.integer({ min: 0, max: 1_000_000 }).map((cents) => cents / 100);
const anyReceipt = fc.record({
  status: fc.constantFrom('Pending', 'Confirmed', 'Rejected'),
  amount: anyAmount,
  currency: anyCurrency,
});

/** Any order, with any mix of receipts, inspections, contracts and documents. */
const anyFacts: fc.Arbitrary<OrderFacts> = fc.record({
  status: anyStatus,
  paidFromWallet: fc.boolean(),
  callerOwnsOrder: fc.boolean(),
  inspectionDate: fc.constantFrom(null, undefined, '', '2030-01-15T09:00:00.000Z'),
  totalAmount: anyAmount,
  currency: anyCurrency,
  receipts: fc.array(anyReceipt, { maxLength: 4 }),
  inspections: fc.array(fc.record({ status: fc.constantFrom('Pending', 'InProgress', 'Completed', 'Cancelled') }), {
    maxLength: 3,
  }),
  contracts: fc.array(fc.record({ status: fc.constantFrom('Draft', 'Sent', 'Signed') }), { maxLength: 3 }),
  hasCustomsInvoice: fc.boolean(),
  hasBillOfLading: fc.boolean(),
  hasArrived: fc.boolean(),
});

/** A move on any order: half the time to one of the order's next statuses, so valid moves are common. */
const anyMove = anyFacts.chain((facts) => {
  const next = nextStatuses(facts.status, facts.paidFromWallet);
  const target = next.length > 0 ? fc.oneof(anyStatus, fc.constantFrom(...next)) : anyStatus;
  return fc.record({ facts: fc.constant(facts), to: target, role: anyRole, inspectionDateGiven: fc.boolean() });
});

// --- helpers ----------------------------------------------------------------------------------------

/** An order with nothing in place: no receipts, inspections, contracts, date or customs invoice. */
function order(overrides: Partial<OrderFacts> = {}): OrderFacts {
  return {
    status: 'DepositSubmitted',
    paidFromWallet: false,
    callerOwnsOrder: true,
    inspectionDate: null,
    totalAmount: 1000,
    currency: 'USD',
    receipts: [],
    inspections: [],
    contracts: [],
    hasCustomsInvoice: false,
    ...overrides,
  };
}

/** The forward (non-cancelling) next status, if any. */
const forwardOf = (status: OrderStatus, paidFromWallet: boolean): OrderStatus | undefined =>
  nextStatuses(status, paidFromWallet).find((s) => s !== 'Cancelled');

/** Follows forward moves from `from` until none is left. */
function walk(from: OrderStatus, paidFromWallet: boolean): OrderStatus[] {
  const path = [from];
  for (
    let next = forwardOf(from, paidFromWallet);
    next !== undefined && path.length <= ORDER_STATUSES.length;
    next = forwardOf(next, paidFromWallet)
  ) {
    path.push(next);
  }
  return path;
}

/** "Before Purchased", from the progress numbers rather than from the cancellation rule itself. */
const beforePurchased = (status: OrderStatus): boolean =>
  status !== 'Cancelled' && PROGRESS[status] < PROGRESS.Purchased;

/** The roles other than admin that may make this move now. */
const nonAdminRolesThatMay = (
  from: OrderStatus,
  to: OrderStatus,
  paidFromWallet: boolean,
  callerOwnsOrder = true,
): Role[] =>
  ROLES.filter(
    (role) =>
      role !== 'admin' && allowedTransitions({ status: from, paidFromWallet, callerOwnsOrder }, role).includes(to),
  );

// --- the path ---------------------------------------------------------------------------------------

describe('the path of an order', () => {
  it('takes a deposit-paid order from DepositSubmitted to Delivered through every step, in order', () => {
    // Act
    const path = walk('DepositSubmitted', false);

    // Assert
    expect(path).toEqual([
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
    ]);
  });

  it('takes a wallet-paid order from InspectionScheduled to Delivered, going from ContractSigned straight to Purchased', () => {
    // Act
    const path = walk('InspectionScheduled', true);

    // Assert
    expect(path).toEqual([
      'InspectionScheduled',
      'InspectionCompleted',
      'ContractSigned',
      'Purchased',
      'Shipped',
      'Delivered',
    ]);
  });

  it('gives a wallet-paid order the same next statuses as a deposit-paid one, except at ContractSigned', () => {
    fc.assert(
      fc.property(
        anyStatus.filter((s) => s !== 'ContractSigned'),
        (status) => {
          expect(nextStatuses(status, true)).toEqual(nextStatuses(status, false));
        },
      ),
    );
  });

  it('offers at most one forward step from any status, plus Cancelled exactly when the order can be cancelled', () => {
    fc.assert(
      fc.property(anyStatus, fc.boolean(), (status, paidFromWallet) => {
        // Act
        const next = nextStatuses(status, paidFromWallet);

        // Assert
        expect(next.filter((s) => s !== 'Cancelled').length).toBeLessThanOrEqual(1);
        expect(next.includes('Cancelled')).toBe(canCancel(status));
        expect(next).not.toContain(status);
        expect(new Set(next).size).toBe(next.length);
      }),
    );
  });

  it('strictly increases progress along every forward move', () => {
    fc.assert(
      fc.property(anyStatus, fc.boolean(), (status, paidFromWallet) => {
        const next = forwardOf(status, paidFromWallet);
        if (next !== undefined) expect(PROGRESS[next]).toBeGreaterThan(PROGRESS[status]);
      }),
    );
  });

  it('reports progress 0 for a new order, 100 for a delivered one and -1 for a cancelled one', () => {
    // Act
    const path = walk('DepositSubmitted', false);

    // Assert
    expect(PROGRESS[path[0]!]).toBe(0);
    expect(PROGRESS[path.at(-1)!]).toBe(100);
    expect(PROGRESS.Cancelled).toBe(-1);
  });

  it('has no next status from a terminal status, and a forward step from every other status', () => {
    fc.assert(
      fc.property(anyStatus, fc.boolean(), (status, paidFromWallet) => {
        expect(nextStatuses(status, paidFromWallet).length === 0).toBe(isTerminal(status));
        if (!isTerminal(status)) expect(forwardOf(status, paidFromWallet)).toBeDefined();
      }),
    );
  });

  it('treats Delivered and Cancelled as final: not even admin moves an order out of them', () => {
    for (const status of ['Delivered', 'Cancelled'] as const) {
      for (const to of ORDER_STATUSES) {
        // Act
        const check = checkTransition(order({ status, hasCustomsInvoice: true }), to, 'admin');

        // Assert
        expect(check, `${status} -> ${to}`).toMatchObject({ valid: false, reason: 'not-in-lifecycle' });
        expect(check.errors[0]).toContain('final');
      }
    }
  });
});

describe('cancelling', () => {
  it('is possible in exactly the statuses before Purchased', () => {
    fc.assert(
      fc.property(anyStatus, (status) => {
        expect(canCancel(status)).toBe(beforePurchased(status));
      }),
    );
  });

  it('is still possible at PaymentConfirmed and no longer at Purchased', () => {
    expect(nextStatuses('PaymentConfirmed', false)).toContain('Cancelled');
    expect(nextStatuses('Purchased', false)).not.toContain('Cancelled');
  });

  it('is allowed to operations and accountants in every status before Purchased, whoever owns the order', () => {
    fc.assert(
      fc.property(
        anyStatus.filter(beforePurchased),
        fc.constantFrom<Role>('operations', 'accountant'),
        fc.boolean(),
        fc.boolean(),
        (status, role, paidFromWallet, owns) => {
          expect(allowedTransitions({ status, paidFromWallet, callerOwnsOrder: owns }, role)).toContain('Cancelled');
        },
      ),
    );
  });

  it.each(['marketer', 'integrator'] as const)(
    'is allowed to the %s on their own order while it is DepositSubmitted',
    (role) => {
      // Act
      const check = checkTransition(order({ status: 'DepositSubmitted', callerOwnsOrder: true }), 'Cancelled', role);

      // Assert
      expect(check.valid).toBe(true);
    },
  );

  it.each(['marketer', 'integrator'] as const)(
    "is refused to the %s on someone else's order, even while DepositSubmitted",
    (role) => {
      // Act
      const check = checkTransition(order({ status: 'DepositSubmitted', callerOwnsOrder: false }), 'Cancelled', role);

      // Assert
      expect(check).toMatchObject({ valid: false, reason: 'role' });
    },
  );

  it('is never allowed after DepositSubmitted to a role other than admin, operations and accountant', () => {
    fc.assert(
      fc.property(
        anyStatus.filter((s) => s !== 'DepositSubmitted'),
        fc.constantFrom<Role>('marketer', 'integrator', 'inspector'),
        fc.boolean(),
        fc.boolean(),
        (status, role, paidFromWallet, owns) => {
          expect(allowedTransitions({ status, paidFromWallet, callerOwnsOrder: owns }, role)).not.toContain(
            'Cancelled',
          );
        },
      ),
    );
  });

  it('is never allowed to an inspector, not even at DepositSubmitted', () => {
    expect(checkTransition(order({ status: 'DepositSubmitted' }), 'Cancelled', 'inspector')).toMatchObject({
      valid: false,
      reason: 'role',
    });
  });

  it('needs nothing in place', () => {
    fc.assert(
      fc.property(anyFacts, fc.boolean(), (facts, inspectionDateGiven) => {
        expect(missingRequirements(facts, 'Cancelled', inspectionDateGiven)).toEqual([]);
      }),
    );
  });
});

// --- who may move an order --------------------------------------------------------------------------

describe('who may move an order', () => {
  it('never offers a role a status the lifecycle does not have next', () => {
    fc.assert(
      fc.property(anyFacts, anyRole, (facts, role) => {
        const next = nextStatuses(facts.status, facts.paidFromWallet);
        for (const to of allowedTransitions(facts, role)) expect(next).toContain(to);
      }),
    );
  });

  it('lets admin make every move the lifecycle has', () => {
    fc.assert(
      fc.property(anyFacts, (facts) => {
        expect(allowedTransitions(facts, 'admin')).toEqual(nextStatuses(facts.status, facts.paidFromWallet));
      }),
    );
  });

  it('gives every forward move exactly one role besides admin, whoever owns the order', () => {
    fc.assert(
      fc.property(
        anyStatus.filter((s) => !isTerminal(s)),
        fc.boolean(),
        fc.boolean(),
        (from, paidFromWallet, owns) => {
          const to = forwardOf(from, paidFromWallet)!;
          expect(nonAdminRolesThatMay(from, to, paidFromWallet, owns)).toHaveLength(1);
        },
      ),
    );
  });

  it.each<[string, Role, OrderStatus, OrderStatus, boolean]>([
    ['the accountant confirms the deposit', 'accountant', 'DepositSubmitted', 'DepositConfirmed', false],
    ['operations schedule the inspection', 'operations', 'DepositConfirmed', 'InspectionScheduled', false],
    ['the inspector completes the inspection', 'inspector', 'InspectionScheduled', 'InspectionCompleted', false],
    ['operations record the signed contract', 'operations', 'InspectionCompleted', 'ContractSigned', false],
    ['operations record the payment as submitted', 'operations', 'ContractSigned', 'PaymentSubmitted', false],
    ['the accountant confirms the payment', 'accountant', 'PaymentSubmitted', 'PaymentConfirmed', false],
    ['operations record the purchase', 'operations', 'PaymentConfirmed', 'Purchased', false],
    ['operations record the purchase of a wallet-paid order', 'operations', 'ContractSigned', 'Purchased', true],
    ['operations record the shipping', 'operations', 'Purchased', 'Shipped', false],
    ['operations record the delivery', 'operations', 'Shipped', 'Delivered', false],
  ])('%s (and no other role but admin)', (_rule, role, from, to, paidFromWallet) => {
    // Act
    const roles = nonAdminRolesThatMay(from, to, paidFromWallet);

    // Assert
    expect(roles).toEqual([role]);
  });

  it('shows the accountant who created an order [DepositConfirmed, Cancelled] at creation', () => {
    expect(allowedTransitions(order({ status: 'DepositSubmitted' }), 'accountant')).toEqual([
      'DepositConfirmed',
      'Cancelled',
    ]);
  });

  it('checks the role before the requirements: a refused role reports no missing requirement', () => {
    // Act
    const check = checkTransition(order({ status: 'DepositSubmitted' }), 'DepositConfirmed', 'operations');

    // Assert
    expect(check).toMatchObject({ valid: false, reason: 'role', missingRequirements: [] });
  });
});

// --- requirements -----------------------------------------------------------------------------------

interface RequirementRule {
  to: OrderStatus;
  needs: string;
  type: string;
  code: string;
  /** The facts with the requirement in place, whatever else is true. */
  provide: (facts: OrderFacts) => OrderFacts;
  /** The facts with the requirement taken away, whatever else is true. */
  withhold: (facts: OrderFacts) => OrderFacts;
}

const REQUIREMENTS: RequirementRule[] = [
  {
    to: 'DepositConfirmed',
    needs: 'a Confirmed receipt',
    type: 'receipt',
    code: 'CONFIRMED_RECEIPT_REQUIRED',
    provide: (f) => ({ ...f, receipts: [...f.receipts, { status: 'Confirmed', amount: 100, currency: 'AED' }] }),
    withhold: (f) => ({ ...f, receipts: f.receipts.filter((r) => r.status !== 'Confirmed') }),
  },
  {
    to: 'InspectionScheduled',
    needs: 'an inspectionDate on the order',
    type: 'field',
    code: 'INSPECTION_DATE_REQUIRED',
    provide: (f) => ({ ...f, inspectionDate: '2030-02-01T10:00:00.000Z' }),
    withhold: (f) => ({ ...f, inspectionDate: null }),
  },
  {
    to: 'InspectionCompleted',
    needs: 'a Completed inspection',
    type: 'inspection',
    code: 'COMPLETED_INSPECTION_REQUIRED',
    provide: (f) => ({ ...f, inspections: [...f.inspections, { status: 'Completed' }] }),
    withhold: (f) => ({ ...f, inspections: f.inspections.filter((i) => i.status !== 'Completed') }),
  },
  {
    to: 'ContractSigned',
    needs: 'a Signed contract',
    type: 'contract',
    code: 'SIGNED_CONTRACT_REQUIRED',
    provide: (f) => ({ ...f, contracts: [...f.contracts, { status: 'Signed' }] }),
    withhold: (f) => ({ ...f, contracts: f.contracts.filter((c) => c.status !== 'Signed') }),
  },
  {
    to: 'PaymentConfirmed',
    needs: 'Confirmed receipts in the order currency covering totalAmount',
    type: 'payment',
    code: 'PAYMENT_NOT_COVERED',
    provide: (f) => ({
      ...f,
      receipts: [...f.receipts, { status: 'Confirmed', amount: f.totalAmount, currency: f.currency }],
    }),
    withhold: (f) => ({
      ...f,
      totalAmount: Math.max(f.totalAmount, 0.01),
      receipts: f.receipts.filter((r) => !(r.status === 'Confirmed' && r.currency === f.currency)),
    }),
  },
  {
    to: 'Shipped',
    needs: 'a customs invoice',
    type: 'customs',
    code: 'CUSTOMS_INVOICE_REQUIRED',
    provide: (f) => ({ ...f, hasCustomsInvoice: true, hasBillOfLading: true }),
    withhold: (f) => ({ ...f, hasCustomsInvoice: false, hasBillOfLading: true }),
  },
  {
    to: 'Shipped',
    needs: 'the bill of lading',
    type: 'shipment',
    code: 'BILL_OF_LADING_REQUIRED',
    provide: (f) => ({ ...f, hasCustomsInvoice: true, hasBillOfLading: true }),
    withhold: (f) => ({ ...f, hasCustomsInvoice: true, hasBillOfLading: false }),
  },
  {
    to: 'Delivered',
    needs: "the shipment's arrival",
    type: 'shipment',
    code: 'ARRIVAL_REQUIRED',
    provide: (f) => ({ ...f, hasArrived: true }),
    withhold: (f) => ({ ...f, hasArrived: false }),
  },
];

describe('requirements of a move', () => {
  it.each(REQUIREMENTS.map((rule) => [rule.to, rule.needs, rule] as const))(
    'a move to %s is met whenever the order has %s',
    (to, _needs, { provide }) => {
      fc.assert(
        fc.property(anyFacts, (facts) => {
          expect(missingRequirements(provide(facts), to, false)).toEqual([]);
        }),
      );
    },
  );

  it.each(REQUIREMENTS.map((rule) => [rule.to, rule.needs, rule.type, rule.code, rule] as const))(
    'a move to %s without %s reports one %s requirement, %s, with a message',
    (to, _needs, type, code, { withhold }) => {
      fc.assert(
        fc.property(anyFacts, (facts) => {
          expect(missingRequirements(withhold(facts), to, false)).toEqual([
            { type, code, message: expect.stringMatching(/\S{3,}/) },
          ]);
        }),
      );
    },
  );

  it.each<OrderStatus>(['PaymentSubmitted', 'Purchased'])('a move to %s needs nothing in place', (to) => {
    fc.assert(
      fc.property(anyFacts, fc.boolean(), (facts, inspectionDateGiven) => {
        expect(missingRequirements(facts, to, inspectionDateGiven)).toEqual([]);
      }),
    );
  });

  it('accepts an inspectionDate given with the move when the order has none', () => {
    // Arrange
    const noDate = order({ status: 'DepositConfirmed', inspectionDate: null });

    // Act
    const check = checkTransition(noDate, 'InspectionScheduled', 'operations', true);

    // Assert
    expect(check.valid).toBe(true);
  });

  it('lets a wallet-paid order move from ContractSigned to Purchased with no payment receipt at all', () => {
    // Act
    const check = checkTransition(order({ status: 'ContractSigned', paidFromWallet: true }), 'Purchased', 'operations');

    // Assert
    expect(check).toEqual({ valid: true, errors: [], missingRequirements: [] });
  });
});

describe('the payment requirement (PaymentConfirmed)', () => {
  const covered = (facts: OrderFacts): boolean => missingRequirements(facts, 'PaymentConfirmed', false).length === 0;
  const paymentRule = REQUIREMENTS.find((r) => r.to === 'PaymentConfirmed')!;

  it('never appears because a Confirmed receipt in the order currency was added', () => {
    fc.assert(
      fc.property(fc.oneof(anyFacts, anyFacts.map(paymentRule.provide)), anyAmount, (facts, amount) => {
        fc.pre(covered(facts));
        const more = {
          ...facts,
          receipts: [...facts.receipts, { status: 'Confirmed', amount, currency: facts.currency }],
        };

        expect(covered(more)).toBe(true);
      }),
    );
  });

  it('ignores receipts that are not Confirmed or are in another currency', () => {
    fc.assert(
      fc.property(anyFacts, anyReceipt, (facts, receipt) => {
        fc.pre(receipt.status !== 'Confirmed' || receipt.currency !== facts.currency);
        const more = { ...facts, receipts: [...facts.receipts, receipt] };

        expect(covered(more)).toBe(covered(facts));
      }),
    );
  });

  it('is met by receipts that add up exactly to the total, to the cent, and not when they are one cent short', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 10 }),
        anyCurrency,
        (cents, currency) => {
          // Arrange
          const totalAmount = cents.reduce((a, b) => a + b, 0) / 100;
          const receipts = cents.map((c) => ({ status: 'Confirmed', amount: c / 100, currency }));
          const oneCentShort = receipts.map((r, i) => (i === 0 ? { ...r, amount: (cents[0]! - 1) / 100 } : r));

          // Act / Assert
          expect(covered(order({ totalAmount, currency, receipts }))).toBe(true);
          expect(covered(order({ totalAmount, currency, receipts: oneCentShort }))).toBe(false);
        },
      ),
    );
  });

  it('is met by 0.1 + 0.2 for a total of 0.3 (decimal arithmetic, not floating point)', () => {
    // Arrange
    const receipts = [0.1, 0.2].map((amount) => ({ status: 'Confirmed', amount, currency: 'USD' }));

    // Act
    const check = checkTransition(
      order({ status: 'PaymentSubmitted', totalAmount: 0.3, receipts }),
      'PaymentConfirmed',
      'accountant',
    );

    // Assert
    expect(check.valid).toBe(true);
  });

  it('names the order currency when it is not met', () => {
    // Act
    const [missing] = missingRequirements(
      order({ totalAmount: 5_000_000, currency: 'KRW' }),
      'PaymentConfirmed',
      false,
    );

    // Assert
    expect(missing?.message).toContain('KRW');
  });
});

// --- the verdict on a move --------------------------------------------------------------------------

describe('checkTransition', () => {
  it('finds a move valid exactly when the lifecycle has it, the role may make it and nothing is missing', () => {
    fc.assert(
      fc.property(anyMove, ({ facts, to, role, inspectionDateGiven }) => {
        // Arrange
        const inLifecycle = nextStatuses(facts.status, facts.paidFromWallet).includes(to);
        const roleMay = allowedTransitions(facts, role).includes(to);
        const nothingMissing = missingRequirements(facts, to, inspectionDateGiven).length === 0;

        // Act
        const check = checkTransition(facts, to, role, inspectionDateGiven);

        // Assert
        expect(check.valid).toBe(inLifecycle && roleMay && nothingMissing);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the first reason that refuses a move: the lifecycle, then the role, then the requirements', () => {
    fc.assert(
      fc.property(anyMove, ({ facts, to, role, inspectionDateGiven }) => {
        // Arrange
        const expected = !nextStatuses(facts.status, facts.paidFromWallet).includes(to)
          ? 'not-in-lifecycle'
          : !allowedTransitions(facts, role).includes(to)
            ? 'role'
            : missingRequirements(facts, to, inspectionDateGiven).length > 0
              ? 'requirements'
              : undefined;

        // Act
        const check = checkTransition(facts, to, role, inspectionDateGiven);

        // Assert
        expect(check.valid ? undefined : check.reason).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('explains every refusal, and lists missing requirements (as its errors) only when they are the reason', () => {
    fc.assert(
      fc.property(anyMove, ({ facts, to, role, inspectionDateGiven }) => {
        // Act
        const check = checkTransition(facts, to, role, inspectionDateGiven);

        // Assert
        if (check.valid) {
          expect(check).toEqual({ valid: true, errors: [], missingRequirements: [] });
        } else if (check.reason === 'requirements') {
          expect(check.missingRequirements).toEqual(missingRequirements(facts, to, inspectionDateGiven));
          expect(check.errors).toEqual(check.missingRequirements.map((m) => m.message));
        } else {
          expect(check.missingRequirements).toEqual([]);
          expect(check.errors).toHaveLength(1);
          expect(check.errors[0]).toMatch(/\S/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never treats staying in the same status as a move', () => {
    fc.assert(
      fc.property(anyFacts, anyRole, (facts, role) => {
        expect(checkTransition(facts, facts.status, role)).toMatchObject({ valid: false, reason: 'not-in-lifecycle' });
      }),
    );
  });
});

describe('what an order still takes after it is created', () => {
  it('takes nothing new once cancelled', () => {
    for (const addition of ['billing entry', 'contract', 'inspection', 'customs data'] as const)
      expect(acceptsAddition('Cancelled', addition)).toBe(false);
  });

  it('takes invoices, receipts and customs papers after delivery, but no contract or inspection', () => {
    expect(acceptsAddition('Delivered', 'billing entry')).toBe(true);
    expect(acceptsAddition('Delivered', 'customs data')).toBe(true);
    expect(acceptsAddition('Delivered', 'contract')).toBe(false);
    expect(acceptsAddition('Delivered', 'inspection')).toBe(false);
    expect(acceptsAddition('Shipped', 'inspection')).toBe(false);
    expect(acceptsAddition('Shipped', 'contract')).toBe(true);
  });

  it('takes everything while the order is open and not yet shipped', () => {
    const open = ORDER_STATUSES.filter((s) => !isTerminal(s) && s !== 'Shipped');
    for (const status of open)
      for (const addition of ['billing entry', 'contract', 'inspection', 'customs data'] as const)
        expect(acceptsAddition(status, addition)).toBe(true);
  });
});

describe('an order whose car is not bought yet', () => {
  it('is every open status before Purchased: the auction still decides it', () => {
    expect(ORDER_STATUSES.filter(awaitsPurchase)).toEqual([
      'DepositSubmitted',
      'DepositConfirmed',
      'InspectionScheduled',
      'InspectionCompleted',
      'ContractSigned',
      'PaymentSubmitted',
      'PaymentConfirmed',
    ]);
  });
});

describe('what a move refused outright lacks', () => {
  const at = (status: OrderStatus, paidFromWallet = false) => ({ status, paidFromWallet });

  it('names the status it must pass through, the one it has passed, a closed order, an unknown status, or the role', () => {
    expect(refusalRequirement(at('DepositSubmitted'), 'Delivered', 'operations')).toEqual({
      type: 'status',
      code: 'EARLIER_STATUS_REQUIRED',
      message: 'The order must move through DepositConfirmed before Delivered',
    });
    expect(refusalRequirement(at('Purchased'), 'DepositConfirmed', 'admin')).toMatchObject({
      type: 'status',
      code: 'STATUS_PASSED',
    });
    expect(refusalRequirement(at('Shipped'), 'Cancelled', 'admin')).toMatchObject({
      type: 'status',
      code: 'NOT_CANCELLABLE',
    });
    expect(refusalRequirement(at('Delivered'), 'Shipped', 'admin')).toMatchObject({
      type: 'status',
      code: 'ORDER_CLOSED',
    });
    expect(refusalRequirement(at('DepositSubmitted'), 'DepositSubmitted', 'admin')).toMatchObject({
      type: 'status',
      code: 'ALREADY_IN_STATUS',
    });
    expect(refusalRequirement(at('DepositSubmitted'), 'Teleported', 'admin')).toMatchObject({
      type: 'status',
      code: 'UNKNOWN_STATUS',
    });
    expect(refusalRequirement(at('DepositSubmitted'), 'DepositConfirmed', 'integrator')).toEqual({
      type: 'role',
      code: 'ROLE_NOT_ALLOWED',
      message: `A key of role ${rolesThatMayMove('DepositSubmitted', 'DepositConfirmed').join(' or ')} makes this move, not integrator`,
    });
  });
});
