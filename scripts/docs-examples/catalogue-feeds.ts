import { call, until } from './recorder.js';
import type { Keys } from './walk-data.js';

/** Puts a provider's feed in the bucket, as its export job would, and waits for the import to settle. */
async function dropFeed(platform: string, key: string, lines: unknown[]): Promise<string> {
  // Loaded once the stack has set the environment: the S3 client takes its endpoint when it is made.
  const [{ describeObject, putObject }, { bucketName }, { feedFileId }] = await Promise.all([
    import('../../lib/archive/feed-objects.js'),
    import('../../lib/config.js'),
    import('../../lib/use-cases/catalogue-feeds/import-feed.js'),
  ]);
  await putObject(
    bucketName(),
    key,
    `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`,
    'application/x-ndjson',
  );
  const id = feedFileId(key, (await describeObject(bucketName(), key))!.etag);
  await until(`the feed ${key}`, async () => {
    const read = await call('getFeedFile', { key: platform, path: { id }, skip: true, expect: 200 }).catch(
      () => undefined,
    );
    return read && ['applied', 'held', 'refused'].includes(read.body.data.status) ? true : undefined;
  });
  return id;
}

/** Catalogue feeds: providers' files dropped in the bucket (platform admins watch them). Open orders on two listed cars hear that one was repriced and the other sold. */
export async function catalogueFeeds(
  keys: Keys,
  customerId: string,
  listed: Array<{ id: number; provider: string }>,
): Promise<void> {
  const { admin, platform } = keys;
  const [repriced, sold] = await Promise.all(
    listed
      .slice(0, 2)
      .map(async (c) => (await call('getCar', { key: admin, path: { id: c.id }, skip: true })).body.data),
  );
  for (const car of [repriced, sold])
    await call('createOrder', {
      key: admin,
      body: { customerId, carId: car.id, totalAmount: 18500, currency: 'USD' },
      skip: true,
    });
  const line = ({ id: _id, availability: _a, priceHistory: _p, removedAt: _r, ...car }: Record<string, unknown>) => car;
  for (const [change, car] of [
    [{ op: 'upsert', ...line(repriced), price: Number(repriced.price) + 20 }, repriced],
    [{ op: 'remove', advertisementNumber: sold.advertisementNumber, availability: 'sold' }, sold],
  ] as const) {
    const id = await dropFeed(platform, `feeds/${car.provider}/delta/2026-11-26-0600-${car.id}.ndjson`, [
      change,
      { op: 'remove', advertisementNumber: 'KC-0000000', availability: 'withdrawn' },
      '{"op":"upsert","provider":',
    ]);
    if (change.op === 'remove')
      await call('getFeedFile', {
        key: platform,
        path: { id },
        note: 'a delta: one car sold, one line naming a car the catalogue never had, one cut-off line',
      });
  }
  await call('getCar', { key: admin, path: { id: sold.id }, expect: 200, skip: true });
  await call('createOrder', {
    key: admin,
    body: { customerId, carId: sold.id, totalAmount: 18500, currency: 'USD' },
    expect: 409,
    note: "the car was sold at auction: its provider's feed removed it",
  });
  // A full list cut down to one car would remove nearly all of the provider's cars: held for a person.
  const full = (provider: string) =>
    dropFeed(platform, `feeds/${provider}/full/2026-11-26-0500.ndjson`, [
      { ...line(repriced), provider, advertisementNumber: `${provider.toUpperCase()}-0000001` },
    ]);
  const held = await full('sk');
  await call('getCatalogueStatus', {
    key: platform,
    note: "sk's full list is held: it would remove nearly all of sk's cars",
  });
  await call('listFeedFiles', { key: platform, query: { limit: 3 } });
  await call('discardFeedFile', {
    key: platform,
    path: { id: held },
    note: 'the provider sent a cut-down list by mistake: nothing changes',
  });
  await call('confirmFeedFile', {
    key: platform,
    path: { id: held },
    expect: 409,
    note: 'only a held file can be confirmed',
  });
  await call('discardFeedFile', {
    key: platform,
    path: { id: held },
    expect: 409,
    note: 'the file is discarded already',
  });
  const confirmed = await full('lotte');
  await call('confirmFeedFile', {
    key: platform,
    path: { id: confirmed },
    note: 'the provider really sold them: applied by the next run of the import',
  });
}
