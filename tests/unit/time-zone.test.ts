import { describe, expect, it } from 'vitest';
import { planExportStep } from '../../lib/domain/export-steps.js';
import { planShipment } from '../../lib/domain/shipment.js';
import { localDay, tenantTimeZone, timeZoneProblem } from '../../lib/domain/time-zone.js';

// 22:30 UTC on the 26th is 01:30 on the 27th in Doha and Dubai.
const LATE_EVENING_UTC = '2026-11-26T22:30:00.000Z';

describe("a tenant's day", () => {
  it('is the calendar day in its zone, not in UTC', () => {
    expect(localDay(LATE_EVENING_UTC, 'Asia/Qatar')).toBe('2026-11-27');
    expect(localDay(LATE_EVENING_UTC, 'Asia/Dubai')).toBe('2026-11-27');
    expect(localDay(LATE_EVENING_UTC, 'UTC')).toBe('2026-11-26');
    expect(localDay('2026-11-26T02:00:00.000Z', 'America/New_York')).toBe('2026-11-25');
  });

  it("is counted in the tenant's own zone, else its country's, else UTC", () => {
    expect(tenantTimeZone({ timeZone: 'Asia/Riyadh', country: 'QA' })).toBe('Asia/Riyadh');
    expect(tenantTimeZone({ country: 'qa' })).toBe('Asia/Qatar');
    expect(tenantTimeZone({ country: 'OM' })).toBe('Asia/Muscat');
    expect(tenantTimeZone({ country: 'FR' })).toBe('UTC');
    expect(tenantTimeZone(undefined)).toBe('UTC');
  });

  it('takes IANA zone names only, and says what one looks like', () => {
    expect(timeZoneProblem('Asia/Qatar')).toBeUndefined();
    expect(timeZoneProblem('Asia/Doha')).toBe(
      'must be an IANA time zone name, e.g. Asia/Qatar or Asia/Dubai; got "Asia/Doha"',
    );
    expect(timeZoneProblem('GST')).toContain('IANA');
  });

  it("accepts today's date from Doha staff at 01:30 local time, and refuses tomorrow's", () => {
    const today = localDay(LATE_EVENING_UTC, 'Asia/Qatar');
    const dereg = (date: string) =>
      planExportStep(
        'Purchased',
        undefined,
        'deregistration',
        { date, documentUrl: 'https://f.example/d.pdf' },
        'ops',
        LATE_EVENING_UTC,
        today,
      );
    expect(dereg('2026-11-27')).toMatchObject({ ok: true });
    expect(dereg('2026-11-28')).toEqual({
      ok: false,
      problems: [
        {
          field: 'date',
          message: "must not be in the future: today is 2026-11-27 in the tenant's time zone, e.g. 2026-11-27",
        },
      ],
    });
    // Judged in UTC, as before, the 27th would be refused.
    expect(
      planExportStep(
        'Purchased',
        undefined,
        'deregistration',
        { date: '2026-11-27', documentUrl: 'https://f.example/d.pdf' },
        'ops',
        LATE_EVENING_UTC,
      ),
    ).toMatchObject({ ok: false });
  });

  it("accepts a departure dated the tenant's today", () => {
    const booked = {
      method: 'roro' as const,
      bookingNumber: 'BK1',
      carrier: 'HMM',
      portOfLoading: 'KRPTK',
      portOfDischarge: 'QAHMD',
      billOfLadingNumber: 'BL1',
      billOfLadingUrl: 'https://f.example/bl.pdf',
    };
    expect(planShipment(undefined, { ...booked, atd: '2026-11-27' }, LATE_EVENING_UTC, '2026-11-27')).toMatchObject({
      ok: true,
      news: ['booked', 'departed'],
    });
    expect(planShipment(undefined, { ...booked, atd: '2026-11-28' }, LATE_EVENING_UTC, '2026-11-27')).toMatchObject({
      ok: false,
      problems: [{ field: 'atd', message: expect.stringContaining('today is 2026-11-27') }],
    });
  });
});
