import { describe, expect, it } from 'vitest';
import { isLinkLive, linkExpiry, tokenHash, trackingToken, trackingUrl } from '../../lib/domain/tracking-link.js';
import { documentsToLink } from '../../lib/domain/tracking-papers.js';
import { trackingPageView } from '../../lib/domain/tracking-view.js';
import type { TrackingPageInput } from '../../lib/domain/tracking-view-shape.js';
import { renderRefusalPage, renderTrackingPage, TRACKING_STYLE_HASH } from '../../lib/pages/tracking-page.js';
import { colourName } from '../../lib/text/colours.js';
import { portName } from '../../lib/text/ports.js';

const SECRET = 'unit-test-secret';

/** An order as the page reads it, with what the page must never show mixed in (as the stored records carry it). */
function orderAt(
  status: TrackingPageInput['order']['status'],
  extra: Partial<TrackingPageInput> = {},
): TrackingPageInput {
  const order = {
    orderNumber: 1042,
    status,
    totalAmount: 18500,
    currency: 'USD',
    paidFromWallet: false,
    createdAt: '2026-10-01T08:00:00.000Z',
    inspectionDate: '2026-10-06T09:00:00.000Z',
    carDetails: {
      makeEn: 'Hyundai',
      modelEn: 'Sonata',
      gradeEn: 'Premium',
      year: 2021,
      kilometers: 45210,
      color: 'Pearl white',
      vin: 'KMHL14JA5MA123456',
      price: 1790,
    },
    customer: { name: 'Layla Haddad', mobileNumber: '+971501234567', email: 'layla@example.com' },
    marketer: { name: 'Omar Saleh', mobileNumber: '+971 50 111 0001', email: 'omar@dealer.example' },
    // Never shown: staff notes, who created it, the audit and other staff.
    notes: 'INTERNAL: customer haggles, keep margin',
    createdByKeyId: 'key-secret-id',
  } as TrackingPageInput['order'];
  return {
    order,
    history: [{ to: 'DepositSubmitted', at: '2026-10-01T08:00:00.000Z' }],
    receipts: [{ status: 'Pending', amount: 2000, currency: 'USD' }],
    inspections: [],
    documents: [],
    photoUrl: 'https://bucket.example/orders/1042/01.jpg?X-Amz-Signature=abc',
    ...extra,
  };
}

const inspection = {
  status: 'Completed',
  inspectionDate: '2026-10-06T09:00:00.000Z',
  photos: [
    { url: 'https://photos.example/front.jpg', thumbnailUrl: 'https://photos.example/front-150.jpg', caption: 'Front' },
    { url: 'javascript:alert(1)', caption: 'refused' },
  ],
  pdfReportUrl: 'https://photos.example/report.pdf',
  createdAt: '2026-10-03T10:00:00.000Z',
};

const shipped = (): TrackingPageInput => {
  const input = orderAt('Shipped', {
    history: [
      { to: 'DepositSubmitted', at: '2026-10-01T08:00:00.000Z' },
      { to: 'DepositConfirmed', at: '2026-10-02T08:00:00.000Z' },
      { to: 'InspectionScheduled', at: '2026-10-03T08:00:00.000Z' },
      { to: 'InspectionCompleted', at: '2026-10-06T12:00:00.000Z' },
      { to: 'ContractSigned', at: '2026-10-07T08:00:00.000Z' },
      { to: 'PaymentSubmitted', at: '2026-10-08T08:00:00.000Z' },
      { to: 'PaymentConfirmed', at: '2026-10-09T08:00:00.000Z' },
      { to: 'Purchased', at: '2026-10-10T08:00:00.000Z' },
      { to: 'Shipped', at: '2026-10-20T08:00:00.000Z' },
    ],
    receipts: [
      { status: 'Confirmed', amount: 2000, currency: 'USD' },
      { status: 'Confirmed', amount: 16500, currency: 'USD' },
    ],
    inspections: [inspection],
    signedContract: {
      contractNumber: 2031,
      signedAt: '2026-10-07T08:00:00.000Z',
      url: 'https://files.example/contract-2031.pdf',
    },
    documents: [
      { type: 'proforma-invoice', createdAt: '2026-10-07T09:00:00.000Z', url: 'https://bucket.example/pi.pdf?sig=1' },
    ],
  });
  input.order.exportSteps = { deregistration: { date: '2026-10-12' }, exportDeclaration: { date: '2026-10-15' } };
  input.order.shipment = {
    method: 'roro',
    carrier: 'Hoegh Autoliners',
    vessel: 'Hoegh Target',
    voyage: '112W',
    portOfLoading: 'Pyeongtaek',
    portOfDischarge: 'Jebel Ali',
    etd: '2026-10-19',
    eta: '2026-11-18',
    atd: '2026-10-20',
    billOfLadingNumber: 'HOEG123456',
  };
  return input;
};

describe('tracking links', () => {
  it('derives a 32-character URL-safe token from the seed and the secret, and hashes it for the table', () => {
    const token = trackingToken(SECRET, 'seed-1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(trackingToken(SECRET, 'seed-1')).toBe(token);
    expect(trackingToken(SECRET, 'seed-2')).not.toBe(token);
    expect(trackingToken('another-secret', 'seed-1')).not.toBe(token);
    expect(tokenHash(token)).not.toContain(token);
    expect(tokenHash(token)).toBe(tokenHash(token));
    expect(trackingUrl('https://api.example.com/dev/', token)).toBe(`https://api.example.com/dev/track/${token}`);
  });

  it('ends 90 days after the order closed, and works until then', () => {
    const endsAt = linkExpiry('2026-11-01T10:00:00.000Z');
    expect(endsAt).toBe('2027-01-30T10:00:00.000Z');
    expect(isLinkLive({}, new Date('2030-01-01'))).toBe(true);
    expect(isLinkLive({ endsAt }, new Date('2027-01-30T09:59:59.000Z'))).toBe(true);
    expect(isLinkLive({ endsAt }, new Date('2027-01-30T10:00:00.000Z'))).toBe(false);
  });
});

describe("the buyer's view of an order", () => {
  it('after the deposit: the order is placed, confirming the deposit is next, the rest is later; the deposit is being checked', () => {
    const view = trackingPageView(orderAt('DepositSubmitted'));
    expect(view.stage).toBe('in-progress');
    expect(view.milestones.slice(0, 3).map((m) => [m.key, m.state])).toEqual([
      ['ordered', 'done'],
      ['depositConfirmed', 'next'],
      ['inspectionScheduled', 'later'],
    ]);
    expect(view.milestones.filter((m) => m.state === 'done')).toHaveLength(1);
    expect(view.money).toEqual({
      total: 18500,
      confirmed: 0,
      awaitingConfirmation: 2000,
      remaining: 18500,
      currency: 'USD',
      paidFromWallet: false,
      otherCurrencies: [],
    });
    expect(view.voyage).toBeUndefined();
    expect(view.papers).toEqual([]);
    expect(view.car).toMatchObject({
      make: 'Hyundai',
      model: 'Sonata Premium',
      year: 2021,
      mileageKm: 45210,
      colour: 'Pearl white',
      vinEnding: '123456',
    });
    expect(view.contact).toEqual({ name: 'Omar Saleh', whatsappUrl: 'https://wa.me/971501110001' });
  });

  it("lists money received in another currency beside the totals, which count the order's currency only", () => {
    const input = orderAt('DepositConfirmed');
    input.receipts = [...input.receipts, { status: 'Confirmed', amount: 2_500_000, currency: 'KRW' }];
    const view = trackingPageView(input);
    expect(view.money.otherCurrencies).toEqual([
      { currency: 'KRW', totalConfirmed: 2_500_000, awaitingConfirmation: 0 },
    ]);
    expect(view.money.remaining).toBe(view.money.total - view.money.confirmed);
    const en = renderTrackingPage(view, { language: 'en', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' });
    const ar = renderTrackingPage(view, { language: 'ar', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' });
    expect(en).toMatch(/Also received and confirmed<\/dt><dd><bdi dir="ltr">[^<]*2,500,000/);
    expect(en).toContain('are not in the totals above');
    expect(ar).toContain('مستلم ومؤكد أيضًا');
  });

  it('on the water: export steps and departure done with their days, arrival next with its ETA, the voyage and the papers', () => {
    const view = trackingPageView(shipped());
    const byKey = Object.fromEntries(view.milestones.map((m) => [m.key, m]));
    expect(byKey.deregistered).toEqual({ key: 'deregistered', state: 'done', date: '2026-10-12' });
    expect(byKey.exportDeclared).toEqual({ key: 'exportDeclared', state: 'done', date: '2026-10-15' });
    expect(byKey.departed).toEqual({ key: 'departed', state: 'done', date: '2026-10-20' });
    expect(byKey.arrived).toEqual({ key: 'arrived', state: 'next', expected: '2026-11-18' });
    expect(byKey.delivered?.state).toBe('later');
    expect(view.voyage).toMatchObject({
      vessel: 'Hoegh Target',
      voyage: '112W',
      portOfDischarge: 'Jebel Ali',
      eta: '2026-11-18',
      billOfLadingNumber: 'HOEG123456',
    });
    expect(view.money.remaining).toBe(0);
    expect(view.papers.map((p) => p.kind)).toEqual(['contract', 'proforma-invoice', 'inspection-report']);
    expect(view.inspection?.state).toBe('completed');
    // Only web addresses become pictures.
    expect(view.inspection?.photos).toEqual([
      {
        url: 'https://photos.example/front.jpg',
        thumbnailUrl: 'https://photos.example/front-150.jpg',
        caption: 'Front',
      },
    ]);
  });

  it('delivered: every step done, nothing next', () => {
    const input = shipped();
    input.order.status = 'Delivered';
    input.order.shipment!.ata = '2026-11-17';
    input.history = [...input.history, { to: 'Delivered', at: '2026-11-25T08:00:00.000Z' }];
    const view = trackingPageView(input);
    expect(view.stage).toBe('delivered');
    expect(view.milestones.every((m) => m.state === 'done')).toBe(true);
    expect(view.milestones.at(-1)).toEqual({ key: 'delivered', state: 'done', date: '2026-11-25T08:00:00.000Z' });
  });

  it('in progress until shipped: the badge says "on its way" only once the car is on the water', () => {
    const badge = (input: TrackingPageInput, language: 'en' | 'ar') =>
      /<span class="badge [^"]*">([^<]*)<\/span><\/h1>/.exec(
        renderTrackingPage(trackingPageView(input), { language, timeZone: 'Asia/Dubai', brand: 'Gulf Motors' }),
      )?.[1];
    for (const status of ['DepositSubmitted', 'InspectionScheduled', 'PaymentConfirmed', 'Purchased'] as const) {
      expect(badge(orderAt(status), 'en'), status).toBe('In progress');
      expect(badge(orderAt(status), 'ar'), status).toBe('قيد التنفيذ');
    }
    expect(badge(shipped(), 'en')).toBe('On its way');
    expect(badge(shipped(), 'ar')).toBe('في الطريق إليك');
    const delivered = shipped();
    delivered.order.status = 'Delivered';
    expect(badge(delivered, 'en')).toBe('Delivered');
    expect(badge(orderAt('Cancelled'), 'en')).toBe('Cancelled');
    expect(badge(orderAt('Cancelled'), 'ar')).toBe('ملغى');
  });

  it('cancelled: says when, and offers no next step', () => {
    const input = orderAt('Cancelled', {
      history: [
        { to: 'DepositSubmitted', at: '2026-10-01T08:00:00.000Z' },
        { to: 'Cancelled', at: '2026-10-02T11:00:00.000Z' },
      ],
    });
    const view = trackingPageView(input);
    expect(view.stage).toBe('cancelled');
    expect(view.cancelledAt).toBe('2026-10-02T11:00:00.000Z');
    expect(view.milestones.some((m) => m.state === 'next')).toBe(false);
  });

  it('cancelled with a deposit being checked: says so plainly, asks for nothing and promises no papers, and says the seller will be in touch about the money', () => {
    const input = orderAt('Cancelled', {
      history: [
        { to: 'DepositSubmitted', at: '2026-10-01T08:00:00.000Z' },
        { to: 'Cancelled', at: '2026-10-02T11:00:00.000Z' },
      ],
      receipts: [{ status: 'Pending', amount: 5000, currency: 'AED' }],
    });
    input.order.totalAmount = 25000.5;
    input.order.currency = 'AED';
    const view = trackingPageView(input);
    const en = renderTrackingPage(view, { language: 'en', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' });
    const ar = renderTrackingPage(view, { language: 'ar', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' });
    expect(en).toContain('This order was cancelled on 2 Oct 2026.');
    expect(en).toContain('We will contact you about the money we received for this order, your deposit included.');
    expect(en).toMatch(/Received, being checked<\/dt><dd><bdi dir="ltr">AED\s5,000\.00/);
    for (const nothingToPay of [
      'Still to pay',
      'Paid in full',
      'where your car is',
      'will appear here',
      'Delivered to you',
    ])
      expect(en).not.toContain(nothingToPay);
    expect(ar).toContain('تم إلغاء هذا الطلب في');
    expect(ar).toContain('سنتواصل معك بخصوص المبالغ التي استلمناها لهذا الطلب، بما فيها العربون.');
    for (const nothingToPay of ['المتبقي للدفع', 'مدفوع بالكامل', 'أين وصلت سيارتك', 'ستظهر هنا'])
      expect(ar).not.toContain(nothingToPay);
    expect(view.money.remaining).toBe(0);
    // The steps that will not come are not listed.
    expect(view.milestones.map((m) => m.key)).toEqual(['ordered']);
  });

  it('cancelled: an inspection that was booked is not shown as booked; one that was done still is', () => {
    const booked = orderAt('Cancelled', {
      history: [
        { to: 'InspectionScheduled', at: '2026-10-01T08:00:00.000Z' },
        { to: 'Cancelled', at: '2026-10-03T09:00:00.000Z' },
      ],
      inspections: [{ ...inspection, status: 'Pending', inspectionDate: '2026-12-05T07:00:00.000Z' }],
    });
    const view = trackingPageView(booked);
    expect(view.inspection).toBeUndefined();
    for (const language of ['en', 'ar'] as const) {
      const html = renderTrackingPage(view, { language, timeZone: 'Asia/Riyadh', brand: 'Riyadh Auto' });
      expect(html).not.toMatch(/Booked|Planned for|5 Dec 2026|محدد|الموعد المحدد/);
    }
    // Booked on the order alone (no inspection record): not shown either.
    expect(trackingPageView({ ...booked, inspections: [] }).inspection).toBeUndefined();

    const done = orderAt('Cancelled', {
      history: [
        { to: 'InspectionCompleted', at: '2026-10-06T12:00:00.000Z' },
        { to: 'Cancelled', at: '2026-10-08T09:00:00.000Z' },
      ],
      inspections: [{ ...inspection, completedAt: '2026-10-06T11:00:00.000Z' }],
    });
    expect(trackingPageView(done).inspection).toMatchObject({ state: 'completed', date: '2026-10-06T11:00:00.000Z' });
  });

  it('cancelled after paying from the wallet: the page says the amount went back to the wallet, as the cancellation did', () => {
    const input = orderAt('Cancelled', {
      history: [
        { to: 'InspectionScheduled', at: '2026-10-01T08:00:00.000Z' },
        { to: 'Cancelled', at: '2026-10-03T09:00:00.000Z' },
      ],
      receipts: [],
    });
    input.order.paidFromWallet = true;
    const refunded = { ...input, order: { ...input.order, refundedAt: '2026-10-03T09:00:00.000Z' } };
    const en = renderTrackingPage(trackingPageView(refunded), {
      language: 'en',
      timeZone: 'Asia/Dubai',
      brand: 'Gulf Motors',
    });
    const ar = renderTrackingPage(trackingPageView(refunded), {
      language: 'ar',
      timeZone: 'Asia/Dubai',
      brand: 'Gulf Motors',
    });
    expect(en).toContain('The amount paid from your wallet went back to your wallet on 3 Oct 2026.');
    expect(en).toMatch(/Returned to your wallet<\/dt><dd><bdi dir="ltr">US\$18,500\.00/);
    expect(ar).toContain('أُعيد المبلغ المدفوع من محفظتك إلى محفظتك في');
    for (const html of [en, ar]) expect(html).not.toMatch(/Still to pay|المتبقي للدفع|will appear here|ستظهر هنا/);
    // Without a record of the refund, the page claims none.
    const unrecorded = renderTrackingPage(trackingPageView(input), {
      language: 'en',
      timeZone: 'Asia/Dubai',
      brand: 'Gulf Motors',
    });
    expect(unrecorded).not.toMatch(/went back to your wallet|Returned to your wallet|deposit/);
    expect(unrecorded).toContain('We will contact you about the amount paid from your wallet for this order.');
  });

  it('paid from the wallet: no deposit or payment steps, and the whole amount is paid', () => {
    const input = orderAt('InspectionScheduled', { receipts: [] });
    input.order.paidFromWallet = true;
    const view = trackingPageView(input);
    expect(view.milestones.map((m) => m.key)).not.toContain('depositConfirmed');
    expect(view.milestones.map((m) => m.key)).not.toContain('paymentConfirmed');
    expect(view.money).toMatchObject({ confirmed: 18500, remaining: 0, paidFromWallet: true });
    // Nothing on the page speaks of a deposit it never had, the steps' heading included.
    const en = renderTrackingPage(view, { language: 'en', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' });
    const ar = renderTrackingPage(view, { language: 'ar', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' });
    expect(en).toContain('From your order to delivery');
    expect(en).not.toMatch(/deposit/i);
    expect(ar).toContain('من طلبك حتى التسليم');
    expect(ar).not.toContain('العربون');
  });

  it('a step reached without a record of the steps before it still shows those steps behind the buyer', () => {
    const input = orderAt('Purchased', { history: [{ to: 'Purchased', at: '2026-10-10T08:00:00.000Z' }] });
    const states = trackingPageView(input).milestones.map((m) => m.state);
    expect(states.slice(0, 7)).toEqual(['done', 'done', 'done', 'done', 'done', 'done', 'done']);
    expect(states[7]).toBe('next');
  });

  it('never carries staff notes, the customer ID number, other staff or the keys, in the view or on the page', () => {
    const input = shipped();
    // As the stored contract carries it: the ID number must not travel with the contract's link.
    (input.signedContract as Record<string, unknown>).customerIdNumber = '784-1990-1234567-1';
    const view = trackingPageView(input);
    const html = ['en', 'ar']
      .map((language) =>
        renderTrackingPage(view, { language: language as 'en' | 'ar', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' }),
      )
      .join('');
    for (const text of [JSON.stringify(view), html]) {
      expect(text).not.toContain('INTERNAL');
      expect(text).not.toContain('784-1990');
      expect(text).not.toContain('key-secret-id');
      expect(text).not.toContain('omar@dealer.example');
      expect(text).not.toContain('layla@example.com');
      // The full VIN identifies the car to anyone; the buyer sees its ending.
      expect(text).not.toContain('KMHL14JA5MA');
    }
  });
});

describe("the buyer's page (HTML)", () => {
  const view = trackingPageView(shipped());

  it('is right to left in Arabic and left to right in English, with no script, and allows only its own style', () => {
    const ar = renderTrackingPage(view, { language: 'ar', timeZone: 'Asia/Riyadh', brand: 'Gulf Motors' });
    const en = renderTrackingPage(view, { language: 'en', timeZone: 'Asia/Riyadh', brand: 'Gulf Motors' });
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(ar).toContain('غادرت كوريا');
    expect(en).toContain('Left Korea');
    for (const html of [ar, en]) {
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).toContain('Hoegh Target');
      expect(Buffer.byteLength(html)).toBeLessThan(60_000);
    }
    expect(TRACKING_STYLE_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(en).toContain('href="?lang=ar"');
    // The colour in the reader's words.
    expect(ar).toContain('<dd>أبيض لؤلؤي</dd>');
    expect(en).toContain('<dd>Pearl white</dd>');
  });

  it('shows days as days and instants on the tenant calendar', () => {
    const en = renderTrackingPage(view, { language: 'en', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' });
    // ETA 2026-11-18 is a day: the same day whatever the zone.
    expect(en).toContain('18 Nov 2026');
    // Signed at 2026-10-07T08:00Z, on the 7th in Dubai.
    expect(en).toContain('7 Oct 2026');
  });

  it('shows the inspection done on the day it was done, as the steps do, and a booked one on its planned day', () => {
    const input = orderAt('InspectionCompleted', {
      history: [
        { to: 'DepositSubmitted', at: '2026-11-01T08:00:00.000Z' },
        { to: 'DepositConfirmed', at: '2026-11-02T08:00:00.000Z' },
        { to: 'InspectionScheduled', at: '2026-11-03T08:00:00.000Z' },
        { to: 'InspectionCompleted', at: '2026-11-27T10:05:00.000Z' },
      ],
      inspections: [
        {
          ...inspection,
          inspectionDate: '2026-12-01T06:30:00.000Z',
          createdAt: '2026-11-03T08:00:00.000Z',
          completedAt: '2026-11-27T10:00:00.000Z',
          updatedAt: '2026-11-27T10:00:00.000Z',
        },
      ],
    });
    input.order.inspectionDate = '2026-12-01T06:30:00.000Z';
    const card = (i: TrackingPageInput) =>
      /<section aria-labelledby="inspection">.*?<\/section>/s.exec(
        renderTrackingPage(trackingPageView(i), { language: 'en', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' }),
      )?.[0] ?? '';
    const page = renderTrackingPage(trackingPageView(input), {
      language: 'en',
      timeZone: 'Asia/Dubai',
      brand: 'Gulf Motors',
    });
    expect(page).toContain('Car inspected<small>27 Nov 2026</small>');
    expect(card(input)).toContain('Completed');
    expect(card(input)).toContain('<dt>Done on</dt><dd>27 Nov 2026</dd>');
    expect(card(input)).not.toContain('1 Dec 2026');
    // Completed before completedAt was kept: it no longer changes, so its last update is when.
    const older = {
      ...input,
      inspections: [{ ...input.inspections[0]!, completedAt: undefined, updatedAt: '2026-11-27T10:00:00.000Z' }],
    };
    expect(card(older)).toContain('<dt>Done on</dt><dd>27 Nov 2026</dd>');
    // Booked: the planned day, said to be planned.
    const booked = orderAt('InspectionScheduled', {
      inspections: [
        {
          ...inspection,
          status: 'Pending',
          inspectionDate: '2026-12-01T06:30:00.000Z',
          createdAt: '2026-11-03T08:00:00.000Z',
        },
      ],
    });
    expect(card(booked)).toContain('<dt>Planned for</dt><dd>1 Dec 2026</dd>');
    expect(
      renderTrackingPage(trackingPageView(booked), { language: 'ar', timeZone: 'Asia/Dubai', brand: 'Gulf Motors' }),
    ).toContain('<dt>الموعد المحدد</dt>');
  });

  it("links each paper in the page's language when there is one, else the newest in another and says which", () => {
    const input = shipped();
    input.signedContract = { contractNumber: 2031, signedAt: '2026-10-07T08:00:00.000Z' };
    input.documents = [
      {
        type: 'contract',
        language: 'en',
        createdAt: '2026-10-07T09:00:00.000Z',
        url: 'https://bucket.example/contract-en.pdf',
      },
      {
        type: 'contract',
        language: 'ar',
        createdAt: '2026-10-07T09:05:00.000Z',
        url: 'https://bucket.example/contract-ar.pdf',
      },
      {
        type: 'proforma-invoice',
        language: 'en',
        createdAt: '2026-10-07T10:00:00.000Z',
        url: 'https://bucket.example/pi-en.pdf',
      },
      {
        type: 'proforma-invoice',
        language: 'ar',
        createdAt: '2026-10-07T10:05:00.000Z',
        url: 'https://bucket.example/pi-ar.pdf',
      },
      {
        type: 'customs-invoice',
        language: 'ar',
        createdAt: '2026-10-16T10:00:00.000Z',
        url: 'https://bucket.example/ci-ar.pdf',
      },
    ];
    const links = (language: 'en' | 'ar') =>
      [
        ...renderTrackingPage(trackingPageView(input), {
          language,
          timeZone: 'Asia/Dubai',
          brand: 'Gulf Motors',
        }).matchAll(/<li><a href="([^"]*)"[^>]*>([^<]*)<\/a>([^<]*)/g),
      ].map(([, url, label, after]) => `${label}${after} → ${url}`);
    expect(links('en')).toEqual([
      'Signed sales contract #2031  → https://bucket.example/contract-en.pdf',
      'Proforma invoice  → https://bucket.example/pi-en.pdf',
      'Commercial invoice (for customs) (Arabic)  → https://bucket.example/ci-ar.pdf',
      'Inspection report → https://photos.example/report.pdf',
    ]);
    expect(links('ar')).toEqual([
      'عقد البيع الموقّع #2031  → https://bucket.example/contract-ar.pdf',
      'الفاتورة المبدئية  → https://bucket.example/pi-ar.pdf',
      'الفاتورة التجارية (للجمارك)  → https://bucket.example/ci-ar.pdf',
      'تقرير الفحص → https://photos.example/report.pdf',
    ]);
  });

  it("offers the page the newest PDF of each type in each language, and only the signed contract's", () => {
    const made = (type: string, language: 'en' | 'ar', version: number, contractId?: string) => ({
      type,
      language,
      version,
      ...(contractId ? { contractId } : {}),
    });
    const documents = [
      made('proforma-invoice', 'en', 1),
      made('proforma-invoice', 'ar', 2),
      made('proforma-invoice', 'en', 3),
      made('customs-invoice', 'ar', 1),
      made('contract', 'en', 1, 'signed'),
      made('contract', 'ar', 2, 'draft-after'),
      made('contract', 'ar', 3, 'signed'),
    ];
    expect(new Set(documentsToLink(documents, 'signed'))).toEqual(
      new Set([
        made('proforma-invoice', 'en', 3),
        made('proforma-invoice', 'ar', 2),
        made('customs-invoice', 'ar', 1),
        made('contract', 'en', 1, 'signed'),
        made('contract', 'ar', 3, 'signed'),
      ]),
    );
    // No signed contract (or one with its own signed file): no contract PDF.
    expect(documentsToLink(documents, undefined).map((d) => d.type)).not.toContain('contract');
  });

  it('escapes what people typed', () => {
    const input = orderAt('DepositSubmitted');
    input.order.customer = { name: '<img src=x onerror=alert(1)>' };
    const html = renderTrackingPage(trackingPageView(input), {
      language: 'en',
      timeZone: 'UTC',
      brand: 'A & B "Motors"',
    });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('A &amp; B &quot;Motors&quot;');
  });

  it('answers every link that does not work with the same page', () => {
    expect(renderRefusalPage('notFound', 'en')).toBe(renderRefusalPage('notFound', 'en'));
    expect(renderRefusalPage('notFound', 'ar')).toContain('dir="rtl"');
    expect(renderRefusalPage('notFound', 'en')).not.toMatch(/<script/i);
  });
});

describe('colours on the page', () => {
  it('names a colour made of known words in Arabic, the shade after it, and keeps any other as recorded', () => {
    expect(colourName('White', 'ar')).toBe('أبيض');
    expect(colourName('Pearl White', 'ar')).toBe('أبيض لؤلؤي');
    expect(colourName('dark  grey', 'ar')).toBe('رمادي داكن');
    expect(colourName('Pearl White', 'en')).toBe('Pearl White');
    expect(colourName('Snow White Pearl Mica', 'ar')).toBe('Snow White Pearl Mica');
    expect(colourName('Black and white', 'ar')).toBe('Black and white');
    expect(colourName('Pearl', 'ar')).toBe('Pearl');
  });
});

describe('ports on the page', () => {
  it('names a listed UN/LOCODE in the page language and keeps any other port as recorded', () => {
    expect(portName('KRPTK', 'en')).toBe('Pyeongtaek (KRPTK)');
    expect(portName('aejea', 'ar')).toBe('جبل علي (AEJEA)');
    expect(portName('Port Rashid', 'en')).toBe('Port Rashid');
    expect(portName('ZZZZZ', 'en')).toBe('ZZZZZ');
  });
});
