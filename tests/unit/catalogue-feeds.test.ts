import { describe, expect, it } from 'vitest';
import { PRICE_HISTORY_LIMIT } from '../../lib/domain/car.js';
import {
  changeInstant,
  checkRemovals,
  feedKey,
  feedLocation,
  holdReason,
  isStale,
  withPrice,
} from '../../lib/domain/catalogue-feeds.js';
import {
  type CarChange,
  decodeJournal,
  emptyJournal,
  encodeJournal,
  firstAfter,
  journalWith,
} from '../../lib/catalogue/changes.js';
import { toRow } from '../../lib/catalogue/car-row.js';
import { readFeedLine } from '../../lib/catalogue/feed-lines.js';
import { generateCatalogue } from '../../scripts/demo-catalogue/generate.js';

const car = {
  ...generateCatalogue({ count: 1, seed: 5, imageBaseUrl: 'http://127.0.0.1/img' })[0]!,
  provider: 'kcar' as const,
};

describe('where a feed file is', () => {
  it('reads the provider and kind from feeds/{provider}/{full|delta}/name, gzip from .gz', () => {
    expect(feedLocation('feeds/kcar/full/2026-11-26.ndjson.gz')).toEqual({
      ok: true,
      provider: 'kcar',
      kind: 'full',
      gzip: true,
    });
    expect(feedLocation('feeds/glovis/delta/a/b.ndjson')).toEqual({
      ok: true,
      provider: 'glovis',
      kind: 'delta',
      gzip: false,
    });
  });

  it('refuses keys that are not a feed, saying why', () => {
    expect(feedLocation('feeds/encar/full/x.ndjson')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"encar" is not a provider'),
    });
    expect(feedLocation('feeds/kcar/weekly/x.ndjson')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('full or delta'),
    });
    expect(feedLocation('feeds/kcar/full/')).toMatchObject({ ok: false });
    expect(feedLocation('catalogue/kcar/full/x.ndjson')).toMatchObject({ ok: false });
  });

  it('gives an uploaded file a timestamped key of its provider and kind, its name made safe', () => {
    const key = feedKey('sk', 'delta', '/tmp/my cars (1).ndjson', new Date('2026-11-26T06:00:00.000Z'));
    expect(key).toBe('feeds/sk/delta/2026-11-26T06-00-00-000Z-my_cars__1_.ndjson');
    expect(feedLocation(key)).toMatchObject({ ok: true, provider: 'sk', kind: 'delta' });
  });
});

describe('the removal guard', () => {
  it('holds a full list that removes more than the share, and only then', () => {
    expect(checkRemovals(30, 100, 0.3)).toMatchObject({ share: 0.3, hold: false });
    expect(checkRemovals(31, 100, 0.3)).toMatchObject({ share: 0.31, hold: true });
    expect(checkRemovals(0, 0, 0.3)).toMatchObject({ share: 0, hold: false });
    expect(holdReason('kcar', checkRemovals(45, 100, 0.3))).toContain("45 of kcar's 100 cars (45%), more than the 30%");
  });
});

describe('a late provider', () => {
  const now = Date.parse('2026-11-26T12:00:00.000Z');
  it('is late once its last good feed is older than the set hours; never before its first feed', () => {
    expect(isStale('2026-11-25T00:00:01.000Z', now, 36)).toBe(false);
    expect(isStale('2026-11-24T23:59:59.000Z', now, 36)).toBe(true);
    expect(isStale(undefined, now, 36)).toBe(false);
  });
});

describe('price history', () => {
  it('adds a change only when the price moved, keeping the last ones', () => {
    expect(withPrice(undefined, undefined, 1500, 't1')).toBeUndefined();
    expect(withPrice(undefined, 1500, 1500, 't1')).toBeUndefined();
    expect(withPrice(undefined, 1500, 1450, 't1')).toEqual([{ at: 't1', from: 1500, to: 1450 }]);
    const long = Array.from({ length: PRICE_HISTORY_LIMIT }, (_, i) => ({ at: `t${i}`, from: i, to: i + 1 }));
    const next = withPrice(long, PRICE_HISTORY_LIMIT, 5, 'now')!;
    expect(next).toHaveLength(PRICE_HISTORY_LIMIT);
    expect(next.at(-1)).toEqual({ at: 'now', from: PRICE_HISTORY_LIMIT, to: 5 });
    expect(next[0]).toEqual(long[1]);
  });
});

describe('the instant a change reaches the list', () => {
  it('is never before the snapshot it follows, so later snapshots always sort after', () => {
    expect(changeInstant(1000, undefined)).toBe(1000);
    expect(changeInstant(1000, new Date(5000).toISOString())).toBe(5001);
    expect(changeInstant(9000, new Date(5000).toISOString())).toBe(9000);
  });
});

describe('the change journal', () => {
  const upsert = (id: number): CarChange => ({ kind: 'upsert', row: toRow({ ...car, id }), created: true });
  const remove = (id: number): CarChange => ({
    kind: 'remove',
    id,
    provider: 'kcar',
    advertisementNumber: `KC-${id}`,
    availability: 'sold',
    removedAt: '2026-11-26T06:00:00.000Z',
  });

  it('keeps each car once, at its last change, in order of instant then id, with how removed cars left', () => {
    const first = journalWith(emptyJournal(), [upsert(3), upsert(1), upsert(2)], 100, 0);
    const second = journalWith(first, [remove(1), upsert(5)], 200, 0);
    expect(second.id).toEqual([2, 3, 1, 5]);
    expect(second.time.map((t) => second.times[t])).toEqual([100, 100, 200, 200]);
    expect([...second.removed.keys()]).toEqual([1]);
    // Listed again: no longer removed.
    const third = journalWith(second, [upsert(1)], 300, 0);
    expect(third.removed.size).toBe(0);
    expect(third.id).toEqual([2, 3, 5, 1]);
  });

  it('drops entries older than the retention', () => {
    const first = journalWith(emptyJournal(), [upsert(1), remove(2)], 100, 0);
    const second = journalWith(first, [upsert(3)], 500, 200);
    expect(second.id).toEqual([3]);
    expect(second.removed.size).toBe(0);
  });

  it('finds the first change strictly after an instant', () => {
    const journal = journalWith(journalWith(emptyJournal(), [upsert(1), upsert(2)], 100, 0), [upsert(3)], 200, 0);
    expect(firstAfter(journal, 0)).toBe(0);
    expect(firstAfter(journal, 100)).toBe(2);
    expect(firstAfter(journal, 150)).toBe(2);
    expect(firstAfter(journal, 200)).toBe(3);
  });

  it('survives its file form', () => {
    const journal = journalWith(emptyJournal(), [upsert(1), remove(2)], 100, 0);
    expect(decodeJournal(encodeJournal(journal))).toEqual(journal);
  });
});

describe('a feed line', () => {
  it('is a car in a full list, taking the provider from the folder', () => {
    const { provider: _p, ...withoutProvider } = car;
    expect(readFeedLine(JSON.stringify(withoutProvider), 'kcar', 'full')).toMatchObject({
      ok: true,
      value: { op: 'upsert', car: { provider: 'kcar' } },
    });
    expect(readFeedLine(JSON.stringify({ op: 'upsert', ...car }), 'kcar', 'full')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('full list holds cars only'),
    });
  });

  it('says upsert or remove in a delta', () => {
    expect(readFeedLine(JSON.stringify({ op: 'upsert', ...car }), 'kcar', 'delta')).toMatchObject({
      ok: true,
      value: { op: 'upsert' },
    });
    expect(readFeedLine('{"op":"remove","advertisementNumber":"KC-1","availability":"sold"}', 'kcar', 'delta')).toEqual(
      {
        ok: true,
        value: { op: 'remove', provider: 'kcar', advertisementNumber: 'KC-1', availability: 'sold' },
      },
    );
    expect(readFeedLine('{"op":"remove","advertisementNumber":"KC-1","availability":"lost"}', 'kcar', 'delta')).toEqual(
      {
        ok: false,
        reason: 'availability must be one of sold, withdrawn; got "lost"',
      },
    );
    expect(readFeedLine(JSON.stringify(car), 'kcar', 'delta')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"upsert" or "remove"'),
    });
  });

  it('refuses another provider, bad JSON and bad fields with a reason; skips blank lines', () => {
    expect(readFeedLine(JSON.stringify({ ...car, provider: 'sk' }), 'kcar', 'full')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('"kcar"'),
    });
    expect(readFeedLine('{oops', 'kcar', 'full')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not JSON'),
    });
    expect(readFeedLine('[1,2]', 'kcar', 'full')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('JSON object'),
    });
    expect(readFeedLine(JSON.stringify({ ...car, year: 'old' }), 'kcar', 'full')).toMatchObject({
      ok: false,
      reason: 'year must be a whole number, e.g. 1900; got "old"',
    });
    expect(readFeedLine('   ', 'kcar', 'full')).toBeUndefined();
  });

  it('words each refused field as the API words a request field: what it takes, what came, a likely misspelling', () => {
    const { year: _year, ...withoutYear } = car;
    expect(readFeedLine(JSON.stringify({ ...withoutYear, fuelType: 'Petrol', colour: 'Red' }), 'kcar', 'full')).toEqual(
      {
        ok: false,
        advertisementNumber: car.advertisementNumber,
        reason:
          'year is required: a whole number, e.g. 1900. colour is not one of its fields; did you mean color? ' +
          'fuelType must be one of Gasoline, Diesel, LPG, Hybrid, Electric, Hydrogen; got "Petrol"',
      },
    );
    // Past three problems the reason says how many more there are.
    const many = readFeedLine(
      JSON.stringify({ ...car, year: 'old', price: -1, kilometers: -1, published: 'yes' }),
      'kcar',
      'full',
    );
    expect(many).toMatchObject({ ok: false, reason: expect.stringMatching(/ \(and 1 more\)$/) });
  });
});
