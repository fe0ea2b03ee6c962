import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeObject, putObject } from '../../lib/archive/feed-objects.js';
import { bucketName } from '../../lib/config.js';
import { getCar } from '../../lib/store/cars.js';
import { feedFileId, receiveFeedObject } from '../../lib/use-cases/catalogue-feeds/import-feed.js';
import { takeFeedLock } from '../../lib/store/feed-files.js';
import { generateCatalogue } from '../../scripts/demo-catalogue/generate.js';
import { api, demoKey } from '../support/http.js';
import { createOrder, newCustomer } from '../support/orders.js';
import { listChatLog } from '../../lib/store/chat-log.js';
import { about, DEMO_OPERATIONS } from '../support/outbox.js';

/**
 * Providers' feeds dropped in the bucket, as an auction house's export job would: nothing is run
 * by hand, the stack's feed runner (S3 events and a schedule in AWS) imports them. Only
 * heydealer's feeds are used here, and full lists always keep every heydealer car the other
 * tests see, so they remove only cars this file listed.
 */
const PROVIDER = 'heydealer';
const platform = () => demoKey('platform');
const until = async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> => {
  let value = await read();
  for (const deadline = Date.now() + ms; !done(value); value = await read()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return value;
};

/** Cars of this file: its own listing numbers and a title word no other test uses. */
function carsOf(token: string, count: number, seed = 11) {
  return generateCatalogue({ count, seed, imageBaseUrl: 'http://127.0.0.1/img' }).map((car, i) => ({
    ...car,
    provider: PROVIDER,
    advertisementNumber: `${token}-${i}`,
    title: `${car.title} ${token}`,
    published: true,
  }));
}

/** Puts a feed in the bucket and waits until its import settles; returns its report. */
async function drop(
  kind: 'full' | 'delta',
  name: string,
  lines: unknown[],
  options: { gzip?: boolean; raw?: string } = {},
) {
  const text = options.raw ?? `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`;
  const key = `feeds/${PROVIDER}/${kind}/${name}${options.gzip ? '.ndjson.gz' : '.ndjson'}`;
  await putObject(bucketName(), key, options.gzip ? gzipSync(text) : text, 'application/x-ndjson');
  const object = (await describeObject(bucketName(), key))!;
  const id = feedFileId(key, object.etag);
  const report = await until(
    `${key} to settle`,
    () => api('GET', `/api/v1/catalogue/feeds/${id}`, { key: platform() }),
    (r) => r.status === 200 && ['applied', 'refused', 'held', 'discarded'].includes(r.body.data.status),
  );
  return report.body.data;
}

const search = (token: string, extra = '') =>
  api('GET', `/api/v1/cars?search=${token}&limit=50${extra}`, { key: demoKey('admin') });
const listed = (token: string, count: number) =>
  until(
    `${count} cars listed for ${token}`,
    () => search(token),
    (r) => r.body.meta?.total === count,
  );

/** Every heydealer car the list shows now but this test's, as feed lines (the full lists below keep them all). */
async function heydealerCarsBut(token: string): Promise<Array<Record<string, unknown>>> {
  const lines: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page += 1) {
    const response = await api(
      'GET',
      `/api/v1/cars?provider=${PROVIDER}&limit=100&page=${page}&fields=id,advertisementNumber`,
      { key: platform() },
    );
    for (const listed of response.body.data as Array<{ id: number; advertisementNumber: string }>) {
      if (listed.advertisementNumber.startsWith(token)) continue;
      const { id: _id, availability: _a, removedAt: _r, priceHistory: _p, ...car } = (await getCar(listed.id))!;
      lines.push(car);
    }
    if (page >= response.body.meta.totalPages) return lines;
  }
}

describe('catalogue feeds', () => {
  it('imports a delta dropped in the bucket with no command run, reports refused lines by number, and imports a file once', async () => {
    const token = `fd${Date.now().toString(36)}`;
    const cars = carsOf(token, 3);
    const lines = [
      { op: 'upsert', ...cars[0] },
      '{broken',
      { op: 'upsert', ...cars[1] },
      { op: 'upsert', ...cars[2], fuelType: 'Steam' },
      { op: 'upsert', ...cars[2] },
      { op: 'remove', advertisementNumber: `${token}-never`, availability: 'sold' },
      { op: 'upsert', ...cars[0], provider: 'kcar' },
    ];
    const report = await drop('delta', `${token}-1`, lines);
    expect(report).toMatchObject({
      status: 'applied',
      kind: 'delta',
      provider: PROVIDER,
      counts: { read: 7, created: 3, refused: 4 },
    });
    expect(report.refusedLines.map((r: { line: number }) => r.line)).toEqual([2, 4, 6, 7]);
    expect(report.refusedLines[1].reason).toContain('fuelType');
    expect(report.refusedLines[2].reason).toContain(`${token}-never`);
    expect(report.refusedLines[3].reason).toContain('"heydealer"');
    await listed(token, 3);

    // The same bytes under the same key (one ETag): the import does not run again.
    const again = await drop('delta', `${token}-1`, lines);
    expect(again.id).toBe(report.id);
    expect(again.finishedAt).toBe(report.finishedAt);
  });

  it('removes sold cars and keeps their record, keeps price history, lists changes since an instant, refuses orders on a sold car, and tells integrators with open orders', async () => {
    const token = `fr${Date.now().toString(36)}`;
    const cars = carsOf(token, 3, 12);
    await drop(
      'delta',
      `${token}-1`,
      cars.map((c) => ({ op: 'upsert', ...c })),
    );
    const before = (await listed(token, 3)).body.data as Array<{
      id: number;
      advertisementNumber: string;
      price: number;
    }>;
    const idOf = (i: number) => before.find((c) => c.advertisementNumber === `${token}-${i}`)!.id;
    const since = (await api('GET', `/api/v1/cars/${idOf(0)}`, { key: platform() })).body.data;
    expect(since.availability).toBe('available');

    // An order on car 1, which the next delta reprices and car 2 which it sells.
    const customer = await newCustomer();
    const onRepriced = await createOrder(demoKey('admin'), {
      customerId: customer.id,
      carId: idOf(1),
      totalAmount: 20000,
      currency: 'USD',
    });
    const onSold = await createOrder(demoKey('admin'), {
      customerId: customer.id,
      carId: idOf(2),
      totalAmount: 20000,
      currency: 'USD',
    });
    expect(onRepriced.status).toBe(201);
    expect(onSold.status).toBe(201);

    const changedAfter = new Date().toISOString();
    const delta = await drop('delta', `${token}-2`, [
      { op: 'upsert', ...cars[1], price: cars[1]!.price + 100 },
      { op: 'remove', advertisementNumber: `${token}-2`, availability: 'sold' },
    ]);
    expect(delta).toMatchObject({ status: 'applied', counts: { updated: 1, repriced: 1, removed: 1 }, events: 2 });
    await listed(token, 2);

    const sold = await api('GET', `/api/v1/cars/${idOf(2)}`, { key: platform() });
    expect(sold.status).toBe(200);
    expect(sold.body.data).toMatchObject({ id: idOf(2), availability: 'sold' });
    expect(Date.parse(sold.body.data.removedAt)).toBeGreaterThan(Date.parse(changedAfter) - 1000);
    const repriced = await api('GET', `/api/v1/cars/${idOf(1)}`, { key: platform() });
    expect(repriced.body.data.price).toBe(cars[1]!.price + 100);
    expect(repriced.body.data.priceHistory).toEqual([
      { at: expect.any(String), from: cars[1]!.price, to: cars[1]!.price + 100 },
    ]);

    // The trims and counts no longer show the sold car either.
    const trims = await api('GET', `/api/v1/cars?search=${token}&limit=50&fields=id`, { key: platform() });
    expect(trims.body.data.map((c: { id: number }) => c.id)).not.toContain(idOf(2));

    const refused = await createOrder(demoKey('admin'), {
      customerId: customer.id,
      carId: idOf(2),
      totalAmount: 20000,
      currency: 'USD',
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CAR_UNAVAILABLE' });
    expect(refused.body.details[0]).toMatchObject({ field: 'body.carId', availability: 'sold' });

    // Mirroring: what changed since before the delta, the sold car included.
    const changes = await until(
      'the changes',
      () =>
        api('GET', `/api/v1/cars?updatedSince=${encodeURIComponent(changedAfter)}&provider=${PROVIDER}&limit=100`, {
          key: platform(),
        }),
      (r) => r.body.data?.some((c: { id: number }) => c.id === idOf(2)),
    );
    const byId = new Map(changes.body.data.map((c: { id: number }) => [c.id, c]));
    expect(byId.get(idOf(2))).toMatchObject({
      availability: 'sold',
      advertisementNumber: `${token}-2`,
      provider: PROVIDER,
    });
    expect(byId.get(idOf(1))).toMatchObject({ availability: 'available', price: cars[1]!.price + 100 });
    expect(byId.has(idOf(0))).toBe(false);
    const stamps = changes.body.data.map((c: { changedAt: string }) => c.changedAt);
    expect([...stamps].sort()).toEqual(stamps);
    const after = await api(
      'GET',
      `/api/v1/cars?updatedSince=${encodeURIComponent(stamps.at(-1))}&provider=${PROVIDER}`,
      { key: platform() },
    );
    expect(after.body.data.map((c: { id: number }) => c.id)).not.toContain(idOf(2));
    const combined = await api('GET', `/api/v1/cars?updatedSince=${encodeURIComponent(changedAfter)}&makeEn=Hyundai`, {
      key: platform(),
    });
    expect(combined.status).toBe(400);
    expect(combined.body.details[0].field).toBe('query.makeEn');

    // The tenant with open orders on those cars hears of both, on the event feed (and webhooks),
    // read as an integrator does: following the feed's cursor past the other tests' events.
    const ids = [String(idOf(1)), String(idOf(2))];
    const mine: Array<{ type: string; resource: { id: string }; data: Record<string, unknown> }> = [];
    let cursor: string | undefined;
    for (const deadline = Date.now() + 90_000; mine.length < 2; ) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for the car events: ${JSON.stringify(mine)}`);
      const page = await api(
        'GET',
        `/api/v1/events?limit=100&types=car.removed,car.repriced${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`,
        {
          key: demoKey('admin'),
        },
      );
      mine.push(...page.body.data.filter((e: { resource: { id: string } }) => ids.includes(e.resource.id)));
      if (page.body.data.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
      cursor = page.body.meta.nextCursor ?? cursor;
    }
    const removed = mine.find((e) => e.type === 'car.removed')!;
    expect(removed.data).toMatchObject({
      orderIds: [onSold.body.data.id],
      availability: 'sold',
      object: { id: idOf(2), availability: 'sold' },
    });
    const moved = mine.find((e) => e.type === 'car.repriced')!;
    expect(moved.data).toMatchObject({
      orderIds: [onRepriced.body.data.id],
      from: cars[1]!.price,
      to: cars[1]!.price + 100,
    });

    // The tenant's operations staff hear of both orders on WhatsApp: neither car was bought yet.
    const krw = (price: number) => `${(price * 10_000).toLocaleString('en-US')} KRW`;
    const alerts = await until(
      'the staff alerts',
      async () => listChatLog(1000, DEMO_OPERATIONS.phone),
      (log) => [onSold, onRepriced].every((order) => about(log, order.body.data.orderNumber).length > 0),
    );
    const [soldAlert] = about(alerts, onSold.body.data.orderNumber);
    expect(soldAlert).toMatchObject({ template: { name: 'vpo_order_car_sold' } });
    expect(soldAlert!.text).toMatch(
      new RegExp(
        `^Order #${onSold.body.data.orderNumber} \\(.+\\): the car was sold at auction before we bought it\\.`,
      ),
    );
    const [pricedAlert] = about(alerts, onRepriced.body.data.orderNumber);
    expect(pricedAlert).toMatchObject({ template: { name: 'vpo_order_car_repriced' } });
    expect(pricedAlert!.text).toContain(`price changed from ${krw(cars[1]!.price)} to ${krw(cars[1]!.price + 100)}.`);
  });

  it('applies a gzipped full list (its missing cars withdrawn), holds one that removes too much until confirmed, and holds a cut-off list until discarded', async () => {
    const token = `ff${Date.now().toString(36)}`;
    const cars = carsOf(token, 8, 13);
    await drop(
      'delta',
      `${token}-seed`,
      cars.map((c) => ({ op: 'upsert', ...c })),
    );
    await listed(token, 8);
    const status = (await api('GET', '/api/v1/catalogue/status', { key: platform() })).body.data;
    const limit: number = status.settings.maxRemovalShare;
    // Heydealer's other cars are listed as they are: a full list repeats what it does not change.
    const keep = await heydealerCarsBut(token);
    const listedCount = keep.length + cars.length;

    // One of this file's cars missing: a small share, applied at once, the car withdrawn.
    const one = await drop('full', `${token}-full-1`, [...keep, ...cars.slice(1)], { gzip: true });
    expect(1 / listedCount).toBeLessThanOrEqual(limit);
    expect(one).toMatchObject({ status: 'applied', kind: 'full', gzip: true, counts: { removed: 1 } });
    expect(one.removals).toMatchObject({ removing: 1, listed: listedCount });
    await listed(token, 7);
    const firstId = (
      await api(
        'GET',
        `/api/v1/cars?updatedSince=${encodeURIComponent(one.startedAt)}&provider=${PROVIDER}&limit=100`,
        { key: platform() },
      )
    ).body.data.find((c: { advertisementNumber: string }) => c.advertisementNumber === `${token}-0`);
    expect(firstId).toMatchObject({ availability: 'withdrawn' });

    // Four more missing: over the share, held with nothing changed, then applied once confirmed.
    const removing = Math.ceil(limit * (listedCount - 1)) + 1;
    const held = await drop('full', `${token}-full-2`, [...keep, ...cars.slice(1 + removing)]);
    expect(held.status).toBe('held');
    expect(held.reason).toContain(`${removing} of ${PROVIDER}'s`);
    expect((await search(token)).body.meta.total).toBe(7);
    const statusHeld = (await api('GET', '/api/v1/catalogue/status', { key: platform() })).body.data;
    expect(
      statusHeld.providers
        .find((p: { provider: string }) => p.provider === PROVIDER)
        .openFiles.map((f: { id: string }) => f.id),
    ).toContain(held.id);
    const confirmed = await api('POST', `/api/v1/catalogue/feeds/${held.id}/confirm`, { key: platform() });
    expect(confirmed.status).toBe(200);
    const applied = await until(
      'the confirmed list',
      () => api('GET', `/api/v1/catalogue/feeds/${held.id}`, { key: platform() }),
      (r) => r.body.data.status === 'applied',
    );
    expect(applied.body.data).toMatchObject({ counts: { removed: removing }, confirmedBy: expect.any(String) });
    await listed(token, 7 - removing);

    // A list cut off after its first line would remove nearly everything: held, then discarded.
    const cut = await drop('full', `${token}-full-3`, [], {
      raw: `${JSON.stringify(cars[7])}\n{"provider":"heydealer","advertisementNu`,
    });
    expect(cut.status).toBe('held');
    expect(cut.counts.created + cut.counts.updated).toBe(0);
    const discarded = await api('POST', `/api/v1/catalogue/feeds/${cut.id}/discard`, { key: platform() });
    expect(discarded.body.data.status).toBe('discarded');
    expect((await api('POST', `/api/v1/catalogue/feeds/${cut.id}/discard`, { key: platform() })).status).toBe(409);
    expect((await search(token)).body.meta.total).toBe(7 - removing);

    // A gzip cut off mid-stream is refused outright, before anything is written.
    const whole = gzipSync(
      `${cars.map((c) => JSON.stringify({ op: 'upsert', ...c, price: c.price + 1 })).join('\n')}\n`,
    );
    const key = `feeds/${PROVIDER}/delta/${token}-cut.ndjson.gz`;
    await putObject(bucketName(), key, whole.subarray(0, Math.floor(whole.length / 2)), 'application/gzip');
    const object = (await describeObject(bucketName(), key))!;
    const refused = await until(
      'the cut gzip',
      () => api('GET', `/api/v1/catalogue/feeds/${feedFileId(key, object.etag)}`, { key: platform() }),
      (r) => r.status === 200 && r.body.data.status === 'refused',
    );
    expect(refused.body.data.reason).toContain('cannot be read to its end');
    expect(refused.body.data.counts.updated).toBe(0);
  });

  it('keeps a car a full list names on a line it refuses, and counts a file of refused lines only as no good feed', async () => {
    const token = `fr${Date.now().toString(36)}`;
    const cars = carsOf(token, 3, 17);
    await drop(
      'delta',
      `${token}-seed`,
      cars.map((c) => ({ op: 'upsert', ...c })),
    );
    await listed(token, 3);
    const keep = await heydealerCarsBut(token);

    // Its first car on a line with a bad price: that line is refused and the car stays as it was, not withdrawn.
    const full = await drop('full', `${token}-full`, [...keep, { ...cars[0], price: 'x' }, ...cars.slice(1)]);
    expect(full).toMatchObject({ status: 'applied', counts: { removed: 0, refused: 1 } });
    expect(full.removals).toMatchObject({ removing: 0 });
    await listed(token, 3);

    // A delta of nothing but refused lines is a feed received, not a good one: the late-feed alarm keeps counting.
    const providerNow = async () =>
      (await api('GET', '/api/v1/catalogue/status', { key: platform() })).body.data.providers.find(
        (p: { provider: string }) => p.provider === PROVIDER,
      );
    const before = await providerNow();
    const junk = await drop('delta', `${token}-junk`, [
      'not json',
      { op: 'upsert', advertisementNumber: `${token}-x` },
      { op: 'teleport' },
    ]);
    expect(junk.counts).toMatchObject({ read: 3, refused: 3 });
    const after = await providerNow();
    expect(after.lastFeedAt > before.lastGoodFeedAt).toBe(true);
    expect(after.lastGoodFeedAt).toBe(before.lastGoodFeedAt);
  });

  it('shows the catalogue status and feed files to platform admins only', async () => {
    const status = await api('GET', '/api/v1/catalogue/status', { key: platform() });
    expect(status.status).toBe(200);
    expect(status.body.data.providers.map((p: { provider: string }) => p.provider)).toEqual([
      'glovis',
      'kcar',
      'lotte',
      'sk',
      'autohub',
      'heydealer',
    ]);
    const heydealer = status.body.data.providers.find((p: { provider: string }) => p.provider === PROVIDER);
    expect(heydealer).toMatchObject({
      stale: false,
      lastGoodFeedAt: expect.any(String),
      listedCars: expect.any(Number),
    });
    const files = await api('GET', `/api/v1/catalogue/feeds?provider=${PROVIDER}&limit=5`, { key: platform() });
    expect(files.body.data.length).toBeGreaterThan(0);
    expect(files.body.data[0]).not.toHaveProperty('refusedLines');
    const tenantAdmin = await api('GET', '/api/v1/catalogue/status', { key: demoKey('admin') });
    expect(tenantAdmin.status).toBe(403);
    const marketer = await api('GET', '/api/v1/catalogue/feeds', { key: demoKey('marketer') });
    expect(marketer.status).toBe(403);
    expect(
      (await api('GET', '/api/v1/catalogue/feeds/0123456789abcdef0123456789abcdef', { key: platform() })).status,
    ).toBe(404);
    expect((await api('GET', '/api/v1/catalogue/feeds/not-an-id', { key: platform() })).status).toBe(400);
  });
});

describe('a feed import cut off mid-way', () => {
  it('resumes from its saved place, after the lease of a worker that died runs out, and loses no car', async () => {
    // This process imports in steps of 10 lines and stops after its first step, as a Lambda does
    // when its time runs low; a "dead" worker then holds the provider's lock until its lease ends.
    process.env.FEED_CHUNK_LINES = '10';
    for (let attempt = 0; ; attempt += 1) {
      const token = `fc${Date.now().toString(36)}`;
      const cars = carsOf(token, 35, 14);
      const key = `feeds/${PROVIDER}/delta/${token}.ndjson`;
      await putObject(
        bucketName(),
        key,
        `${cars.map((c) => JSON.stringify({ op: 'upsert', ...c })).join('\n')}\n`,
        'application/x-ndjson',
      );
      const object = (await describeObject(bucketName(), key))!;
      // Its time is asked for before the provider's line, the file, the scan and the first step's
      // lines; after that step it has none left.
      let asked = 0;
      const cut = await receiveFeedObject(object, { remainingMs: () => (asked++ < 3 ? Number.POSITIVE_INFINITY : 0) });
      if (cut?.status !== 'importing') {
        // The stack's own runner took the file first and imported it whole: try again.
        expect(attempt).toBeLessThan(3);
        continue;
      }
      expect(cut.cursor).toBeGreaterThan(0);
      expect(cut.cursor).toBeLessThan(35);
      expect(cut.counts.created).toBe(cut.cursor);
      // A worker that died holding the lock: nobody takes the file over until its lease ends.
      const leaseUntil = Date.now() + 3000;
      if (!(await takeFeedLock(PROVIDER, cut.id, 'a-worker-that-died', Date.now(), leaseUntil))) {
        // The stack's own runner resumed the file between the cut and here: let it finish, and try again.
        expect(attempt).toBeLessThan(3);
        await until(
          "the runner's import",
          () => api('GET', `/api/v1/catalogue/feeds/${cut.id}`, { key: platform() }),
          (r) => r.body.data.status === 'applied',
        );
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await api('GET', `/api/v1/catalogue/feeds/${cut.id}`, { key: platform() })).body.data).toMatchObject({
        status: 'importing',
        cursor: cut.cursor,
      });
      const done = await until(
        'the resumed import',
        () => api('GET', `/api/v1/catalogue/feeds/${cut.id}`, { key: platform() }),
        (r) => r.body.data.status === 'applied',
      );
      expect(Date.parse(done.body.data.finishedAt)).toBeGreaterThanOrEqual(leaseUntil);
      expect(done.body.data.counts).toMatchObject({ read: 35, created: 35, refused: 0 });
      await listed(token, 35);
      return;
    }
  });
});
