import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../lib/domain/caller.js';
import {
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

/*
 * An independent statement of the lifecycle in DESIGN.md part 3, written here from the prose and
 * not derived from the tables in lib/domain/order-lifecycle.ts. Every generated case compares the
 * implementation with this model.
 */
const PATH: readonly OrderStatus[] = [
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
];
const MODEL_PROGRESS: Record<OrderStatus, number> = {
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

const modelTerminal = (s: OrderStatus) => s === 'Delivered' || s === 'Cancelled';
/** "Cancelled from any status before Purchased". */
const modelCanCancel = (s: OrderStatus) => PATH.includes(s) && PATH.indexOf(s) < PATH.indexOf('Purchased');

/** The lifecycle's next statuses, whoever asks: forward (wallet orders skip the payment steps) and cancel. */
function modelNext(from: OrderStatus, paidFromWallet: boolean): OrderStatus[] {
  const next: OrderStatus[] = [];
  const i = PATH.indexOf(from);
  if (i >= 0 && i < PATH.length - 1) next.push(paidFromWallet && from === 'ContractSigned' ? 'Purchased' : PATH[i + 1]!);
  if (modelCanCancel(from)) next.push('Cancelled');
  return next;
}

/** Who moves an order to each target (admin moves everything). */
const MODEL_MOVERS: Partial<Record<Role, OrderStatus[]>> = {
  accountant: ['DepositConfirmed', 'PaymentConfirmed'],
  operations: ['InspectionScheduled', 'PaymentSubmitted', 'Purchased', 'Shipped', 'Delivered', 'ContractSigned'],
  inspector: ['InspectionCompleted'],
};

function modelRoleMay(role: Role, from: OrderStatus, to: OrderStatus, owns: boolean): boolean {
  if (role === 'admin') return true;
  if (to === 'Cancelled') {
    if (role === 'operations' || role === 'accountant') return true;
    if (role === 'marketer' || role === 'integrator') return from === 'DepositSubmitted' && owns;
    return false;
  }
  return (MODEL_MOVERS[role] ?? []).includes(to);
}

type Verdict = 'valid' | 'not-in-lifecycle' | 'role';

function modelVerdict(role: Role, from: OrderStatus, to: OrderStatus, wallet: boolean, owns: boolean): Verdict {
  if (!modelNext(from, wallet).includes(to)) return 'not-in-lifecycle';
  return modelRoleMay(role, from, to, owns) ? 'valid' : 'role';
}

/** Facts in which every requirement of every target is met, so only lifecycle and role decide. */
function satisfiedFacts(status: OrderStatus, paidFromWallet: boolean, callerOwnsOrder: boolean): OrderFacts {
  return {
    status,
    paidFromWallet,
    callerOwnsOrder,
    inspectionDate: '2030-01-15T09:00:00.000Z',
    totalAmount: 1000,
    currency: 'USD',
    receipts: [{ status: 'Confirmed', amount: 1000, currency: 'USD' }],
    inspections: [{ status: 'Completed' }],
    contracts: [{ status: 'Signed' }],
    hasCustomsInvoice: true,
  };
}

/** Facts in which no requirement is met. */
function bareFacts(overrides: Partial<OrderFacts> = {}): OrderFacts {
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

const situations = ROLES.flatMap((role) =>
  ORDER_STATUSES.flatMap((status) =>
    [false, true].flatMap((paidFromWallet) => [false, true].map((callerOwnsOrder) => ({ role, status, paidFromWallet, callerOwnsOrder }))),
  ),
);

describe('the generated table of roles x statuses x targets x payment kind', () => {
  it('covers every role, status, target, payment kind and ownership', () => {
    expect(situations).toHaveLength(ROLES.length * ORDER_STATUSES.length * 2 * 2);
    expect(situations.length * ORDER_STATUSES.length).toBe(6 * 11 * 11 * 2 * 2);
  });

  it.each(situations)(
    '$role at $status (wallet: $paidFromWallet, own order: $callerOwnsOrder): checkTransition and allowedTransitions follow DESIGN part 3',
    ({ role, status, paidFromWallet, callerOwnsOrder }) => {
      const facts = satisfiedFacts(status, paidFromWallet, callerOwnsOrder);
      const expected = Object.fromEntries(ORDER_STATUSES.map((to) => [to, modelVerdict(role, status, to, paidFromWallet, callerOwnsOrder)]));

      const actual = Object.fromEntries(
        ORDER_STATUSES.map((to) => {
          const check = checkTransition(facts, to, role);
          return [to, check.valid ? 'valid' : check.reason];
        }),
      );
      const allowed = allowedTransitions(facts, role);

      expect(actual).toEqual(expected);
      expect(allowed).toEqual(ORDER_STATUSES.filter((to) => expected[to] === 'valid'));
      expect([...nextStatuses(status, paidFromWallet)].sort()).toEqual(modelNext(status, paidFromWallet).sort());
    },
  );

  it.each(situations)(
    '$role at $status (wallet: $paidFromWallet, own order: $callerOwnsOrder): a refused move explains itself and reports no requirement',
    ({ role, status, paidFromWallet, callerOwnsOrder }) => {
      const facts = satisfiedFacts(status, paidFromWallet, callerOwnsOrder);

      for (const to of ORDER_STATUSES) {
        const check = checkTransition(facts, to, role);

        if (check.valid) {
          expect(check).toEqual({ valid: true, errors: [], missingRequirements: [] });
        } else {
          expect(check.errors).toHaveLength(1);
          expect(check.errors[0]).toMatch(/\S/);
          expect(check.missingRequirements).toEqual([]);
        }
      }
    },
  );
});

describe('anchors the model must agree with (spec 3.1 and DESIGN part 3)', () => {
  it('shows the creating staff caller [DepositConfirmed, Cancelled] at creation', () => {
    const facts = bareFacts({ status: 'DepositSubmitted' });

    expect(allowedTransitions(facts, 'accountant')).toEqual(['DepositConfirmed', 'Cancelled']);
    expect(allowedTransitions(facts, 'admin')).toEqual(['DepositConfirmed', 'Cancelled']);
  });

  it('moves a wallet-paid order from ContractSigned straight to Purchased, and a deposit order to PaymentSubmitted', () => {
    expect(allowedTransitions(bareFacts({ status: 'ContractSigned', paidFromWallet: true }), 'operations')).toEqual(['Purchased', 'Cancelled']);
    expect(allowedTransitions(bareFacts({ status: 'ContractSigned', paidFromWallet: false }), 'operations')).toEqual(['PaymentSubmitted', 'Cancelled']);
    expect(checkTransition(satisfiedFacts('ContractSigned', true, true), 'PaymentSubmitted', 'admin')).toMatchObject({ valid: false, reason: 'not-in-lifecycle' });
  });

  it('lets a marketer or integrator cancel only their own order, and only while DepositSubmitted', () => {
    for (const role of ['marketer', 'integrator'] as const) {
      expect(checkTransition(satisfiedFacts('DepositSubmitted', false, true), 'Cancelled', role).valid).toBe(true);
      expect(checkTransition(satisfiedFacts('DepositSubmitted', false, false), 'Cancelled', role)).toMatchObject({ valid: false, reason: 'role' });
      expect(checkTransition(satisfiedFacts('DepositConfirmed', false, true), 'Cancelled', role)).toMatchObject({ valid: false, reason: 'role' });
    }
  });

  it('never lets an inspector cancel, nor anyone leave Delivered or Cancelled', () => {
    expect(checkTransition(satisfiedFacts('InspectionScheduled', false, true), 'Cancelled', 'inspector')).toMatchObject({ valid: false, reason: 'role' });
    for (const status of ['Delivered', 'Cancelled'] as const) {
      for (const role of ROLES) expect(allowedTransitions(satisfiedFacts(status, false, true), role)).toEqual([]);
      expect(checkTransition(satisfiedFacts(status, false, true), 'DepositSubmitted', 'admin').errors[0]).toContain('final');
    }
  });

  it('refuses staying in the same status', () => {
    for (const status of ORDER_STATUSES) {
      expect(checkTransition(satisfiedFacts(status, false, true), status, 'admin')).toMatchObject({ valid: false, reason: 'not-in-lifecycle' });
    }
  });
});

describe('progress, canCancel and isTerminal', () => {
  it.each(ORDER_STATUSES.map((s) => [s]))('%s has the progress, cancellability and finality DESIGN part 3 states', (status) => {
    expect(PROGRESS[status]).toBe(MODEL_PROGRESS[status]);
    expect(canCancel(status)).toBe(modelCanCancel(status));
    expect(isTerminal(status)).toBe(modelTerminal(status));
  });

  it('rises strictly along the forward path from 0 to 100, with -1 for Cancelled', () => {
    const values = PATH.map((s) => PROGRESS[s]);

    expect(values[0]).toBe(0);
    expect(values.at(-1)).toBe(100);
    values.slice(1).forEach((v, i) => expect(v).toBeGreaterThan(values[i]!));
    expect(PROGRESS.Cancelled).toBe(-1);
  });

  it('lists exactly the statuses of DESIGN part 3', () => {
    expect([...ORDER_STATUSES].sort()).toEqual([...PATH, 'Cancelled'].sort());
  });
});

describe('requirements of each target status', () => {
  /** The status before each target on the deposit path, so that only requirements can refuse (admin moves). */
  const previous = (to: OrderStatus): OrderStatus => PATH[PATH.indexOf(to) - 1]!;

  const expectations: Array<[OrderStatus, { type: string; code: string }[]]> = [
    ['DepositConfirmed', [{ type: 'receipt', code: 'CONFIRMED_RECEIPT_REQUIRED' }]],
    ['InspectionScheduled', [{ type: 'field', code: 'INSPECTION_DATE_REQUIRED' }]],
    ['InspectionCompleted', [{ type: 'inspection', code: 'COMPLETED_INSPECTION_REQUIRED' }]],
    ['ContractSigned', [{ type: 'contract', code: 'SIGNED_CONTRACT_REQUIRED' }]],
    ['PaymentSubmitted', []],
    ['PaymentConfirmed', [{ type: 'payment', code: 'PAYMENT_NOT_COVERED' }]],
    ['Purchased', []],
    ['Shipped', [{ type: 'customs', code: 'CUSTOMS_INVOICE_REQUIRED' }]],
    ['Delivered', []],
  ];

  it.each(expectations)('a move to %s with nothing in place reports %j as missing', (to, expected) => {
    const facts = bareFacts({ status: previous(to) });

    const check = checkTransition(facts, to, 'admin');
    const missing = missingRequirements(facts, to, false);

    expect(missing.map(({ type, code }) => ({ type, code }))).toEqual(expected);
    for (const m of missing) expect(m.message).toMatch(/\S{3,}/);
    if (expected.length === 0) {
      expect(check).toEqual({ valid: true, errors: [], missingRequirements: [] });
    } else {
      expect(check).toMatchObject({ valid: false, reason: 'requirements', missingRequirements: missing });
      expect(check.errors).toEqual(missing.map((m) => m.message));
    }
  });

  it('a move to Cancelled never needs anything', () => {
    for (const status of ORDER_STATUSES.filter(modelCanCancel)) {
      expect(checkTransition(bareFacts({ status }), 'Cancelled', 'operations')).toEqual({ valid: true, errors: [], missingRequirements: [] });
    }
  });

  it('checks the role before the requirements: a refused role reports no missing requirement', () => {
    const check = checkTransition(bareFacts({ status: 'DepositSubmitted' }), 'DepositConfirmed', 'operations');

    expect(check).toMatchObject({ valid: false, reason: 'role', missingRequirements: [] });
  });

  describe('DepositConfirmed', () => {
    it.each([
      ['only a Pending receipt', [{ status: 'Pending', amount: 100, currency: 'USD' }], false],
      ['a Confirmed receipt', [{ status: 'Confirmed', amount: 100, currency: 'USD' }], true],
      ['a Confirmed receipt beside a Pending one', [{ status: 'Pending', amount: 5, currency: 'USD' }, { status: 'Confirmed', amount: 100, currency: 'USD' }], true],
    ])('with %s is met: %s', (_label, receipts, met) => {
      const check = checkTransition(bareFacts({ status: 'DepositSubmitted', receipts }), 'DepositConfirmed', 'accountant');

      expect(check.valid).toBe(met);
    });
  });

  describe('InspectionScheduled', () => {
    it('is met by an inspectionDate on the order or one given with the move, not otherwise', () => {
      const noDate = bareFacts({ status: 'DepositConfirmed', inspectionDate: null });

      expect(checkTransition(noDate, 'InspectionScheduled', 'operations').valid).toBe(false);
      expect(checkTransition(noDate, 'InspectionScheduled', 'operations', true).valid).toBe(true);
      expect(checkTransition({ ...noDate, inspectionDate: '2030-02-01T10:00:00.000Z' }, 'InspectionScheduled', 'operations').valid).toBe(true);
    });
  });

  describe('InspectionCompleted', () => {
    it.each([
      ['Pending', false],
      ['InProgress', false],
      ['Cancelled', false],
      ['Completed', true],
    ])('an inspection in status %s meets it: %s', (status, met) => {
      const check = checkTransition(bareFacts({ status: 'InspectionScheduled', inspections: [{ status }] }), 'InspectionCompleted', 'inspector');

      expect(check.valid).toBe(met);
    });
  });

  describe('ContractSigned', () => {
    it.each([
      ['Draft', false],
      ['Sent', false],
      ['Signed', true],
    ])('a contract in status %s meets it: %s', (status, met) => {
      const check = checkTransition(bareFacts({ status: 'InspectionCompleted', contracts: [{ status }] }), 'ContractSigned', 'operations');

      expect(check.valid).toBe(met);
    });
  });

  describe('PaymentConfirmed', () => {
    const receipt = (amount: number, currency = 'USD', status = 'Confirmed') => ({ status, amount, currency });

    it.each([
      ['0.1 + 0.2 covering 0.3', 0.3, [receipt(0.1), receipt(0.2)], true],
      ['0.7 + 0.1 covering 0.8 (0.7999999999999999 in floating point)', 0.8, [receipt(0.7), receipt(0.1)], true],
      ['0.3 + 0.6 covering 0.9 (0.8999999999999999 in floating point)', 0.9, [receipt(0.3), receipt(0.6)], true],
      ['ten receipts of 0.1 covering 1', 1, Array.from({ length: 10 }, () => receipt(0.1)), true],
      ['exactly the total', 1000, [receipt(400), receipt(600)], true],
      ['more than the total', 1000, [receipt(1000.01)], true],
      ['one cent short', 1000, [receipt(400), receipt(599.99)], false],
      ['enough only with a Pending receipt', 1000, [receipt(500), receipt(500, 'USD', 'Pending')], false],
      ['enough only with a receipt in another currency', 1000, [receipt(500), receipt(3000, 'AED')], false],
      ['no receipts', 1000, [], false],
      ['no receipts for a total of 0', 0, [], true],
    ])('with %s is met: %s', (_label, totalAmount, receipts, met) => {
      const facts = bareFacts({ status: 'PaymentSubmitted', totalAmount, currency: 'USD', receipts });

      const check = checkTransition(facts, 'PaymentConfirmed', 'accountant');

      expect(check.valid).toBe(met);
      if (!met) {
        expect(check.missingRequirements).toEqual([expect.objectContaining({ type: 'payment', code: 'PAYMENT_NOT_COVERED' })]);
        expect(check.missingRequirements[0]!.message).toContain('USD');
      }
    });

    it('counts receipts in the order currency, whatever it is', () => {
      const facts = bareFacts({ status: 'PaymentSubmitted', totalAmount: 5_000_000, currency: 'KRW', receipts: [receipt(5_000_000, 'KRW')] });

      expect(checkTransition(facts, 'PaymentConfirmed', 'accountant').valid).toBe(true);
      expect(checkTransition({ ...facts, receipts: [receipt(5_000_000, 'USD')] }, 'PaymentConfirmed', 'accountant').valid).toBe(false);
    });
  });

  describe('Shipped', () => {
    it('is met by a customs invoice and not without one', () => {
      const facts = bareFacts({ status: 'Purchased' });

      expect(checkTransition(facts, 'Shipped', 'operations').valid).toBe(false);
      expect(checkTransition({ ...facts, hasCustomsInvoice: true }, 'Shipped', 'operations').valid).toBe(true);
    });
  });

  it('a wallet-paid order moving ContractSigned -> Purchased needs no payment receipts', () => {
    const facts = bareFacts({ status: 'ContractSigned', paidFromWallet: true });

    expect(checkTransition(facts, 'Purchased', 'operations')).toEqual({ valid: true, errors: [], missingRequirements: [] });
  });
});
