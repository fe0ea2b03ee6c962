import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  COMPLETION_REPORT_MONTHS,
  LOAD_BY_DAYS,
  openDeadlines,
  planExportStep,
  purchaseDay,
  type ExportSteps,
} from '../../lib/domain/export-steps.js';
import { isLoaded, planShipment, type Shipment } from '../../lib/domain/shipment.js';

const NOW = '2026-11-23T10:00:00.000Z';
const ok = (plan: ReturnType<typeof planExportStep>): ExportSteps => {
  if (!plan.ok) throw new Error(JSON.stringify(plan));
  return plan.steps;
};

describe('export steps', () => {
  it('go in their order while Purchased, and start the load-by and completion-report deadlines', () => {
    const dereg = ok(
      planExportStep(
        'Purchased',
        undefined,
        'deregistration',
        { date: '2026-01-31', documentUrl: 'https://f.example/d.pdf' },
        'ops',
        NOW,
      ),
    );
    expect(dereg.completionReportDueBy).toBe(addMonths('2026-01-31', COMPLETION_REPORT_MONTHS));
    expect(dereg.completionReportDueBy).toBe('2027-01-31');
    const bonded = ok(
      planExportStep(
        'Purchased',
        dereg,
        'bonded-area',
        { date: '2026-02-02', location: 'Incheon bonded yard 3' },
        'ops',
        NOW,
      ),
    );
    const declared = ok(
      planExportStep(
        'Purchased',
        bonded,
        'export-declaration',
        { date: '2026-02-05', number: '12345-26-000123X' },
        'ops',
        NOW,
      ),
    );
    expect(declared.exportDeclaration).toMatchObject({
      number: '12345-26-000123X',
      loadBy: addDays('2026-02-05', LOAD_BY_DAYS),
    });
    expect(declared.exportDeclaration!.loadBy).toBe('2026-03-07');
    expect(openDeadlines(declared, false)).toEqual([
      { kind: 'load-by', due: '2026-03-07' },
      { kind: 'completion-report', due: '2027-01-31' },
    ]);
    // Loading closes the load-by deadline; filing the report (once Shipped) closes the other.
    expect(openDeadlines(declared, true)).toEqual([{ kind: 'completion-report', due: '2027-01-31' }]);
    const filed = ok(planExportStep('Shipped', declared, 'completion-report', { date: '2026-03-20' }, 'ops', NOW));
    expect(openDeadlines(filed, true)).toEqual([]);
  });

  it('refuse a step out of turn or in the wrong status, with the reason', () => {
    expect(planExportStep('Purchased', undefined, 'bonded-area', { date: '2026-02-02' }, 'ops', NOW)).toMatchObject({
      ok: false,
      state: 'Record the deregistration step first',
    });
    expect(
      planExportStep(
        'PaymentConfirmed',
        undefined,
        'deregistration',
        { date: '2026-02-02', documentUrl: 'https://f.example/d.pdf' },
        'ops',
        NOW,
      ),
    ).toMatchObject({ ok: false, state: expect.stringContaining('Purchased') });
    const dereg = ok(
      planExportStep(
        'Purchased',
        undefined,
        'deregistration',
        { date: '2026-01-31', documentUrl: 'https://f.example/d.pdf' },
        'ops',
        NOW,
      ),
    );
    const bonded = ok(planExportStep('Purchased', dereg, 'bonded-area', { date: '2026-02-02' }, 'ops', NOW));
    const declared = ok(
      planExportStep('Purchased', bonded, 'export-declaration', { date: '2026-02-05', number: 'X1' }, 'ops', NOW),
    );
    expect(
      planExportStep('Purchased', declared, 'completion-report', { date: '2026-03-01' }, 'ops', NOW),
    ).toMatchObject({
      ok: false,
      state: expect.stringContaining('Shipped'),
    });
  });

  it('report every problem of the input at once', () => {
    const plan = planExportStep(
      'Purchased',
      undefined,
      'deregistration',
      { date: '2027-01-01', number: 'N1' },
      'ops',
      NOW,
    );
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.problems.map((p) => p.field).sort()).toEqual(['date', 'documentUrl', 'number']);
    const dereg = ok(
      planExportStep(
        'Purchased',
        undefined,
        'deregistration',
        { date: '2026-05-01', documentUrl: 'https://f.example/d.pdf' },
        'ops',
        NOW,
      ),
    );
    const early = planExportStep('Purchased', dereg, 'bonded-area', { date: '2026-04-30' }, 'ops', NOW);
    expect(!early.ok && early.problems).toEqual([{ field: 'date', message: expect.stringContaining('2026-05-01') }]);
  });

  it('refuse a step dated before the purchase, naming its day, and accept the purchase day itself', () => {
    const dereg = { documentUrl: 'https://f.example/d.pdf' };

    const early = planExportStep(
      'Purchased',
      undefined,
      'deregistration',
      { date: '2026-11-09', ...dereg },
      'ops',
      NOW,
      '2026-11-23',
      '2026-11-10',
    );
    const onTheDay = planExportStep(
      'Purchased',
      undefined,
      'deregistration',
      { date: '2026-11-10', ...dereg },
      'ops',
      NOW,
      '2026-11-23',
      '2026-11-10',
    );
    const unknown = planExportStep(
      'Purchased',
      undefined,
      'deregistration',
      { date: '2026-11-09', ...dereg },
      'ops',
      NOW,
      '2026-11-23',
      undefined,
    );

    expect(early).toEqual({
      ok: false,
      problems: [
        {
          field: 'date',
          message:
            'must not be before the purchase (2026-11-10): a car is exported after it is bought, e.g. 2026-11-23',
        },
      ],
    });
    expect(onTheDay.ok).toBe(true);
    expect(unknown.ok).toBe(true);
  });

  it("date a purchase on the tenant's day, or the UTC day when that is earlier", () => {
    // 21:00 UTC is already the next morning in Dubai and still the same evening in Honolulu.
    expect(purchaseDay('2026-11-10T21:00:00.000Z', 'Asia/Dubai')).toBe('2026-11-10');
    expect(purchaseDay('2026-11-10T05:00:00.000Z', 'Pacific/Honolulu')).toBe('2026-11-09');
    expect(purchaseDay('2026-11-10T12:00:00.000Z', 'UTC')).toBe('2026-11-10');
  });

  it('count months to the same day, or the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
  });
});

describe('the shipment', () => {
  const booking = {
    method: 'container' as const,
    bookingNumber: 'BK1',
    carrier: 'HMM',
    portOfLoading: 'KRPUS',
    portOfDischarge: 'AEJEA',
    containerNumber: 'HMMU1234560',
    etd: '2026-11-20',
    eta: '2026-12-10',
  };

  it('tells of booking, departure and arrival, each once', () => {
    const booked = planShipment(undefined, booking, NOW);
    expect(booked).toMatchObject({ ok: true, news: ['booked'] });
    const current = (booked as { shipment: Shipment }).shipment;
    const departed = planShipment(
      current,
      { billOfLadingNumber: 'BL9', billOfLadingUrl: 'https://f.example/bl.pdf', atd: '2026-11-21' },
      NOW,
    );
    expect(departed).toMatchObject({ ok: true, news: ['departed'] });
    const afterDeparture = (departed as { shipment: Shipment }).shipment;
    expect(isLoaded(afterDeparture)).toBe(true);
    expect(planShipment(afterDeparture, { eta: '2026-12-12' }, NOW)).toMatchObject({ ok: true, news: [] });
    expect(planShipment(afterDeparture, { ata: '2026-11-23' }, NOW)).toMatchObject({ ok: true, news: ['arrived'] });
  });

  it('refuses what cannot be: container fields on RoRo, arrival before departure, departure without a bill of lading, actual dates ahead', () => {
    const plan = planShipment(
      undefined,
      { ...booking, method: 'roro', eta: '2026-11-01', atd: '2026-11-22', ata: '2026-11-21' },
      NOW,
    );
    expect(!plan.ok && plan.problems.map((p) => p.field).sort()).toEqual(['ata', 'atd', 'containerNumber', 'eta']);
    const missing = planShipment(undefined, { method: 'roro' }, NOW);
    expect(!missing.ok && missing.problems.map((p) => p.field)).toEqual([
      'bookingNumber',
      'carrier',
      'portOfLoading',
      'portOfDischarge',
    ]);
    const future = planShipment(
      undefined,
      { ...booking, billOfLadingNumber: 'B', billOfLadingUrl: 'https://f.example/b.pdf', atd: '2026-12-01' },
      NOW,
    );
    expect(!future.ok && future.problems).toEqual([{ field: 'atd', message: expect.stringContaining('future') }]);
  });

  it('switches a container booking to RoRo, dropping the container number and seal, but refuses a container field sent with the switch', () => {
    const current = (planShipment(undefined, { ...booking, sealNumber: 'S1' }, NOW) as { shipment: Shipment }).shipment;
    const switched = planShipment(current, { method: 'roro' }, NOW);
    expect(switched.ok).toBe(true);
    const shipment = (switched as { shipment: Shipment }).shipment;
    expect(shipment).toMatchObject({ method: 'roro', bookingNumber: 'BK1', carrier: 'HMM' });
    expect(shipment.containerNumber).toBeUndefined();
    expect(shipment.sealNumber).toBeUndefined();
    const withContainer = planShipment(current, { method: 'roro', containerNumber: 'HMMU7654322' }, NOW);
    expect(!withContainer.ok && withContainer.problems.map((p) => p.field)).toEqual(['containerNumber']);
    // Back to a container keeps what the RoRo booking had.
    expect(planShipment(shipment, { method: 'container', containerNumber: 'HMMU7654322' }, NOW)).toMatchObject({
      ok: true,
    });
  });
});
