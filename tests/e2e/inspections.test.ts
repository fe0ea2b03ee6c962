import { describe, expect, it } from 'vitest';
import { newStaffUser } from '../support/staff.js';
import { api, demoKey } from '../support/http.js';
import {
  DEMO_INSPECTOR,
  DEMO_MARKETER,
  GULF,
  orderAtInspectionScheduled,
  SEOUL,
  seoulKey,
  seoulOrder,
  UNKNOWN_ID,
} from '../support/order-children.js';
import {
  accountantKey,
  changeStatus,
  credit,
  inspectionDate,
  newCustomer,
  orderDetail,
  placeOrder,
  validateTransition,
} from '../support/orders.js';

const ops = () => demoKey('operations');
const inspector = () => demoKey('inspector');
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
const photo = (n: number, extra: Record<string, unknown> = {}) => ({
  url: `https://files.example.com/inspections/${n}.jpg`,
  ...extra,
});

const createInspection = (key: string, body: unknown) => api('POST', '/api/v1/inspections', { key, body });
const move = (id: string, key: string, body: unknown) =>
  api('PATCH', `/api/v1/inspections/${id}/status`, { key, body });

async function getInspection(id: string, key = ops()): Promise<any> {
  const res = await api('GET', `/api/v1/inspections/${id}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function inspectionsOf(orderId: string, key = ops()): Promise<any[]> {
  const res = await api('GET', `/api/v1/orders/${orderId}/inspections`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function freshOrder(overrides: Record<string, unknown> = {}): Promise<any> {
  const customer = await newCustomer();
  return placeOrder(accountantKey(), { customerId: customer.id, totalAmount: 4000, ...overrides });
}

/** An order paid from the wallet: it starts at InspectionScheduled with an inspectionDate. */
async function walletPaidOrder(): Promise<any> {
  const customer = await newCustomer();
  await credit(customer.walletId, 4000);
  return placeOrder(accountantKey(), {
    customerId: customer.id,
    totalAmount: 4000,
    useWalletBalance: true,
    inspectionDate: inspectionDate(),
  });
}

/** A Pending inspection assigned to the demo inspector (of a fresh order unless one is given). */
async function pending(body: Record<string, unknown> = {}, key = ops()): Promise<any> {
  const orderId = (body.orderId as string | undefined) ?? (await freshOrder()).id;
  const res = await createInspection(key, { inspectorId: DEMO_INSPECTOR, ...body, orderId });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** Moves an inspection through the given statuses, asserting each move succeeded. */
async function walk(id: string, statuses: string[], key = ops()): Promise<any> {
  let last: any;
  for (const status of statuses) {
    const res = await move(id, key, { status });
    expect(res.status, res.text).toBe(200);
    last = res.body.data;
  }
  return last;
}

/** Another inspector of a tenant, as a staff user. */
async function otherInspector(tenantId = GULF): Promise<string> {
  return newStaffUser('inspector', tenantId, { name: 'Other inspector' });
}

describe('POST /api/v1/inspections', () => {
  it('creates a Pending inspection with the fields given', async () => {
    const order = await freshOrder();
    const date = inspectionDate();
    const photos = [
      photo(1, {
        thumbnailUrl: 'https://files.example.com/inspections/1-thumb.jpg',
        type: 'exterior',
        caption: 'Front left',
        priority: 0,
        uploadedAt: '2026-11-20T09:00:00.000Z',
      }),
      photo(2),
    ];

    const res = await createInspection(ops(), {
      orderId: order.id,
      inspectorId: DEMO_INSPECTOR,
      inspectionDate: date,
      notes: 'Check the rear bumper',
      photos,
      pdfReportUrl: 'https://files.example.com/reports/1.pdf',
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      orderId: order.id,
      inspectorId: DEMO_INSPECTOR,
      status: 'Pending',
      inspectionDate: date,
      notes: 'Check the rear bumper',
      photos,
      pdfReportUrl: 'https://files.example.com/reports/1.pdf',
    });
    expect(res.body.data.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(res.body.data.tenantId).toBeUndefined();
    expect(Date.parse(res.body.data.createdAt)).not.toBeNaN();
  });

  it('creates a minimal inspection with empty defaults', async () => {
    const order = await freshOrder();

    const created = await pending({ orderId: order.id });

    expect(created).toMatchObject({
      status: 'Pending',
      inspectionDate: null,
      notes: null,
      photos: [],
      pdfReportUrl: null,
    });
  });

  it('takes the inspectionDate from the order when none is given', async () => {
    const order = await walletPaidOrder();

    const created = await pending({ orderId: order.id });

    expect(created.inspectionDate).toBe(order.inspectionDate);
  });

  it('lets an inspector key create an inspection', async () => {
    const order = await freshOrder();

    const res = await createInspection(inspector(), { orderId: order.id, inspectorId: DEMO_INSPECTOR });

    expect(res.status, res.text).toBe(201);
  });

  it.each([
    ['an unknown user', async () => 'nosuchinspector000000001'],
    ['a user who is a marketer, not an inspector', async () => DEMO_MARKETER],
    ['an inspector of another tenant', async () => otherInspector(SEOUL)],
  ])('answers 404 when the inspectorId is %s, and creates nothing', async (_label, inspectorOf) => {
    const order = await freshOrder();
    const inspectorId = await inspectorOf();

    const res = await createInspection(ops(), { orderId: order.id, inspectorId });

    expect(res.status, res.text).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(await inspectionsOf(order.id)).toEqual([]);
  });

  it.each([
    ['an unknown order', async () => UNKNOWN_ID],
    ['an order of another tenant', async () => (await seoulOrder()).id as string],
  ])('answers 404 for %s', async (_label, orderOf) => {
    const orderId = await orderOf();

    const res = await createInspection(ops(), { orderId, inspectorId: DEMO_INSPECTOR });

    expect(res.status).toBe(404);
    if (orderId !== UNKNOWN_ID) expect(await inspectionsOf(orderId, await seoulKey('operations'))).toEqual([]);
  });

  it.each([['accountant'], ['marketer'], ['integrator']] as const)(
    'answers 403 to a %s key and creates nothing',
    async (role) => {
      const order = await freshOrder({ marketerId: DEMO_MARKETER });

      const res = await createInspection(demoKey(role), { orderId: order.id, inspectorId: DEMO_INSPECTOR });

      expect(res.status).toBe(403);
      expect(await inspectionsOf(order.id)).toEqual([]);
    },
  );

  describe('malformed bodies', () => {
    it.each([
      ['no orderId', { orderId: undefined }, 'body.orderId'],
      ['no inspectorId', { inspectorId: undefined }, 'body.inspectorId'],
      ['an inspectionDate that is not a date-time', { inspectionDate: 'next week' }, 'body.inspectionDate'],
      ['photos that are not an array', { photos: photo(1) }, 'body.photos'],
      ['a photo without url', { photos: [{ caption: 'no url' }] }, 'body.photos[0].url'],
      ['a photo url that is not a URL', { photos: [photo(1), { url: 'photo.jpg' }] }, 'body.photos[1].url'],
      ['a photo with a negative priority', { photos: [photo(1, { priority: -1 })] }, 'body.photos[0].priority'],
      ['a photo priority that is a string', { photos: [photo(1, { priority: '1' })] }, 'body.photos[0].priority'],
      ['a photo with an unknown field', { photos: [photo(1, { exif: {} })] }, 'body.photos[0].exif'],
      [
        'a photo thumbnailUrl that is not a URL',
        { photos: [photo(1, { thumbnailUrl: 'thumb' })] },
        'body.photos[0].thumbnailUrl',
      ],
      [
        'a photo uploadedAt that is not a date-time',
        { photos: [photo(1, { uploadedAt: 'today' })] },
        'body.photos[0].uploadedAt',
      ],
      ['a pdfReportUrl that is not a URL', { pdfReportUrl: 'report.pdf' }, 'body.pdfReportUrl'],
      ['a status, which starts Pending', { status: 'Completed' }, 'body.status'],
    ])('answers 400 for %s and creates nothing', async (_label, change, field) => {
      const order = await freshOrder();
      const body = JSON.parse(JSON.stringify({ orderId: order.id, inspectorId: DEMO_INSPECTOR, ...change }));

      const res = await createInspection(ops(), body);

      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await inspectionsOf(order.id)).toEqual([]);
    });
  });
});

describe('PATCH /api/v1/inspections/{id}/status', () => {
  it('moves an inspection Pending -> InProgress -> Completed', async () => {
    const created = await pending();

    const started = await move(created.id, ops(), { status: 'InProgress' });
    const completed = await move(created.id, ops(), {
      status: 'Completed',
      pdfReportUrl: 'https://files.example.com/reports/9.pdf',
      notes: 'All good',
    });

    expect(started.status, started.text).toBe(200);
    // Each answer says where it may go next (what a screen offers): nowhere once it is done.
    expect(created.allowedStatusTransitions).toEqual(['InProgress', 'Cancelled']);
    expect(started.body.data).toMatchObject({
      id: created.id,
      status: 'InProgress',
      allowedStatusTransitions: ['Completed', 'Cancelled'],
    });
    expect(completed.body.data.allowedStatusTransitions).toEqual([]);
    expect(completed.status, completed.text).toBe(200);
    expect(completed.body.data).toMatchObject({
      id: created.id,
      status: 'Completed',
      pdfReportUrl: 'https://files.example.com/reports/9.pdf',
      notes: 'All good',
    });
    expect(await getInspection(created.id)).toEqual(completed.body.data);
  });

  it.each([
    ['Pending', []],
    ['InProgress', ['InProgress']],
  ])('cancels an inspection that is %s', async (_from, path) => {
    const created = await pending();
    await walk(created.id, path);

    const res = await move(created.id, ops(), { status: 'Cancelled' });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('Cancelled');
  });

  it.each([
    ['Pending', 'Completed', []],
    ['InProgress', 'InProgress', ['InProgress']],
    ['Completed', 'InProgress', ['InProgress', 'Completed']],
    ['Completed', 'Cancelled', ['InProgress', 'Completed']],
    ['Completed', 'Completed', ['InProgress', 'Completed']],
    ['Cancelled', 'InProgress', ['Cancelled']],
    ['Cancelled', 'Completed', ['InProgress', 'Cancelled']],
  ])('answers 409 INVALID_STATE for %s -> %s and changes nothing', async (from, to, path) => {
    const created = await pending();
    const before = (await walk(created.id, path)) ?? created;
    expect(before.status).toBe(from);

    const res = await move(created.id, ops(), { status: to });

    expect(res.status, res.text).toBe(409);
    expect(res.body).toMatchObject({ success: false, statusCode: 409, code: 'INVALID_STATE' });
    expect(await getInspection(created.id)).toEqual(before);
  });

  it('says where an inspection can go when a move skips a step', async () => {
    const created = await pending();
    const res = await move(created.id, ops(), { status: 'Completed' });
    expect(res.status, res.text).toBe(409);
    expect(res.body.error).toBe(
      'An inspection cannot move from Pending to Completed; from Pending it can move to InProgress or Cancelled',
    );
    expect(res.body.details).toEqual([
      {
        field: 'body.status',
        message: 'must be one of InProgress, Cancelled while the inspection is Pending',
        currentStatus: 'Pending',
        allowedStatuses: ['InProgress', 'Cancelled'],
      },
    ]);
  });

  it('appends photos, in order, while the inspection is not final', async () => {
    const created = await pending({ photos: [photo(1)] });

    const whilePending = await move(created.id, ops(), { photos: [photo(2), photo(3, { priority: 2 })] });
    const withMove = await move(created.id, ops(), { status: 'InProgress', photos: [photo(4)] });

    expect(whilePending.status, whilePending.text).toBe(200);
    expect(whilePending.body.data).toMatchObject({
      status: 'Pending',
      photos: [photo(1), photo(2), photo(3, { priority: 2 })],
    });
    expect(withMove.status, withMove.text).toBe(200);
    expect(withMove.body.data).toMatchObject({
      status: 'InProgress',
      photos: [photo(1), photo(2), photo(3, { priority: 2 }), photo(4)],
    });
  });

  it.each([
    ['Completed', ['InProgress', 'Completed']],
    ['Cancelled', ['Cancelled']],
  ])('refuses photos, notes and reports once the inspection is %s', async (_final, path) => {
    const created = await pending({ photos: [photo(1)] });
    const final = await walk(created.id, path);

    const photos = await move(created.id, ops(), { photos: [photo(2)] });
    const notes = await move(created.id, ops(), { notes: 'late note' });
    const report = await move(created.id, ops(), { pdfReportUrl: 'https://files.example.com/late.pdf' });

    expect([photos.status, notes.status, report.status]).toEqual([409, 409, 409]);
    expect(photos.body.code).toBe('INVALID_STATE');
    expect(await getInspection(created.id)).toEqual(final);
  });

  it('refuses with 400 photos that would take an inspection beyond 100, and keeps those it has', async () => {
    const created = await pending({ photos: Array.from({ length: 100 }, (_, i) => photo(i)) });

    const res = await move(created.id, ops(), { photos: [photo(100)] });

    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain('body.photos');
    expect((await getInspection(created.id)).photos).toHaveLength(100);
  });

  it('keeps every photo of concurrent appends that succeeded; the others are refused with 409', async () => {
    const created = await pending();

    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => move(created.id, ops(), { photos: [photo(100 + i)] })),
    );

    const statuses = results.map((r) => r.status);
    console.info(`8 concurrent photo appends: ${JSON.stringify(tally(statuses))}`);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    const stored = await getInspection(created.id);
    const accepted = results
      .filter((r) => r.status === 200)
      .map((r) => r.body.data.photos.at(-1).url)
      .sort();
    expect(stored.photos.map((p: { url: string }) => p.url).sort()).toEqual(accepted);
  });

  it('lets exactly one of 10 concurrent moves to InProgress win', async () => {
    const created = await pending();

    const results = await Promise.all(
      Array.from({ length: 10 }, () => move(created.id, ops(), { status: 'InProgress' })),
    );

    const counts = tally(results.map((r) => r.status));
    console.info(
      `10 concurrent moves to InProgress: ${JSON.stringify(counts)} (${results
        .filter((r) => r.status === 409)
        .map((r) => r.body.code)
        .join(', ')})`,
    );
    expect(counts[200]).toBe(1);
    expect(counts[409]).toBe(9);
    expect((await getInspection(created.id)).status).toBe('InProgress');
  });

  it.each([
    ['an empty body', {}, 'body'],
    ['the status Pending', { status: 'Pending' }, 'body.status'],
    ['an unknown status', { status: 'Done' }, 'body.status'],
    ['a photo without url', { photos: [{ caption: 'x' }] }, 'body.photos[0].url'],
    ['a photo with a negative priority', { photos: [photo(1, { priority: -0.5 })] }, 'body.photos[0].priority'],
    ['a photo with an unknown field', { photos: [photo(1, { width: 800 })] }, 'body.photos[0].width'],
    ['an unknown field', { status: 'InProgress', inspectorId: DEMO_INSPECTOR }, 'body.inspectorId'],
  ])('answers 400 for %s and changes nothing', async (_label, body, field) => {
    const created = await pending();

    const res = await move(created.id, ops(), body);

    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await getInspection(created.id)).toEqual(created);
  });

  it('answers 404 for an unknown inspection', async () => {
    const res = await move(UNKNOWN_ID, ops(), { status: 'InProgress' });

    expect(res.status).toBe(404);
  });

  describe('who may move', () => {
    it('lets the inspector key move an inspection assigned to its user', async () => {
      const created = await pending();

      const started = await move(created.id, inspector(), { status: 'InProgress', photos: [photo(1)] });
      const completed = await move(created.id, inspector(), { status: 'Completed' });

      expect([started.status, completed.status]).toEqual([200, 200]);
      expect(completed.body.data).toMatchObject({ status: 'Completed', photos: [photo(1)] });
    });

    it('answers 403 to the inspector key for an inspection assigned to another inspector, and changes nothing', async () => {
      const created = await pending({ inspectorId: await otherInspector() });

      const status = await move(created.id, inspector(), { status: 'InProgress' });
      const photos = await move(created.id, inspector(), { photos: [photo(1)] });

      expect([status.status, photos.status]).toEqual([403, 403]);
      expect(status.body.code).toBe('FORBIDDEN');
      expect(await getInspection(created.id)).toEqual(created);
    });

    it('lets operations and an admin key move inspections assigned to anyone', async () => {
      const created = await pending({ inspectorId: await otherInspector() });

      const started = await move(created.id, ops(), { status: 'InProgress' });
      const completed = await move(created.id, demoKey('platform'), { status: 'Completed' });

      expect([started.status, completed.status]).toEqual([200, 200]);
      expect(completed.body.data.status).toBe('Completed');
    });

    it.each([['accountant'], ['marketer'], ['integrator']] as const)('answers 403 to a %s key', async (role) => {
      const created = await pending({ orderId: (await freshOrder({ marketerId: DEMO_MARKETER })).id });

      const res = await move(created.id, demoKey(role), { status: 'InProgress' });

      expect(res.status).toBe(403);
      expect((await getInspection(created.id)).status).toBe('Pending');
    });
  });
});

describe('reading inspections', () => {
  it('returns one inspection by id as it was created', async () => {
    const created = await pending({ notes: 'n', photos: [photo(1)] });

    const read = await getInspection(created.id, inspector());

    expect(read).toEqual(created);
  });

  it("lists an order's inspections oldest first, and an empty list for an order without any", async () => {
    const order = await freshOrder();
    const first = await pending({ orderId: order.id, notes: 'first' });
    const second = await pending({ orderId: order.id, notes: 'second' });
    const other = await freshOrder();

    const listed = await inspectionsOf(order.id);
    const empty = await inspectionsOf(other.id);

    expect(listed).toEqual([first, second]);
    expect(empty).toEqual([]);
  });

  it('lists every inspection of an order, also when together they exceed one DynamoDB page (1 MB)', async () => {
    const order = await freshOrder();
    // 100 photos with presigned URLs of about 1 KB each: some 200 KB per inspection.
    const signed = (i: number, j: number, kind: string) =>
      `https://bucket.s3.amazonaws.com/inspections/${i}/${j}-${kind}.jpg?X-Amz-Signature=${'a'.repeat(950)}`;
    const created: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const photos = Array.from({ length: 100 }, (_, j) => ({
        url: signed(i, j, 'full'),
        thumbnailUrl: signed(i, j, 'thumb'),
      }));
      created.push((await pending({ orderId: order.id, photos })).id);
    }

    const listed = await inspectionsOf(order.id);

    expect(listed.map((i) => i.id)).toEqual(created);
  });

  it('answers 404 for an unknown inspection and an unknown order', async () => {
    const one = await api('GET', `/api/v1/inspections/${UNKNOWN_ID}`, { key: ops() });
    const list = await api('GET', `/api/v1/orders/${UNKNOWN_ID}/inspections`, { key: ops() });

    expect([one.status, list.status]).toEqual([404, 404]);
  });

  it('shows the latest inspection on the order detail', async () => {
    const order = await freshOrder();
    const none = await orderDetail(order.id);
    const older = await pending({ orderId: order.id });
    const newer = await pending({
      orderId: order.id,
      inspectionDate: inspectionDate(),
      pdfReportUrl: 'https://files.example.com/reports/n.pdf',
    });

    await walk(older.id, ['InProgress', 'Completed']);
    const detail = await orderDetail(order.id);

    expect(none.inspection).toBeNull();
    expect(detail.inspection).toEqual({
      id: newer.id,
      status: 'Pending',
      inspectionDate: newer.inspectionDate,
      pdfReportUrl: 'https://files.example.com/reports/n.pdf',
    });
  });
});

describe('isolation', () => {
  it("answers 404 to another tenant's keys on every inspection endpoint and changes nothing", async () => {
    const created = await pending();
    const [seoulOps, seoulInspector] = await Promise.all([seoulKey('operations'), seoulKey('inspector')]);

    const one = await api('GET', `/api/v1/inspections/${created.id}`, { key: demoKey('integrator', 'seoul') });
    const list = await api('GET', `/api/v1/orders/${created.orderId}/inspections`, {
      key: demoKey('integrator', 'seoul'),
    });
    const create = await createInspection(seoulOps, { orderId: created.orderId, inspectorId: DEMO_INSPECTOR });
    const moved = await move(created.id, seoulOps, { status: 'Cancelled' });
    const movedByInspector = await move(created.id, seoulInspector, { photos: [photo(1)] });

    expect([one.status, list.status, create.status, moved.status, movedByInspector.status]).toEqual([
      404, 404, 404, 404, 404,
    ]);
    expect(await inspectionsOf(created.orderId)).toEqual([created]);
  });

  it('answers 404 to a marketer for an inspection of an order not assigned to them, and shows those of their own orders', async () => {
    const notMine = await pending();
    const mine = await pending({ orderId: (await freshOrder({ marketerId: DEMO_MARKETER })).id });

    const hidden = await api('GET', `/api/v1/inspections/${notMine.id}`, { key: demoKey('marketer') });
    const shown = await api('GET', `/api/v1/inspections/${mine.id}`, { key: demoKey('marketer') });

    expect(hidden.status).toBe(404);
    expect(shown.status).toBe(200);
  });
});

describe('order lifecycle with inspections', () => {
  it('lets the inspector move a wallet-paid order to InspectionCompleted only once an inspection is Completed', async () => {
    const order = await walletPaidOrder();
    const created = await pending({ orderId: order.id });

    const whilePending = await changeStatus(order.id, inspector(), { status: 'InspectionCompleted', version: 1 });
    await walk(created.id, ['InProgress', 'Completed'], inspector());
    const check = await validateTransition(order.id, inspector(), 'InspectionCompleted');
    const moved = await changeStatus(order.id, inspector(), { status: 'InspectionCompleted', version: 1 });

    expect(whilePending.status).toBe(422);
    expect(whilePending.body.code).toBe('INVALID_TRANSITION');
    expect(whilePending.body.details[0].missingRequirements).toEqual([
      expect.objectContaining({ type: 'inspection', code: 'COMPLETED_INSPECTION_REQUIRED' }),
    ]);
    expect(check.body.data).toMatchObject({ valid: true, missingRequirements: [] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'InspectionCompleted', version: 2, progress: 35 });
  });

  it('walks a deposit-paid order from DepositSubmitted to InspectionCompleted; without a Completed inspection the last move is 422', async () => {
    const order = await orderAtInspectionScheduled();
    expect(order).toMatchObject({ status: 'InspectionScheduled', version: 3 });

    const without = await changeStatus(order.id, inspector(), { status: 'InspectionCompleted', version: 3 });
    const cancelled = await pending({ orderId: order.id });
    await walk(cancelled.id, ['Cancelled']);
    const withCancelled = await changeStatus(order.id, inspector(), { status: 'InspectionCompleted', version: 3 });
    const completed = await pending({ orderId: order.id });
    await walk(completed.id, ['InProgress', 'Completed']);
    const moved = await changeStatus(order.id, inspector(), { status: 'InspectionCompleted', version: 3 });

    for (const refused of [without, withCancelled]) {
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: 'INVALID_TRANSITION',
        details: [
          expect.objectContaining({
            missingRequirements: [
              { type: 'inspection', code: 'COMPLETED_INSPECTION_REQUIRED', message: expect.any(String) },
            ],
          }),
        ],
      });
    }
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'InspectionCompleted', version: 4 });
    const detail = await orderDetail(order.id);
    expect(detail.inspection).toMatchObject({
      id: completed.id,
      status: 'Completed',
      inspectionDate: order.inspectionDate,
    });
    expect(detail.statusHistory.map((h: { to: string }) => h.to)).toEqual([
      'DepositSubmitted',
      'DepositConfirmed',
      'InspectionScheduled',
      'InspectionCompleted',
    ]);
  });

  it('schedules the order with the date its inspection was created with, so staff give it once', async () => {
    // Arrange: deposit confirmed, then the inspection booked with its date
    const order = await freshOrder({ receiptAmount: 400 });
    expect(
      (await api('PATCH', `/api/v1/billing/${order.depositReceiptId}/confirm`, { key: accountantKey() })).status,
    ).toBe(200);
    expect((await changeStatus(order.id, accountantKey(), { status: 'DepositConfirmed', version: 1 })).status).toBe(
      200,
    );
    const when = inspectionDate();
    await pending({ orderId: order.id, inspectionDate: when });

    // Act
    const check = await validateTransition(order.id, ops(), 'InspectionScheduled');
    const moved = await changeStatus(order.id, ops(), { status: 'InspectionScheduled', version: 2 });

    // Assert
    expect(check.body.data).toMatchObject({ valid: true, missingRequirements: [] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'InspectionScheduled', inspectionDate: when });
  });

  it('still asks for the date when neither the move, the order nor a live inspection has one', async () => {
    const order = await freshOrder({ receiptAmount: 400 });
    expect(
      (await api('PATCH', `/api/v1/billing/${order.depositReceiptId}/confirm`, { key: accountantKey() })).status,
    ).toBe(200);
    expect((await changeStatus(order.id, accountantKey(), { status: 'DepositConfirmed', version: 1 })).status).toBe(
      200,
    );
    const dated = await pending({ orderId: order.id, inspectionDate: inspectionDate() });
    await walk(dated.id, ['Cancelled']);

    const moved = await changeStatus(order.id, ops(), { status: 'InspectionScheduled', version: 2 });

    expect(moved.status).toBe(422);
    expect(moved.body.details[0].missingRequirements).toEqual([
      { type: 'field', code: 'INSPECTION_DATE_REQUIRED', message: expect.stringContaining('POST /inspections') },
    ]);
  });

  it('answers 403 to operations moving the order to InspectionCompleted, even with a Completed inspection', async () => {
    const order = await walletPaidOrder();
    const created = await pending({ orderId: order.id });
    await walk(created.id, ['InProgress', 'Completed']);

    const res = await changeStatus(order.id, ops(), { status: 'InspectionCompleted', version: 1 });

    expect(res.status).toBe(403);
    expect((await orderDetail(order.id)).status).toBe('InspectionScheduled');
  });
});
